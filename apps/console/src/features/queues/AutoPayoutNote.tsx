import type { withdrawalAutoPayout } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

type AutoPayout = z.infer<typeof withdrawalAutoPayout>;

/** A payout sent to the bank and not yet answered for good: operators wait for the bank. */
export const payoutInFlight = (autoPayout: AutoPayout) => autoPayout.payout?.status === 'sending' || autoPayout.payout?.status === 'pending';

/**
 * What auto-payout did with a withdrawal, in words: paid by the bank by itself, with the bank now, or
 * left to operators and why. Nothing while it has not been looked at yet.
 */
export function AutoPayoutNote({ autoPayout }: { autoPayout: AutoPayout }) {
  const { t } = useTranslation();
  const { payout, reasons } = autoPayout;
  let text: string | null = null;
  let tone = 'text-white/70';
  if (payout?.status === 'paid' || (payout === null && reasons?.length === 0)) {
    text = t('autoPayout.paidByItself');
    tone = 'text-emerald-300';
  } else if (payout) {
    text = t('autoPayout.beingPaid', { status: t(`autoPayout.status.${payout.status}`) });
    tone = payout.status === 'failed' ? 'text-rose-300' : 'text-sky-200';
  } else if (reasons && reasons.length > 0) {
    text = t('autoPayout.waits', { reasons: reasons.map((reason) => t(`autoPayout.reasons.${reason}`)).join(', ') });
  }
  if (text === null) return null;
  return (
    <>
      {' · '}
      <span className={tone} data-testid="queue-auto-payout">{text}</span>
    </>
  );
}
