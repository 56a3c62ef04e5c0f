import { useQueryClient } from '@tanstack/react-query';
import { type SpinResult, formatFigure } from '@wallet/contract';
import { useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { type Message, messageText } from '../../shared/api/messages';
import { refusalMessage } from '../../shared/protection/refusal';
import { invalidateSpinViews } from '../../shared/api/spin';
import { AlertDialog } from '../../shared/ui/AlertDialog';
import { Button } from '../../shared/ui/Button';
import { Modal } from '../../shared/ui/Modal';
import { useSpinSetup } from './api/get-setup';
import { useSpin } from './api/spin';
import { CouponTable } from './CouponTable';
import { FairnessPanel } from './FairnessPanel';
import { SpinWheel, type SpinWheelHandle } from './SpinWheel';
import { planSpin } from './wheel-motion';

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * SPEC §2 Spin wheel and §4 Spin: idle → spinning (blocked while spinning or at 0 coins) → the prize
 * → the wheel set up again. The server decides the slice before the wheel moves; the wheel only
 * shows it.
 */
export function SpinModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const setup = useSpinSetup();
  const spin = useSpin();
  const wheel = useRef<SpinWheelHandle>(null);
  // A double tap lands before React re-renders the button disabled: the ref stops the second.
  const busy = useRef(false);
  const [spinning, setSpinning] = useState(false);
  // The server's answer arrives before the wheel stops: its coin count shows at once, its prize at rest.
  const [answer, setAnswer] = useState<{ result: SpinResult; rested: boolean; at: number } | null>(null);
  const [alert, setAlert] = useState<Message | null>(null);
  const campaign = setup.data?.activeSpinwheel ?? null;
  const coins = answer && answer.at > setup.dataUpdatedAt ? answer.result.remainingCoin : (setup.data?.userCoin ?? 0);
  const prize = answer?.rested ? answer.result : null;

  async function startSpin() {
    if (busy.current || !campaign || coins <= 0) return;
    busy.current = true;
    setSpinning(true);
    try {
      const { result } = await spin.mutateAsync();
      const at = Date.now();
      setAnswer({ result, rested: false, at });
      const index = campaign.slices.findIndex((slice) => slice.code === result.code);
      await wheel.current?.spinTo(index, planSpin(prefersReducedMotion()));
      setAnswer({ result, rested: true, at });
    } catch (error) {
      setAlert(refusalMessage(error));
      await resetWheel();
    }
  }

  /** Back to idle, with the campaign, coins and coupons read again. */
  async function resetWheel() {
    setAnswer((shown) => shown && { ...shown, rested: false });
    busy.current = false;
    setSpinning(false);
    await invalidateSpinViews(queryClient);
  }

  return (
    <Modal open onOpenChange={(open) => !open && !spinning && onClose()} title={campaign?.name ?? t('spin.title')}>
      <div className="space-y-4" data-testid="spin-modal">
        {setup.isPending && <p>{t('common.loading')}</p>}
        {setup.data && !campaign && <p data-testid="spin-inactive">{t('spin.inactive')}</p>}
        {campaign && (
          <>
            <SpinWheel ref={wheel} slices={campaign.slices} />
            <div className="flex items-center justify-between gap-3 rounded-2xl bg-white/5 px-4 py-3">
              <div>
                <p className="text-xs text-white/60">{t('spin.coins')}</p>
                <p className="text-2xl font-extrabold text-gold-300" data-testid="spin-coins">
                  {coins}
                </p>
              </div>
              <Button className="min-h-12 min-w-32 px-6 text-base" disabled={spinning || coins <= 0} busy={spinning} onClick={() => void startSpin()} data-testid="spin-button">
                {spinning ? t('spin.spinning') : t('spin.spin')}
              </Button>
            </div>
            {coins <= 0 && !spinning && (
              <p className="text-sm text-white/70" data-testid="spin-no-coins">
                {t('spin.noCoins', { baht: formatFigure(setup.data?.coinBaht ?? 100, i18n.language) })}
              </p>
            )}
          </>
        )}
        <CouponTable onClaimed={resetWheel} onError={setAlert} />
        <FairnessPanel />
      </div>

      <Modal open={prize !== null} onOpenChange={(open) => !open && void resetWheel()} title={t('spin.prizeTitle')}>
        {prize && (
          <div className="space-y-3 text-center" data-testid="spin-prize">
            <p className="text-3xl font-extrabold text-gold-300" data-testid="spin-prize-label">
              {prize.label}
            </p>
            <p>{prize.kind === 'none' ? t('spin.noPrize') : t('spin.prizeWon', { label: prize.label })}</p>
            {prize.kind !== 'none' && <p className="text-sm text-white/70">{t('spin.prizeHint')}</p>}
            <Button className="w-full" onClick={() => void resetWheel()} data-testid="spin-prize-ok">
              {t('spin.ok')}
            </Button>
          </div>
        )}
      </Modal>
      <AlertDialog message={alert ? messageText(t, alert) : null} onClose={() => setAlert(null)} />
    </Modal>
  );
}
