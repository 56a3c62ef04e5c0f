import type { SlipRecord } from '@wallet/contract';
import { useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { refusalText } from '../../shared/protection/refusal';
import { useSlipWindow } from '../../shared/api/lookup/get-slip-window';
import { useMoneyFormat } from '../../shared/ui/Money';
import { Button } from '../../shared/ui/Button';
import { slipPick, useUploadSlip } from './api/upload-slip';
import { notify } from '../../shared/notify';

const ACCEPTED = 'image/png,image/jpeg';

/** SPEC §2 slip upload: pick the slip image, watch it go up, and hear what became of it. */
export function SlipUpload({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const picker = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<SlipRecord | null>(null);
  const slipWindow = useSlipWindow();

  const upload = useUploadSlip({
    onStart: () => {
      setProgress(0);
      setResult(null);
    },
    onProgress: setProgress,
    onSuccess: ({ slip }) => {
      // The bar stays full beside the outcome: the member sees the upload went through.
      setProgress(1);
      setResult(slip);
      if (slip.status === 'SUCCESS') {
        notify.success('slip', t('slip.credited', { amount: money(slip.amount) }));
      } else if (slip.status === 'FAILED') {
        notify.error('slip', t(`errors.${slip.note ?? 'INVALID_SLIP'}`));
      } else {
        notify.info('slip', t('slip.waiting'));
      }
    },
    onError: (error) => {
      setProgress(null);
      notify.error('slip', refusalText(t, error));
    },
  });

  const closed = slipWindow.data?.isOpen === false;
  return (
    <div className="space-y-4" data-testid="slip-upload">
      <ul className="list-disc space-y-1 pl-5 text-sm text-white/70">
        <li>{t('deposit.notes.slipGenuine', { minutes: slipWindow.data?.maxAgeMinutes ?? 60 })}</li>
        <li>{t('deposit.notes.slipWindow')}</li>
      </ul>
      {closed && <p className="rounded-2xl bg-rose-400/10 p-3 text-sm text-rose-200" role="status">{t('errors.SLIP_UPLOAD_CLOSED')}</p>}
      <input
        ref={picker}
        type="file"
        accept={ACCEPTED}
        className="sr-only"
        data-testid="slip-file"
        aria-label={t('slip.choose')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) upload.mutate(slipPick(file));
        }}
      />
      <Button className="w-full" disabled={closed} busy={upload.isPending} onClick={() => picker.current?.click()} data-testid="choose-slip">
        {t('slip.choose')}
      </Button>
      {progress !== null && (
        <div className="space-y-1" data-testid="slip-progress">
          <div role="progressbar" aria-label={t('slip.uploading')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)} className="h-3 overflow-hidden rounded-full bg-white/10">
            <div className="h-full rounded-full bg-gold-400 transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
          </div>
          <p className="text-center text-xs text-white/60">{progress < 1 ? `${t('slip.uploading')} ${Math.round(progress * 100)}%` : upload.isPending ? t('slip.checking') : '100%'}</p>
        </div>
      )}
      {result && (
        <p className="rounded-2xl bg-white/5 p-3 text-center text-sm" data-testid="slip-result" data-status={result.status}>
          {t(`statement.status.${result.status}`)}
          {result.note && ` · ${t(`errors.${result.note}`)}`}
          {result.amount > 0 && ` · ${money(result.amount)}`}
        </p>
      )}
      <Button variant="ghost" className="w-full" onClick={onBack}>{t('shared.back')}</Button>
    </div>
  );
}
