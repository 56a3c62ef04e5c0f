import { PAGE_SIZE } from '@wallet/contract';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { errorText } from '../../shared/api/messages';
import { formatDateTime } from '../../shared/format';
import { SafeHtml } from '../../shared/SafeHtml';
import { Button } from '../../shared/ui/Button';
import { Modal } from '../../shared/ui/Modal';
import { Money, useMoneyFormat } from '../../shared/ui/Money';
import { PageNumbers } from '../../shared/ui/PageNumbers';
import { RewardConfirmDialog } from '../../shared/ui/RewardFigures';
import { useRefundCheck } from './api/check-refund';
import { useRefunds } from './api/get-refunds';
import { refundPreviewQuery } from './api/preview-refund';
import { useReceiveRefund } from './api/receive-refund';
import { notify } from '../../shared/notify';

/** SPEC §2 Refund overlay and §4 Refund: the check, the info, receive (not while a bonus is held) and the log. */
export function RefundModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const check = useRefundCheck();
  const receive = useReceiveRefund();
  const [page, setPage] = useState(1);
  const log = useRefunds(page);
  const [confirming, setConfirming] = useState(false);
  const data = check.data;

  /** After the member has seen what taking it locks (DESIGN §6); the confirmation stays open until the answer. */
  function claim() {
    receive.mutate(undefined, {
      // One toast for the action: a success replaces the error of an earlier try.
      onSuccess: (answer) => notify.success('refund', t('refund.added', { amount: money(answer.amount) })),
      onError: (error) => notify.error('refund', errorText(t, error)),
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('refund.title')}>
      <div className="space-y-4" data-testid="refund-modal">
        {check.isPending && <p>{t('common.loading')}</p>}
        {data && (
          <>
            {data.info && <SafeHtml html={data.info} className="text-sm" />}
            <p className="text-sm text-white/70">{t('refund.terms', { rate: data.ratePercent, success: data.refundSuccess, fail: data.refundFail })}</p>
            {data.result ? (
              <div className="rounded-2xl bg-white/5 p-3">
                <p className="text-xs text-white/60">{t('refund.amount', { loss: money(data.netLoss) })}</p>
                <Money value={data.refundAmount} className="text-2xl font-extrabold text-gold-300" testId="refund-amount" />
              </div>
            ) : (
              <p className="rounded-2xl bg-white/5 p-3 text-sm" data-testid="refund-none">{t('refund.none')}</p>
            )}
            {data.bonus && <p className="text-sm font-semibold text-rose-400" data-testid="refund-condition">{t('errors.REFUND_CONDITION')}</p>}
            <Button className="w-full" disabled={data.bonus || !data.result} busy={receive.isPending} onClick={() => setConfirming(true)} data-testid="refund-receive">
              {t('refund.receive')}
            </Button>
          </>
        )}
        <h3 className="font-semibold">{t('refund.log')}</h3>
        {log.data?.total === 0 && <p className="text-sm text-white/60">{t('refund.empty')}</p>}
        <ul className="divide-y divide-white/10" data-testid="refund-log">
          {log.data?.refunds.map((row, index) => (
            <li key={`${row.createdAt}-${index}`} className="flex justify-between py-2 text-sm">
              <span className="text-white/70">{formatDateTime(row.createdAt)}</span>
              <Money value={row.refundAmount} className="font-bold" />
            </li>
          ))}
        </ul>
        {log.data && <PageNumbers page={page} totalPages={Math.ceil(log.data.total / PAGE_SIZE.refund)} onPage={setPage} />}
      </div>
      <RewardConfirmDialog
        open={confirming}
        title={t('refund.confirmTitle')}
        query={refundPreviewQuery()}
        confirmLabel={t('refund.receive')}
        busy={receive.isPending}
        onConfirm={claim}
        onCancel={() => setConfirming(false)}
      />
    </Modal>
  );
}
