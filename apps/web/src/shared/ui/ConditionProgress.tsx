import type { ConditionStatus } from '@wallet/contract';
import { useTranslation } from '../i18n/useTranslation';
import { useMoneyFormat } from './Money';

/**
 * Where the member stands under a condition: the total against the withdrawal target,
 * the floor under which it may be ended marked on the same bar, and the exact figures, so nobody
 * has to ask support why a withdrawal is refused; the member's own deposits made meanwhile (kept
 * when it ends) and, once it may be ended, what ending would take now.
 */
export function ConditionProgress({ condition }: { condition: ConditionStatus }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const share = (value: number) => Math.max(0, Math.min(100, condition.successTarget > 0 ? (value / condition.successTarget) * 100 : 100));
  const reached = condition.total >= condition.successTarget;
  // Ending is allowed strictly below the floor (docs/adr/0134-ending-a-condition.md); `endTakes` is what it would take now.
  const endable = condition.total < condition.failFloor;
  return (
    <section className="rounded-2xl bg-white/5 px-4 py-3" data-testid="condition-progress" aria-label={t('condition.title')}>
      <p className="flex justify-between gap-2 text-xs text-white/70">
        <span>{t('condition.title')}: <strong className="text-white">{condition.name}</strong></span>
        <span>{t(`condition.kinds.${condition.kind}`)}</span>
      </p>
      <div
        className="relative mt-2 h-3 overflow-hidden rounded-full bg-white/10"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={condition.successTarget}
        aria-valuenow={condition.total}
        aria-valuetext={t('condition.figures', { total: money(condition.total), target: money(condition.successTarget) })}
      >
        <div className={`h-full rounded-full ${reached ? 'bg-emerald-400' : 'bg-gold-400'}`} style={{ width: `${share(condition.total)}%` }} />
        <div className="absolute inset-y-0 w-0.5 bg-rose-400" style={{ left: `${share(condition.failFloor)}%` }} aria-hidden />
      </div>
      <p className="mt-2 text-sm font-semibold" data-testid="condition-figures">
        {t('condition.figures', { total: money(condition.total), target: money(condition.successTarget) })}
      </p>
      {condition.ownDeposits > 0 && (
        <p className="mt-1 text-xs text-white/70" data-testid="condition-own-deposits">
          {t('condition.ownDeposits', { amount: money(condition.ownDeposits) })}
        </p>
      )}
      <p className="mt-1 text-xs text-white/70" data-testid="condition-end">
        {reached ? t('condition.reached') : endable ? t('condition.endNow', { amount: money(condition.endTakes) }) : t('condition.floor', { floor: money(condition.failFloor), percent: condition.failPercent })}
      </p>
    </section>
  );
}
