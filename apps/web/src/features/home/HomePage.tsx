import { DELAYS_MS, STORAGE_KEYS, type Slot, WALLET_CODE } from '@wallet/contract';
import type { ComponentType, SVGProps } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useNavigate } from 'react-router';
import { acceptAgreement } from '../../shared/api/agreement/accept-agreement';
import { useAgreementStatus } from '../../shared/api/agreement/get-agreement-status';
import { errorText } from '../../shared/api/messages';
import { BreakNowButton } from '../../shared/ui/BreakNowButton';
import { LimitPrompt } from '../../shared/ui/LimitPrompt';
import { refusalText } from '../../shared/protection/refusal';
import { readAcceptedAgreement, rememberAcceptedAgreement } from '../../shared/agreementNote';
import { formatDateTime } from '../../shared/format';
import { Button } from '../../shared/ui/Button';
import { Money, useMoneyFormat } from '../../shared/ui/Money';
import { Card, Page } from '../../shared/ui/Page';
import { ArrowDownIcon, ArrowUpIcon, CollectIcon, RefundIcon, ScrollIcon, UsersIcon, WheelIcon } from '../../shared/ui/more-icons';
import { fetchBanners } from '../../shared/api/promotions/get-banners';
import { useActiveCondition } from '../../shared/api/promotions/get-active-condition';
import { useProtection } from '../../shared/api/protection/get-protection';
import { useSpinActive } from '../../shared/api/spin';
import { useWallet } from '../../shared/api/wallet';
import { ConditionProgress } from '../../shared/ui/ConditionProgress';
import { useOverlay } from '../../shared/overlays/overlays';
import { useClaimInvite } from './api/claim-invite';
import { invitePreviewQuery } from './api/preview-invite';
import { useRefreshSlots } from './api/refresh-slots';
import { useTransferAll } from './api/transfer-all';
import { totalBalance } from './balances';
import { ProviderCarousel } from './components/ProviderCarousel';
import { notify } from '../../shared/notify';
import { whenIdle } from '../../shared/useWhenIdle';
import { useDrawnWhole } from './useDrawnWhole';

/**
 * A card's sheet, the transfer sheet and the invite reward's confirmation open on a tap, not with
 * the first paint: their code (and the dialogs') loads once home is idle, so it is there before
 * the member taps; so does that of the overlays the tiles and the menu open (deposit, withdraw,
 * the conditions).
 */
const loadGameAccountModal = () => import('./modals/GameAccountModal');
const loadTransferModal = () => import('./modals/TransferModal');
const loadRewardFigures = () => import('../../shared/ui/RewardFigures');
const GameAccountModal = lazy(() => loadGameAccountModal().then((module) => ({ default: module.GameAccountModal })));
const TransferModal = lazy(() => loadTransferModal().then((module) => ({ default: module.TransferModal })));
const RewardConfirmDialog = lazy(() => loadRewardFigures().then((module) => ({ default: module.RewardConfirmDialog })));

const CATEGORIES = ['slot', 'sport', 'lotto'] as const;
/** Home's row of actions, as BreakNowButton's compact one: tight sides on a phone so three labels fit at 360 px. */
const ROW_BUTTON = 'min-h-11 flex-auto whitespace-nowrap px-1.5 text-sm sm:flex-none sm:px-4';

export function HomePage() {
  const { t, i18n } = useTranslation();
  const money = useMoneyFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const wallet = useWallet();
  const conditionRead = useActiveCondition();
  const condition = conditionRead.data?.condition ?? null;
  const claimInvite = useClaimInvite();
  const [confirmInvite, setConfirmInvite] = useState(false);
  // Drawn from the first time it opens on, so that closing it plays its way out.
  const [inviteAsked, setInviteAsked] = useState(false);
  if (confirmInvite && !inviteAsked) setInviteAsked(true);
  const refresh = useRefreshSlots();
  const collect = useTransferAll();
  const [openSlot, setOpenSlot] = useState<string | null>(null);
  const [transferOpen, setTransferOpen] = useState(false);
  const overlay = useOverlay();
  const spinRead = useSpinActive();
  const spinActive = spinRead.data?.isActive ?? false;
  // What home draws from, the limit prompt's protection status among them: home is drawn once they are in.
  const protectionRead = useProtection();
  const drawn = useDrawnWhole([wallet, protectionRead, spinRead, conditionRead].some((read) => read.isPending && read.isFetching));
  const data = wallet.data;
  const lastSync = localStorage.getItem(STORAGE_KEYS.lastSync);
  const slot = data?.slots.find((candidate) => candidate.code === openSlot);
  // The same arrays and handler while the slots stay the same: a carousel draws again only when its cards change.
  const slotsByCategory = useMemo(() => CATEGORIES.map((category) => ({ category, slots: (data?.slots ?? []).filter((candidate: Slot) => candidate.category === category) })), [data?.slots]);
  const openCard = useCallback((chosen: Slot) => setOpenSlot(chosen.code), []);
  useEffect(() => {
    // One at a time, each in an idle moment of its own: their evaluations are short tasks apart.
    const loads = [() => overlay.preload('deposit'), () => overlay.preload('withdraw'), () => overlay.preload('conditions'), loadGameAccountModal, loadTransferModal, loadRewardFigures];
    const takeBack = loads.map((load) => whenIdle(() => load().catch(() => undefined)));
    return () => takeBack.forEach((cancel) => cancel());
  }, [overlay]);

  // SPEC §2: the agreement about 1.5 s after home loads, until the member has accepted its current version.
  const agreement = useAgreementStatus();
  const [agreementDue, setAgreementDue] = useState(false);
  const agreementAsked = useRef(false);
  useEffect(() => {
    const timer = setTimeout(() => setAgreementDue(true), DELAYS_MS.agreementModal);
    return () => clearTimeout(timer);
  }, []);
  const memberId = data?.profile._id;
  const agreementStatus = agreement.data;
  useEffect(() => {
    // Only the server's answer decides (it follows the member): nothing shows before it, so nothing flashes.
    if (!agreementDue || !memberId || !agreementStatus || agreementAsked.current) return;
    agreementAsked.current = true;
    const accepted = { memberId, version: agreementStatus.version };
    if (agreementStatus.accepted) return rememberAcceptedAgreement(accepted);
    const noted = readAcceptedAgreement();
    // Accepted on this phone, by this member, this very version, but not on record: recorded, not asked again.
    if (noted?.memberId === memberId && noted.version === agreementStatus.version) {
      void acceptAgreement(noted.version).catch(() => undefined);
      return;
    }
    void overlay.open('agreement', {});
  }, [agreementDue, memberId, agreementStatus, overlay]);

  /** SPEC §2: the banner carousel first when there are banners, else the overlay straight away. */
  async function openProgramme(placement: 'invite' | 'refund') {
    const banners = await fetchBanners(queryClient, placement, i18n.language).catch(() => ({ banners: [] }));
    if (banners.banners.length > 0 && (await overlay.open('banners', { title: t(`home.tiles.${placement}`), banners: banners.banners })) !== 'continue') return;
    await overlay.open(placement, {});
  }

  /** The confirmation stays open, busy, until the claim is answered (a second tap joins it). */
  function receiveInvite() {
    claimInvite.mutate(undefined, {
      onSuccess: (answer) => notify.success('invite', t('home.inviteReceived', { amount: money(answer.amount) })),
      onError: (error) => notify.error('invite', refusalText(t, error)),
      onSettled: () => setConfirmInvite(false),
    });
  }

  function checkBalance() {
    refresh.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.failed.length) notify.warning('refresh', t('home.refreshPartial', { codes: answer.failed.join(', ') }));
        else notify.dismiss('refresh');
      },
      onError: (error) => notify.error('refresh', errorText(t, error)),
    });
  }

  function collectAll() {
    collect.mutate(WALLET_CODE, {
      onSuccess: (answer) =>
        answer.message === 'SUCCESS' && answer.failed.length === 0 ? notify.success('collect', t('home.collectDone')) : notify.info('collect', t('errors.TRANSFER_PENDING')),
      onError: (error) => notify.error('collect', errorText(t, error)),
    });
  }

  // The deposit and withdrawal forms and the transfer sheet open in a transition: the tap's frame is
  // painted first, and their first render, long on a slow phone, comes in the frames after it.
  const tiles: Array<{ key: string; icon: ComponentType<SVGProps<SVGSVGElement>>; onSelect?: () => void; busy?: boolean; count?: number }> = [
    { key: 'deposit', icon: ArrowDownIcon, onSelect: () => startTransition(() => void overlay.open('deposit', {})) },
    // Waits for the wallet (the form shows what can be withdrawn): till then the tile is drawn disabled, not a tap that does nothing.
    { key: 'withdraw', icon: ArrowUpIcon, onSelect: data ? () => startTransition(() => void overlay.open('withdraw', { wallet: data, total: totalBalance(data.wallet.amount, data.slots) })) : undefined },
    // SPEC §1: the spin tile takes the collect-all tile's place while a spin campaign runs, with the coins.
    spinActive
      ? { key: 'spin', icon: WheelIcon, onSelect: () => void overlay.open('spin', {}), count: data?.profile.coin ?? 0 }
      : { key: 'collect', icon: CollectIcon, onSelect: collectAll, busy: collect.isPending },
    { key: 'invite', icon: UsersIcon, onSelect: () => void openProgramme('invite') },
    { key: 'bonus', icon: ScrollIcon, onSelect: () => navigate('/user/bonus') },
    { key: 'refund', icon: RefundIcon, onSelect: () => void openProgramme('refund') },
  ];
  if (!drawn) return null;

  return (
    <Page title={t('menu.home')} className="lg:max-w-5xl">
      <Card className="bg-gradient-to-br from-night-800 to-night-850">
        <p className="text-sm text-white/60" data-testid="home-name">{data ? t('home.hello', { name: data.profile.name }) : t('common.loading')}</p>
        <p className="mt-3 text-xs font-semibold uppercase tracking-wide text-white/50">{t('home.total')}</p>
        <Money withMark value={data ? totalBalance(data.wallet.amount, data.slots) : undefined} className="block text-[min(2.25rem,10vw)] font-extrabold leading-tight text-gold-300 [overflow-wrap:anywhere]" testId="total-balance" />
        <p className="mt-1 text-sm text-white/60">
          {t('home.wallet')} <Money withMark value={data?.wallet.amount} className="font-semibold text-white" testId="wallet-balance" />
        </p>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
          <span className="text-xs text-white/50" data-testid="last-sync">{lastSync ? t('home.updated', { time: formatDateTime(lastSync) }) : t('home.never')}</span>
          {/* One row on a phone (360 px up, every language): the buttons share the width by their labels, which never wrap; with large text a button moves to the next row. */}
          <div className="flex w-full flex-wrap gap-2 sm:w-auto" data-testid="home-actions">
            <Button variant="secondary" className={ROW_BUTTON} busy={refresh.isPending} onClick={checkBalance} data-testid="check-balance">
              {t('home.check')}
            </Button>
            <Button className={ROW_BUTTON} onClick={() => startTransition(() => setTransferOpen(true))} disabled={!data} data-testid="open-transfer">
              {t('home.transfer')}
            </Button>
            <BreakNowButton compact className="flex-auto sm:flex-none" />
          </div>
        </div>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white/5 px-4 py-3">
          {/* The text column takes the squeeze; with large text the button moves under it. The button label never wraps. */}
          <div className="min-w-0 flex-1">
            <p className="text-xs text-white/60">{t('home.invite')}</p>
            <Money withMark value={data?.invite.amount} className="font-bold" testId="invite-amount" />
          </div>
          <Button
            className="min-h-11 shrink-0 whitespace-nowrap px-4 text-sm"
            disabled={!data || data.invite.amount <= 0}
            busy={claimInvite.isPending}
            onClick={() => setConfirmInvite(true)}
            data-testid="receive-invite"
          >
            {t('home.receive')}
          </Button>
        </div>
        {condition && (
          <div className="mt-3">
            <ConditionProgress condition={condition} />
          </div>
        )}
      </Card>
      {inviteAsked && (
        <Suspense fallback={null}>
          <RewardConfirmDialog
            open={confirmInvite}
            title={t('home.inviteConfirmTitle')}
            query={invitePreviewQuery()}
            confirmLabel={t('home.receive')}
            busy={claimInvite.isPending}
            onConfirm={receiveInvite}
            onCancel={() => setConfirmInvite(false)}
          />
        </Suspense>
      )}

      <ul className="mt-4 grid grid-cols-3 gap-2.5 lg:grid-cols-6">
        {tiles.map(({ key, icon: Icon, onSelect, busy, count }) => (
          <li key={key}>
            <button
              type="button"
              onClick={onSelect}
              disabled={!onSelect || busy}
              data-testid={`tile-${key}`}
              className="relative flex h-20 w-full flex-col items-center justify-center gap-1 rounded-2xl border border-white/10 bg-night-850/80 text-xs font-semibold transition enabled:hover:border-gold-400/60 disabled:opacity-60"
            >
              <Icon className="h-7 w-7 text-gold-300" />
              {t(`home.tiles.${key}`)}
              {count !== undefined && (
                <span className="absolute right-1.5 top-1.5 min-w-6 rounded-full bg-gold-400 px-1.5 text-center text-xs font-bold text-night-900" data-testid={`tile-${key}-count`} aria-label={t('spin.coinCount', { count })}>
                  {count}
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>

      {/* Under the tiles: it comes with the protection status, after the wallet, and above the balance it pushed the balance and the tiles down as it came. */}
      <LimitPrompt className="mt-4" />

      {slotsByCategory.map(({ category, slots }) => (
        <ProviderCarousel key={category} title={t(`home.categories.${category}`)} slots={slots} onOpen={openCard} />
      ))}

      <Suspense fallback={null}>
        {slot && data && <GameAccountModal slot={slot} walletAmount={data.wallet.amount} onClose={() => setOpenSlot(null)} />}
        {transferOpen && data && <TransferModal walletAmount={data.wallet.amount} slots={data.slots} onClose={() => setTransferOpen(false)} />}
      </Suspense>
    </Page>
  );
}
