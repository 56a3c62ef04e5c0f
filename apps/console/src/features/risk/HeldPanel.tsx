import type { RiskDecision } from '@wallet/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../../shared/api/me';
import { useRiskDecisions } from '../../shared/api/risk-decisions';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { CaseLink, OutcomeBadge, RiskAnswers, decisionMoney } from '../../shared/ui/RiskDecisionParts';
import { formatTime } from '../../shared/ui/format';
import { ReleaseDialog } from './ReleaseDialog';

const PAGE_SIZE = 20;
const HELD = { outcome: 'held', limit: PAGE_SIZE } as const;

/** Reviews a release ends: they hold the member's withdrawals (a withdrawal's own review is the queue's, by two operators). */
const RELEASABLE_REVIEWS: readonly RiskDecision['movement'][] = ['deposit', 'reward', 'bank_account'];

/** What a release can lift: a block, or the review of a deposit, a reward or a bank-account change. */
export const isReleasable = (decision: RiskDecision) => decision.releasedAt === null && (decision.outcome === 'block' || (decision.outcome === 'review' && RELEASABLE_REVIEWS.includes(decision.movement)));

/** The decisions that were not approve, newest first, each with the rules that answered and a release where one applies. */
export function HeldPanel() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [releasing, setReleasing] = useState<RiskDecision | null>(null);
  const held = useRiskDecisions(HELD, page);
  const decisions = held.data ?? [];
  return (
    <div className="space-y-3" data-testid="risk-held">
      <p className="max-w-4xl text-sm text-white/60">{t('risk.heldAbout')}</p>
      {held.error && <p role="alert" className="text-sm text-rose-300">{errorText(held.error)}</p>}
      {held.data && decisions.length === 0 && <p className="text-white/50">{t('risk.noneHeld')}</p>}
      {decisions.length > 0 && (
        <table className="w-full rounded-xl bg-desk-900 text-sm">
          <thead className="text-left text-xs text-white/50">
            <tr>
              <th className="px-3 py-2 font-normal">{t('risk.columns.time')}</th>
              <th className="px-3 py-2 font-normal">{t('risk.columns.member')}</th>
              <th className="px-3 py-2 font-normal">{t('risk.columns.movement')}</th>
              <th className="px-3 py-2 text-right font-normal">{t('risk.columns.amount')}</th>
              <th className="px-3 py-2 font-normal">{t('risk.columns.outcome')}</th>
              <th className="px-3 py-2 font-normal">{t('risk.columns.rules')}</th>
              <th className="px-3 py-2 font-normal" />
            </tr>
          </thead>
          <tbody>
            {decisions.map((decision) => (
              <tr key={decision.id} className="border-t border-white/5 align-top" data-testid={`risk-decision-${decision.id}`}>
                <td className="whitespace-nowrap px-3 py-2 text-white/70">{formatTime(decision.createdAt)}</td>
                <td className="whitespace-nowrap px-3 py-2">
                  <Link className="text-accent-300 underline" to={`/members/${decision.memberId}`} data-testid="risk-decision-member">{t('risk.member', { id: decision.memberId })}</Link>
                  <CaseLink decision={decision} />
                </td>
                <td className="px-3 py-2">{t(`risk.movements.${decision.movement}`)}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right font-mono font-bold text-accent-300">{decisionMoney(decision)}</td>
                <td className="px-3 py-2"><OutcomeBadge outcome={decision.outcome} /></td>
                <td className="px-3 py-2"><RiskAnswers decision={decision} /></td>
                <td className="px-3 py-2 text-right">
                  <ReleaseCell decision={decision} onRelease={() => setReleasing(decision)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {(page > 1 || decisions.length === PAGE_SIZE) && (
        <div className="flex items-center gap-2 text-sm">
          <Button variant="secondary" disabled={page === 1} onClick={() => setPage(page - 1)}>{t('common.previous')}</Button>
          <span className="text-white/60">{page}</span>
          <Button variant="secondary" disabled={decisions.length < PAGE_SIZE} onClick={() => setPage(page + 1)}>{t('common.next')}</Button>
        </div>
      )}
      {releasing && <ReleaseDialog decision={releasing} onClose={() => setReleasing(null)} />}
    </div>
  );
}

function ReleaseCell({ decision, onRelease }: { decision: RiskDecision; onRelease(): void }) {
  const { t } = useTranslation();
  const me = useMe().data;
  if (decision.releasedBy && decision.releasedAt) return <span className="text-xs text-white/60" data-testid="risk-released">{t('risk.releasedBy', { name: decision.releasedBy, time: formatTime(decision.releasedAt) })}</span>;
  if (isReleasable(decision)) {
    const mine = decision.releaseProposedBy !== null && decision.releaseProposedBy === me?.username;
    return (
      <div className="space-y-1">
        {decision.releaseProposedBy && <div className="text-xs text-white/60" data-testid="risk-release-proposed">{t(mine ? 'risk.releaseYours' : 'risk.proposedBy', { name: decision.releaseProposedBy })}</div>}
        {!mine && <Button variant="secondary" onClick={onRelease} data-testid="risk-release">{t('risk.release')}</Button>}
      </div>
    );
  }
  if (decision.movement === 'withdrawal' && decision.outcome === 'review') {
    return (
      <Link to="/" className="text-xs text-accent-300 underline">
        {t('risk.inQueue')}
      </Link>
    );
  }
  return null;
}
