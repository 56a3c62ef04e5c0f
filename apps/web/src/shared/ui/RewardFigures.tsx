import type { CurrencyCode, RewardPreview } from '@wallet/contract';
import type { ReactNode } from 'react';
import { messageText } from '../api/messages';
import { useTranslation } from '../i18n/useTranslation';
import { PreviewConfirmDialog, type PreviewConfirmProps } from './ConfirmDialog';
import { useMoneyFormat } from './Money';

/** Refusals whose figures the preview carries: they are said with the reason. */
const DEPOSIT_REFUSALS = new Set(['DEPOSIT_MINIMUM', 'BONUS_DEPOSIT_MINIMUM']);

/**
 * What taking a reward does, in money, before the member accepts it (DESIGN §6 "no gain without
 * play"): the reward, everything it locks (the member's own balance included), the target before
 * anything can be withdrawn, the floor under which it can be ended and what ending takes at most;
 * or why it cannot be taken now. Every claim confirmation shows it.
 */
export function RewardFigures({ preview }: { preview: RewardPreview }) {
  const { t } = useTranslation();
  const money = useMoneyFormat(preview.currency);
  const { currency, condition } = preview;

  if (!preview.allowed) {
    const refusal = preview.refusal ?? 'INTERNAL_SERVER_ERROR';
    return (
      <div role="alert" className="space-y-1 rounded-2xl bg-rose-500/10 p-3 text-rose-200" data-testid="reward-refusal">
        <p className="font-semibold">
          {refusal === 'BONUS_DEPOSIT_MINIMUM' && preview.minimumDeposit === 0
            ? t('bonus.depositFirst')
            : messageText(t, { key: `errors.${refusal}`, values: { defaultValue: refusal, amount: money(preview.minimumDeposit), currency } })}
        </p>
        {refusal === 'BONUS_OTHER_MONEY' && <p data-testid="reward-refusal-figures">{t('reward.otherMoney', { other: money(preview.otherMoney), limit: money(preview.otherMoneyLimit), currency })}</p>}
        {DEPOSIT_REFUSALS.has(refusal) && <p data-testid="reward-refusal-figures">{t('reward.qualifyingDeposit', { amount: money(preview.qualifyingDeposit), currency })}</p>}
      </div>
    );
  }

  return (
    <div className="space-y-3" data-testid="reward-figures">
      <dl className="divide-y divide-white/10 rounded-2xl bg-white/5 px-3">
        <FigureRow label={t('reward.amount')} amount={money(preview.amount)} currency={currency} testId="reward-amount" accent />
        {condition && (
          <>
            <FigureRow label={t('reward.locked')} amount={money(condition.locked)} currency={currency} testId="reward-locked" />
            <FigureRow label={t('reward.target', { percent: condition.successPercent })} amount={money(condition.target)} currency={currency} testId="reward-target" />
            <FigureRow label={t('reward.floor', { percent: condition.failPercent })} amount={money(condition.floor)} currency={currency} testId="reward-floor" />
            <FigureRow label={t('reward.endTakes')} amount={money(condition.endTakesAtMost)} currency={currency} testId="reward-end-takes" />
          </>
        )}
      </dl>
      {condition ? (
        <>
          <p className="text-white/85" data-testid="reward-locked-note">
            {t('reward.lockedNote', { held: money(preview.held), target: money(condition.target), currency })}
          </p>
          <p className="text-white/70" data-testid="reward-clear-note">{t(`reward.clear.${condition.clearMode}`, { amount: money(condition.endTakesAtMost), currency })}</p>
        </>
      ) : (
        <p className="text-white/85" data-testid="reward-no-condition">{t('reward.noCondition')}</p>
      )}
    </div>
  );
}

/** One line of figures: what it is, and the amount with its unit, never broken. */
export function FigureRow({ label, amount, currency, testId, accent = false }: { label: ReactNode; amount: string; currency: CurrencyCode; testId: string; accent?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-baseline justify-between gap-3 py-2">
      <dt className="min-w-0 text-white/70">{label}</dt>
      <dd className="shrink-0 whitespace-nowrap text-right">
        <span className={`font-bold tabular-nums ${accent ? 'text-gold-300' : 'text-white'}`} data-testid={testId}>
          {amount}
        </span>{' '}
        <span className="text-xs text-white/60">{t(`money.${currency}`)}</span>
      </dd>
    </div>
  );
}

/** A claim confirmation: the reward's figures read when it opens, and accept only when it can be taken. */
export function RewardConfirmDialog(props: Omit<PreviewConfirmProps<RewardPreview>, 'children'>) {
  return <PreviewConfirmDialog<RewardPreview> {...props}>{(preview) => <RewardFigures preview={preview} />}</PreviewConfirmDialog>;
}
