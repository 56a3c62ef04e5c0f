import { type Coupon, PAGE_SIZE } from '@wallet/contract';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import type { Message } from '../../shared/api/messages';
import { refusalMessage } from '../../shared/protection/refusal';
import { formatDateTime } from '../../shared/format';
import { Button } from '../../shared/ui/Button';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { Money } from '../../shared/ui/Money';
import { PageNumbers } from '../../shared/ui/PageNumbers';
import { RewardConfirmDialog } from '../../shared/ui/RewardFigures';
import { useClaimCoupon } from './api/claim-coupon';
import { useCoupons } from './api/get-coupons';
import { couponPreviewQuery } from './api/preview-coupon';
import { notify } from '../../shared/notify';

const STATUS_STYLE: Record<Coupon['status'], string> = {
  claimable: 'bg-gold-400/20 text-gold-200',
  claimed: 'bg-emerald-500/20 text-emerald-300',
  expired: 'bg-white/10 text-white/60',
  voided: 'bg-rose-500/20 text-rose-300',
};

/** SPEC §2: the member's coupons, 3 a page, each claimed through a confirm dialog. */
export function CouponTable({ onClaimed, onError }: { onClaimed: () => Promise<void>; onError: (message: Message) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const coupons = useCoupons(page);
  const claim = useClaimCoupon();
  const [confirming, setConfirming] = useState<Coupon | null>(null);

  /** The confirmation stays open, busy, until the claim is answered (a second tap joins it). */
  function claimConfirmed(coupon: Coupon) {
    claim.mutate(coupon._id, {
      onSuccess: () => {
        notify.success('spin-coupon', t('spin.received', { label: coupon.prize.label }));
        void onClaimed();
      },
      onError: (error) => onError(refusalMessage(error)),
      onSettled: () => setConfirming(null),
    });
  }

  const amountOf = (coupon: Coupon) => (coupon.kind === 'coins' ? t('spin.coinCount', { count: coupon.amount }) : <Money value={coupon.amount} />);

  return (
    <section>
      <h3 className="mb-2 font-semibold">{t('spin.coupons')}</h3>
      {coupons.data?.total === 0 && <p className="text-sm text-white/60">{t('spin.couponEmpty')}</p>}
      <ul className="divide-y divide-white/10 rounded-2xl bg-white/5" data-testid="coupon-table">
        {coupons.data?.coupons.map((coupon) => (
          <li key={coupon._id} className="flex items-center gap-3 px-3 py-2.5" data-testid="coupon-row">
            <div className="min-w-0 flex-1">
              <p className="font-bold">{coupon.prize.label}</p>
              <p className="text-xs text-white/60">
                {coupon.prize.name} · {amountOf(coupon)}
              </p>
              <p className="text-xs text-white/50">{t('spin.expires', { date: formatDateTime(coupon.expiresAt) })}</p>
            </div>
            {coupon.status === 'claimable' ? (
              <Button className="min-h-11 shrink-0 whitespace-nowrap px-4 text-sm" busy={claim.isPending && claim.variables === coupon._id} onClick={() => setConfirming(coupon)} data-testid="coupon-claim">
                {t('spin.claim')}
              </Button>
            ) : (
              <span className={`shrink-0 rounded-full px-2.5 py-1 text-xs font-semibold ${STATUS_STYLE[coupon.status]}`} data-testid="coupon-status">
                {t(`spin.status.${coupon.status}`)}
              </span>
            )}
          </li>
        ))}
      </ul>
      {coupons.data && <PageNumbers page={page} totalPages={Math.ceil(coupons.data.total / PAGE_SIZE.coupon)} onPage={setPage} />}
      {confirming && <ClaimConfirmation coupon={confirming} busy={claim.isPending} onConfirm={() => claimConfirmed(confirming)} onCancel={() => setConfirming(null)} />}
    </section>
  );
}

/**
 * A cash or bonus prize is money: before it is claimed the member sees what it locks (DESIGN §6).
 * Coins move no money and carry no condition: a plain question.
 */
function ClaimConfirmation({ coupon, busy, onConfirm, onCancel }: { coupon: Coupon; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const question = t('spin.claimConfirm', { label: coupon.prize.label, name: coupon.prize.name });
  const common = { open: true, title: t('spin.claimTitle'), confirmLabel: t('spin.claim'), busy, onConfirm, onCancel };
  return coupon.kind === 'coins' ? <ConfirmDialog {...common} description={question} /> : <RewardConfirmDialog {...common} intro={question} query={couponPreviewQuery(coupon._id)} />;
}
