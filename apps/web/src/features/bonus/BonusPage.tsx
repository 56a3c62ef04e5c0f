import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { BonusItem, RewardPreview } from '@wallet/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { ApiError } from '../../shared/api/client';
import { errorText } from '../../shared/api/messages';
import { refusalText } from '../../shared/protection/refusal';
import { useNotice } from '../../shared/api/lookup/get-notice';
import { useActiveCondition } from '../../shared/api/promotions/get-active-condition';
import { SafeHtml } from '../../shared/SafeHtml';
import { BannerSlides } from '../../shared/ui/BannerSlides';
import { Button } from '../../shared/ui/Button';
import { ConditionProgress } from '../../shared/ui/ConditionProgress';
import { AlertDialog } from '../../shared/ui/AlertDialog';
import { RewardFigures } from '../../shared/ui/RewardFigures';
import { useMoneyFormat } from '../../shared/ui/Money';
import { Modal } from '../../shared/ui/Modal';
import { Card, Page } from '../../shared/ui/Page';
import { useActivateBonus } from './api/activate-bonus';
import { useActivatePromotion } from './api/activate-promotion';
import { useClearBonus } from './api/clear-bonus';
import { useFindPromotion } from './api/find-promotion';
import { useBonuses } from './api/get-bonuses';
import { bonusPreviewQuery } from './api/preview-bonus';
import { EndBonusDialog } from './EndBonusDialog';
import { notify } from '../../shared/notify';

type CardState = 'current' | 'received' | 'clickable';
/** SPEC §2 Bonus card states. */
export function cardState(bonus: BonusItem): CardState {
  if (bonus.userBonus?.isActive) return 'current';
  if ((bonus.userBonus?.received.length ?? 0) >= bonus.maxReceived) return 'received';
  return 'clickable';
}

/** SPEC §2 Bonus: the member's condition or the promotion code, and the grid of bonuses. */
export function BonusPage() {
  const { t } = useTranslation();
  const bonuses = useBonuses();
  const active = useActiveCondition();
  const clear = useClearBonus();
  const [code, setCode] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const [openBonus, setOpenBonus] = useState<BonusItem | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const condition = active.data?.condition ?? null;

  function search(event: FormEvent) {
    event.preventDefault();
    const typed = code.trim().toUpperCase();
    if (typed) setSearched(typed);
  }

  /** The dialog stays open, busy, until the server answers (a second tap joins the call). */
  function endCondition() {
    clear.mutate(undefined, {
      onSuccess: () => notify.success('bonus-clear', t('errors.BONUS_CLEAR')),
      // SPEC §8: a cancel that fails shows an alert dialog with the error.
      onError: (error) => setFailure(refusalText(t, error)),
      onSettled: () => setConfirmClear(false),
    });
  }

  return (
    <Page title={t('bonus.title')}>
      <Card>
        <h1 className="text-2xl font-bold">{t('bonus.title')}</h1>
        {condition ? (
          <div className="mt-4 space-y-3" data-testid="bonus-active">
            <p className="text-sm">
              {t('bonus.activeType')}: <strong>{t(`condition.kinds.${condition.kind}`)}</strong> · {condition.name}
            </p>
            <ConditionProgress condition={condition} />
            <Button variant="secondary" className="w-full" busy={clear.isPending} onClick={() => setConfirmClear(true)} data-testid="bonus-cancel">
              {t('bonus.cancel')}
            </Button>
          </div>
        ) : (
          <form className="mt-4 flex gap-2" onSubmit={search} noValidate>
            <label className="sr-only" htmlFor="promotion-code">{t('bonus.codeLabel')}</label>
            <input
              id="promotion-code"
              value={code}
              onChange={(event) => setCode(event.target.value.toUpperCase())}
              placeholder={t('bonus.codePlaceholder')}
              required
              autoCapitalize="characters"
              className="min-h-12 min-w-0 flex-1 rounded-xl border border-white/15 bg-night-900 px-4 uppercase tracking-wider"
              data-testid="promotion-code"
            />
            <Button type="submit" className="min-h-12 shrink-0 px-5" disabled={!code.trim()} data-testid="promotion-search">
              {t('bonus.search')}
            </Button>
          </form>
        )}
      </Card>

      <ul className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-3" data-testid="bonus-grid">
        {bonuses.data?.bonuses.map((bonus) => {
          const state = cardState(bonus);
          const banner = bonus.banners[0]?.image;
          return (
            <li key={bonus.code}>
              <button
                type="button"
                disabled={state === 'received'}
                onClick={() => setOpenBonus(bonus)}
                data-testid={`bonus-card-${bonus.code}`}
                data-state={state}
                className={`relative flex aspect-[4/3] w-full flex-col justify-end overflow-hidden rounded-2xl border bg-night-800 bg-cover bg-center p-3 text-left disabled:opacity-50 ${state === 'current' ? 'border-gold-400 ring-2 ring-gold-400' : 'border-white/10'}`}
                style={banner ? { backgroundImage: `url(${banner})` } : undefined}
              >
                <span className="absolute inset-0 bg-gradient-to-t from-black/80 to-transparent" aria-hidden />
                {state !== 'clickable' && (
                  <span className="absolute right-2 top-2 rounded-full bg-gold-400 px-2 py-0.5 text-[11px] font-bold text-night-900">{t(`bonus.states.${state}`)}</span>
                )}
                <span className="relative text-sm font-bold leading-snug">{bonus.name}</span>
                <span className="relative text-[11px] text-white/70">{t(`bonus.types.${bonus.type}`, { count: bonus.maxReceived })}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {bonuses.data && bonuses.data.bonuses.length === 0 && <p className="mt-4 text-center text-white/60">{t('bonus.none')}</p>}

      {openBonus && <BonusModal bonus={openBonus} onClose={() => setOpenBonus(null)} />}
      {searched && <PromotionModal code={searched} onClose={() => setSearched(null)} />}
      <EndBonusDialog open={confirmClear} busy={clear.isPending} onConfirm={endCondition} onCancel={() => setConfirmClear(false)} />
      {/* An alert, not a question: one button (it had a cancel and a close doing the same). */}
      <AlertDialog title={t('shared.error')} message={failure} onClose={() => setFailure(null)} />
    </Page>
  );
}

/** What a claim's outcome shows: the amount received and the modal closed, or the refusal in a toast. */
function useClaimOutcome(onClose: () => void) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  // Not enough deposit: the offer's own minimum, in the member's currency (the server names it).
  const failureText = (error: Error) =>
    error instanceof ApiError && error.code === 'BONUS_DEPOSIT_MINIMUM' ? (error.minimum ? t('errors.BONUS_DEPOSIT_MINIMUM', { amount: money(error.minimum) }) : t('bonus.depositFirst')) : refusalText(t, error);
  return {
    onSuccess: (claim: { amount: number }) => {
      notify.success('bonus-claim', t('bonus.received', { amount: money(claim.amount) }));
      onClose();
    },
    onError: (error: Error) => notify.error('bonus-claim', failureText(error)),
  };
}

/** SPEC §2 Bonus modal: banners, html, the notice and receive; only a confirm when it is the active one. */
function BonusModal({ bonus, onClose }: { bonus: BonusItem; onClose: () => void }) {
  const { t } = useTranslation();
  const notice = useNotice(bonus.percentFail);
  const activate = useActivateBonus();
  const isCurrent = cardState(bonus) === 'current';
  const preview = useQuery({ ...bonusPreviewQuery(bonus.code), enabled: !isCurrent });
  const outcome = useClaimOutcome(onClose);
  const receive = () => activate.mutate(bonus.code, outcome);

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={bonus.name}
      footer={
        isCurrent ? (
          <Button className="w-full" onClick={onClose}>{t('common.confirm')}</Button>
        ) : (
          <ReceiveButton preview={preview} busy={activate.isPending} onClick={receive} testId="bonus-receive" />
        )
      }
    >
      <div className="space-y-3" data-testid="bonus-modal">
        <BannerSlides banners={bonus.banners} />
        <p className="text-sm text-white/70">{t('bonus.terms', { success: bonus.percentSuccess, fail: bonus.percentFail })}</p>
        {notice.data?.notice && <p className="rounded-xl bg-white/5 p-3 text-xs text-white/70">{notice.data.notice}</p>}
        {!isCurrent && <PreviewFigures preview={preview} />}
      </div>
    </Modal>
  );
}

/** SPEC §2 Promotion modal: the fail percentage, description and receive, or searching / not found. */
function PromotionModal({ code, onClose }: { code: string; onClose: () => void }) {
  const { t } = useTranslation();
  const found = useFindPromotion(code);
  const preview = useQuery({ ...bonusPreviewQuery(code), enabled: found.isSuccess });
  const activate = useActivatePromotion();
  const outcome = useClaimOutcome(onClose);
  const receive = () => activate.mutate(code, outcome);

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={code}
      footer={found.data ? <ReceiveButton preview={preview} busy={activate.isPending} onClick={receive} testId="promotion-receive" /> : undefined}
    >
      <div data-testid="promotion-modal">
        {found.isPending && <p>{t('bonus.searching')}</p>}
        {found.isError && <p data-testid="promotion-not-found">{t('errors.NO_PROMOTION')}</p>}
        {found.data && (
          <div className="space-y-3">
            <SafeHtml html={found.data.description} />
            <p className="text-sm text-white/70">{t('bonus.terms', { success: found.data.percentSuccess, fail: found.data.percentFail })}</p>
            <PreviewFigures preview={preview} />
          </div>
        )}
      </div>
    </Modal>
  );
}

/** What taking the offer does, in money (DESIGN §6), read when the modal opens. */
function PreviewFigures({ preview }: { preview: UseQueryResult<RewardPreview> }) {
  const { t } = useTranslation();
  if (preview.isError) return <p role="alert" className="text-sm font-semibold text-rose-300" data-testid="preview-error">{errorText(t, preview.error)}</p>;
  if (!preview.data) return <p className="text-sm text-white/60" data-testid="preview-loading">{t('common.loading')}</p>;
  return (
    <div className="text-sm">
      <RewardFigures preview={preview.data} />
    </div>
  );
}

/** Receive only once the figures are shown and say it can be taken; a refusal leaves nothing to accept. */
function ReceiveButton({ preview, busy, onClick, testId }: { preview: UseQueryResult<RewardPreview>; busy: boolean; onClick: () => void; testId: string }) {
  const { t } = useTranslation();
  if (preview.data?.allowed === false || preview.isError) return undefined;
  return (
    <Button className="w-full" busy={busy} disabled={!preview.data} onClick={onClick} data-testid={testId}>
      {t('bonus.receive')}
    </Button>
  );
}
