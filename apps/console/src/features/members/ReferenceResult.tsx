import { formatReference, parseReference } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, formatTime } from '../../shared/ui/format';
import { useReferenceLookup } from './api/find-reference';

/** What a searched reference names: the deposit or withdrawal, whose it is, and the way to that member. */
export function ReferenceResult({ q }: { q: string }) {
  const { t } = useTranslation();
  const lookup = useReferenceLookup(q);
  const parsed = parseReference(q);
  if (!parsed) return null;
  if (lookup.isError) {
    return <p className="text-sm text-white/60" data-testid="reference-none">{t('members.referenceNone', { reference: formatReference(parsed.reference) })}</p>;
  }
  const item = lookup.data;
  if (!item) return null;
  return (
    <section className="rounded-xl border border-accent-300/40 bg-desk-900 p-4" data-testid="reference-result">
      <p className="text-xs font-semibold uppercase tracking-wide text-white/60">{t('members.referenceFound')}</p>
      <div className="mt-2 flex flex-wrap items-baseline gap-x-6 gap-y-2">
        <span className="font-mono text-lg font-bold">{formatReference(item.reference)}</span>
        <span>{t(`members.referenceKinds.${item.kind}`)}</span>
        <span className="font-mono font-bold text-accent-300">
          {formatMoney(item.amount, 'en', item.currency === 'LAK' ? 'LAK' : 'THB')} {item.currency}
        </span>
        <span>{t(`members.referenceStatus.${item.status}`)}</span>
        <span className="text-white/70">{formatTime(item.createdAt)}</span>
        <span className="text-white/70">{item.from} → {item.to}</span>
        {item.reason && <span className="text-rose-300">{item.reason}</span>}
      </div>
      <p className="mt-2">
        <Link className="text-accent-300 underline" to={`/members/${item.memberId}`} data-testid="reference-member">
          {item.memberName} · <span className="font-mono">{item.phone}</span>
        </Link>
      </p>
    </section>
  );
}
