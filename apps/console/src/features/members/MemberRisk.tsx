import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRiskDecisions } from '../../shared/api/risk-decisions';
import { errorText } from '../../shared/i18n';
import { CaseLink, OutcomeBadge, RiskAnswers, decisionMoney } from '../../shared/ui/RiskDecisionParts';
import { formatTime } from '../../shared/ui/format';

const RECENT = 10;

/** The member's latest risk decisions, whatever they were; releasing is done on the risk page. */
export function MemberRisk({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const decisions = useRiskDecisions({ outcome: 'all', memberId, limit: RECENT }, 1);
  return (
    <section className="space-y-2 rounded-xl border border-white/10 bg-desk-900 p-4" data-testid="member-risk">
      <div className="flex items-baseline justify-between gap-4">
        <h2 className="font-bold">{t('risk.memberTitle')}</h2>
        <Link to="/risk" className="text-sm text-accent-300 underline">{t('risk.memberHeld')}</Link>
      </div>
      {decisions.error && <p className="text-sm text-rose-300">{errorText(decisions.error)}</p>}
      {decisions.data?.length === 0 && <p className="text-sm text-white/50">{t('risk.memberNone')}</p>}
      {!!decisions.data?.length && (
        <table className="w-full text-sm">
          <thead className="text-left text-xs text-white/50">
            <tr>
              <th className="py-1 pr-3 font-normal">{t('risk.columns.time')}</th>
              <th className="py-1 pr-3 font-normal">{t('risk.columns.movement')}</th>
              <th className="py-1 pr-3 text-right font-normal">{t('risk.columns.amount')}</th>
              <th className="py-1 pr-3 font-normal">{t('risk.columns.outcome')}</th>
              <th className="py-1 font-normal">{t('risk.columns.rules')}</th>
            </tr>
          </thead>
          <tbody>
            {decisions.data.map((decision) => (
              <tr key={decision.id} className="border-t border-white/5 align-top" data-testid="member-risk-decision">
                <td className="whitespace-nowrap py-1 pr-3 text-white/70">{formatTime(decision.createdAt)}</td>
                <td className="py-1 pr-3">{t(`risk.movements.${decision.movement}`)}</td>
                <td className="whitespace-nowrap py-1 pr-3 text-right font-mono">{decisionMoney(decision)}</td>
                <td className="py-1 pr-3">
                  <OutcomeBadge outcome={decision.outcome} />
                  <CaseLink decision={decision} />
                  {decision.releasedBy && decision.releasedAt && <div className="text-xs text-white/50">{t('risk.releasedBy', { name: decision.releasedBy, time: formatTime(decision.releasedAt) })}</div>}
                </td>
                <td className="py-1"><RiskAnswers decision={decision} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
