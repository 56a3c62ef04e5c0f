import { type Slot, WALLET_CODE } from '@wallet/contract';
import { useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import { useTranslation } from '../../../shared/i18n/useTranslation';
import { BreakNowButton } from '../../../shared/ui/BreakNowButton';
import { refusalText } from '../../../shared/protection/refusal';
import { useActiveCondition } from '../../../shared/api/promotions/get-active-condition';
import { useMemberCurrency } from '../../../shared/api/useMemberCurrency';
import { ConditionProgress } from '../../../shared/ui/ConditionProgress';
import { useCopy } from '../../../shared/useCopy';
import { Button } from '../../../shared/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { Modal } from '../../../shared/ui/Modal';
import { Money } from '../../../shared/ui/Money';
import { CopyIcon } from '../../../shared/ui/more-icons';
import { useActivateSlot } from '../api/activate-slot';
import { useGameAccount } from '../api/get-game-account';
import { launchTarget } from '../api/get-launch-target';
import { useResetGamePassword } from '../api/reset-game-password';
import { useTransfer } from '../api/transfer';
import { slotBalance, wholeWalletMove } from '../balances';
import { openGame } from '../launch';
import { notify } from '../../../shared/notify';

/** SPEC §2 Game-account detail. */
export function GameAccountModal({ slot, walletAmount, onClose }: { slot: Slot; walletAmount: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const copy = useCopy();
  const activate = useActivateSlot();
  const account = useGameAccount(slot.code, slot.isActive);
  const reset = useResetGamePassword(slot.code);
  const transfer = useTransfer();
  const currency = useMemberCurrency();
  const condition = useActiveCondition().data?.condition ?? null;
  const { moves, stays } = wholeWalletMove(walletAmount, currency);
  const [showPassword, setShowPassword] = useState(false);
  const [launching, setLaunching] = useState(false);
  // A second tap arrives before the re-render that disables the button: the ref sees it.
  const launchInFlight = useRef(false);
  const [confirming, setConfirming] = useState<'reset' | 'transfer' | 'play' | null>(null);
  // One toast per action: a new answer replaces the previous one instead of stacking under it.
  const fail = (subject: string) => (error: unknown) => notify.error(subject, refusalText(t, error));

  async function moveWallet(): Promise<boolean> {
    try {
      const answer = await transfer.mutateAsync({ from: WALLET_CODE, to: slot.code, amount: moves });
      if (answer.message === 'TRANSFER_PENDING') notify.info('game-transfer', t('errors.TRANSFER_PENDING'));
      else notify.success('game-transfer', t('game.transferred', { name: slot.name }));
      return true;
    } catch (error) {
      fail('game-transfer')(error);
      return false;
    }
  }

  /**
   * SPEC §5: play moves the wallet into the game first, then opens it; the member says so first, in
   * money, or plays with what the game already holds. An empty wallet moves nothing and asks nothing.
   */
  function askToPlay() {
    if (launchInFlight.current) return;
    if (moves > 0) setConfirming('play');
    else void launch({ moveWallet: false });
  }

  /** One launch at a time: a double tap on "move and play" moves the money once and opens the game once. */
  async function launch({ moveWallet: move }: { moveWallet: boolean }) {
    if (launchInFlight.current) return;
    launchInFlight.current = true;
    setLaunching(true);
    try {
      if (move && moves > 0 && !(await moveWallet())) return;
      openGame(await launchTarget(slot));
    } catch (error) {
      fail('game-transfer')(error);
    } finally {
      launchInFlight.current = false;
      setLaunching(false);
      setConfirming(null);
    }
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={slot.name}>
      <div className="flex items-center gap-4">
        <img src={slot.logo} alt="" className="h-16 w-16 rounded-2xl" />
        <div>
          <p className="text-sm text-white/60">{t('game.balance')}</p>
          {slot.isActive ? <Money value={slotBalance(slot)} className="text-2xl font-bold text-gold-300" testId="game-balance" /> : <p className="text-white/70">{t('game.inactiveHint', { name: slot.name })}</p>}
        </div>
      </div>

      {!slot.isActive ? (
        <Button
          className="mt-6 w-full"
          busy={activate.isPending}
          data-testid="activate-game"
          onClick={() => activate.mutate(slot.code, { onSuccess: () => notify.success('game-activate', t('game.activateDone')), onError: fail('game-activate') })}
        >
          {t('game.activate')}
        </Button>
      ) : (
        <>
          <dl className="mt-5 divide-y divide-white/10 rounded-2xl bg-white/5">
            <CredentialRow label={t('game.username')} value={account.data?.username} onCopy={copy} testId="game-username" />
            <CredentialRow
              label={t('game.password')}
              value={account.data?.password}
              masked={!showPassword}
              onToggle={() => setShowPassword(!showPassword)}
              onCopy={copy}
              testId="game-password"
            />
          </dl>
          <Button
            variant="ghost"
            className="mt-1 w-full"
            busy={reset.isPending}
            onClick={() => setConfirming('reset')}
            data-testid="reset-password"
          >
            {t('game.resetPassword')}
          </Button>
          <div className="mt-3 grid grid-cols-2 gap-3">
            <Button className="col-span-2" busy={launching} onClick={askToPlay} data-testid="play-game">
              {t('game.play')}
            </Button>
            <Button variant="secondary" className="col-span-2" disabled={moves <= 0} busy={transfer.isPending && !launching} onClick={() => setConfirming('transfer')} data-testid="transfer-only">
              {t('game.transferOnly')}
            </Button>
            <BreakNowButton compact loadStatus={false} className="col-span-2" />
            <AppButton label={t('game.android')} href={slot.android} />
            <AppButton label={t('game.ios')} href={slot.ios} />
          </div>
          <ConfirmDialog
            open={confirming === 'reset'}
            title={t('game.confirmResetTitle')}
            description={t('game.confirmReset', { name: slot.name })}
            confirmLabel={t('game.resetPassword')}
            onCancel={() => setConfirming(null)}
            onConfirm={() => {
              setConfirming(null);
              reset.mutate(undefined, { onSuccess: () => notify.success('game-reset', t('game.resetDone')), onError: fail('game-reset') });
            }}
          />
          <ConfirmDialog
            open={confirming === 'transfer'}
            title={t('game.confirmTransferTitle')}
            // react-i18next is not initialised with the instance (shared/i18n/useTranslation.ts): it is handed over.
            description={<Trans i18n={i18n} t={t} i18nKey="game.confirmTransfer" values={{ name: slot.name }} components={{ amount: <Money value={moves} className="font-bold text-gold-300" /> }} />}
            confirmLabel={t('game.confirmMove')}
            onCancel={() => setConfirming(null)}
            onConfirm={() => {
              setConfirming(null);
              void moveWallet();
            }}
          />
          <ConfirmDialog
            open={confirming === 'play'}
            title={t('game.confirmPlayTitle')}
            busy={launching}
            description={
              <div className="space-y-3" data-testid="play-confirm">
                <p>
                  <Trans
                    i18n={i18n}
                    t={t}
                    i18nKey="game.confirmPlay"
                    values={{ name: slot.name }}
                    components={{ moves: <Money withMark value={moves} className="font-bold text-gold-300" testId="play-moves" />, stays: <Money withMark value={stays} className="font-bold text-white" testId="play-stays" /> }}
                  />
                </p>
                <p>
                  <Trans i18n={i18n} t={t} i18nKey="game.playWithoutMovingHint" values={{ name: slot.name }} components={{ inGame: <Money withMark value={slotBalance(slot)} className="font-semibold text-white" /> }} />
                </p>
                {/* Money under a condition stays under it in the game as in the wallet: the same figures home shows. */}
                {condition && <ConditionProgress condition={condition} />}
              </div>
            }
            confirmLabel={t('game.moveAndPlay')}
            alternative={{ label: t('game.playWithoutMoving'), testId: 'play-without-moving', onSelect: () => void launch({ moveWallet: false }) }}
            onCancel={() => setConfirming(null)}
            onConfirm={() => void launch({ moveWallet: true })}
          />
        </>
      )}
    </Modal>
  );
}

function CredentialRow({ label, value, masked = false, onToggle, onCopy, testId }: { label: string; value: string | undefined; masked?: boolean; onToggle?: () => void; onCopy: (text: string) => Promise<void>; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-14 items-center justify-between gap-3 px-4">
      <dt className="text-sm text-white/60">{label}</dt>
      <dd className="flex items-center gap-1">
        <span className="font-mono font-semibold" data-testid={testId}>{value === undefined ? '…' : masked ? '••••••••' : value}</span>
        {onToggle && (
          <button type="button" onClick={onToggle} className="min-h-10 rounded-full px-3 text-sm text-gold-300 hover:bg-white/10">
            {masked ? t('shared.show') : t('shared.hide')}
          </button>
        )}
        {value !== undefined && (
          <button type="button" onClick={() => void onCopy(value)} aria-label={`${t('profile.copy')} ${label}`} className="grid h-10 w-10 place-items-center rounded-full text-gold-300 hover:bg-white/10">
            <CopyIcon className="h-5 w-5" />
          </button>
        )}
      </dd>
    </div>
  );
}

/** SPEC §2: the app buttons are disabled when the provider has no link. */
function AppButton({ label, href }: { label: string; href: string | null }) {
  return (
    <Button variant="secondary" disabled={!href} onClick={() => href && window.open(href, '_blank', 'noopener')}>
      {label}
    </Button>
  );
}
