import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../shared/ui/format';
import { useLatestMovements, useMemberCard } from './api/member-card';

/** Who the member is: name, phone, balances, latest movements, their condition, and a link to their page. */
export function MemberCard({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const member = useMemberCard(memberId).data;
  const movements = useLatestMovements(memberId).data;
  if (!member) return null;
  return (
    <aside className="space-y-3 rounded-xl border border-white/10 bg-desk-850 p-4 text-sm" data-testid="inbox-member">
      <div>
        <p className="font-semibold">{member.name}</p>
        <p className="font-mono text-white/70">{member.phone}</p>
      </div>
      <p>
        {t('inbox.wallet')}: <span className="font-mono">{formatMoney(member.wallet, 'en')}</span>
      </p>
      {member.condition && <p className="text-amber-300">{t('inbox.condition', { kind: t(`conditionKinds.${member.condition.kind}`, { defaultValue: member.condition.kind }), target: formatMoney(member.condition.successTarget, 'en') })}</p>}
      <div>
        <p className="mb-1 text-xs text-white/60">{t('inbox.latest')}</p>
        <ul className="space-y-1">
          {movements?.statements.map((entry, index) => (
            <li key={`${entry.createdAt}-${index}`} className="flex justify-between gap-2 text-xs">
              <span>{t(`statementTypes.${entry.statementType}`)}</span>
              <span className="font-mono">{formatMoney(entry.amount, 'en')}</span>
            </li>
          ))}
        </ul>
      </div>
      <Link to={`/members/${memberId}`} className="text-accent-300 underline">{t('inbox.memberPage')}</Link>
    </aside>
  );
}
