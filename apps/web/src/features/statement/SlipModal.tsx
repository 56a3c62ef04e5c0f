import { useMutation } from '@tanstack/react-query';
import { PAGE_SIZE } from '@wallet/contract';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { getSlipImage } from './api/get-slip-image';
import { useSlips } from './api/get-slips';
import { formatDateTime } from '../../shared/format';
import { Button } from '../../shared/ui/Button';
import { Modal } from '../../shared/ui/Modal';
import { Money } from '../../shared/ui/Money';
import { PageNumbers } from '../../shared/ui/PageNumbers';
import { STATUS_STYLE } from './status';

/** SPEC §2 Slip modal: 10 per page, date, amount (dash if zero), status with reason, view, refresh. */
export function SlipModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<string | null>(null);
  const slips = useSlips(page);
  const view = useMutation({
    mutationFn: getSlipImage,
    onSuccess: ({ url }) => setViewing(url),
  });
  const totalPages = Math.ceil((slips.data?.total ?? 0) / PAGE_SIZE.slip);

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('slip.status')}>
      {viewing ? (
        <div className="space-y-3">
          <img src={viewing} alt={t('slip.image')} className="mx-auto max-h-[65vh] rounded-2xl" data-testid="slip-image" />
          <Button variant="secondary" className="w-full" onClick={() => setViewing(null)}>{t('shared.back')}</Button>
        </div>
      ) : (
        <>
          <div className="mb-2 flex justify-end">
            <Button variant="ghost" onClick={() => void slips.refetch()} busy={slips.isFetching} data-testid="refresh-slips">{t('slip.refresh')}</Button>
          </div>
          {slips.data?.slips.length === 0 && <p className="py-6 text-center text-white/60">{t('slip.empty')}</p>}
          <ul className="divide-y divide-white/10" data-testid="slip-list">
            {slips.data?.slips.map((slip) => (
              <li key={slip.reference} className="flex items-center gap-3 py-3" data-status={slip.status}>
                <div className="min-w-0 flex-1">
                  <p className="font-semibold tabular-nums">{slip.amount > 0 ? <Money value={slip.amount} /> : '-'}</p>
                  <p className="text-xs text-white/50">{formatDateTime(slip.createdAt)}</p>
                  <p className="mt-1 text-xs">
                    <span className={`inline-block rounded-full px-2 py-0.5 font-semibold ${STATUS_STYLE[slip.status]}`}>{t(`statement.status.${slip.status}`)}</span>
                    {/* A slip the verifier could not settle waits for staff; its note is why, for them, not the member. */}
                    {slip.status === 'in_progress' ? (
                      <span className="ml-2 text-white/70" data-testid="slip-waiting">{t('slip.waitingShort')}</span>
                    ) : (
                      slip.status === 'FAILED' && slip.note && <span className="ml-2 text-white/70">{t(`errors.${slip.note}`)}</span>
                    )}
                  </p>
                </div>
                <Button variant="secondary" className="min-h-11 px-4 text-sm" busy={view.isPending && view.variables === slip.reference} onClick={() => view.mutate(slip.reference)}>
                  {t('slip.view')}
                </Button>
              </li>
            ))}
          </ul>
          <PageNumbers page={page} totalPages={totalPages} onPage={setPage} />
        </>
      )}
    </Modal>
  );
}
