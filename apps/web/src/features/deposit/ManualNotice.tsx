import { useMutation, useQueryClient } from '@tanstack/react-query';
import { depositNoticeResponse, toMinor } from '@wallet/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { api } from '../../shared/api/client';
import { errorText } from '../../shared/api/messages';
import { Button } from '../../shared/ui/Button';
import { TextField } from '../../shared/ui/Field';

/** Manual mode (SPEC §7 POST /api/wallet/add): the member says how much they transferred; staff check it. */
export function ManualNotice({ minimum, onBack, onDone }: { minimum: number; onBack: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  // One key per notice typed, so a double tap or a retry after a timeout files it once; a changed
  // amount is a new notice (the server refuses a key reused for a different amount).
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const notify = useMutation({
    mutationFn: (value: number) => api.post('/api/wallet/add', { amount: value }, { schema: depositNoticeResponse, idempotencyKey }),
    onSuccess: async () => {
      toast.success(t('deposit.noticeSent'));
      await queryClient.invalidateQueries({ queryKey: ['statement'] });
      onDone();
    },
    onError: (error) => toast.error(errorText(t, error)),
  });
  const value = Number(amount);
  const valid = value >= minimum && value > 0 && toMinor(value) !== null;
  return (
    <div className="space-y-4">
      <p className="text-sm text-white/70">{t('deposit.noticeHint')}</p>
      <TextField label={t('transfer.amount')} name="noticeAmount" inputMode="decimal" value={amount} onChange={(event) => {
          setAmount(event.target.value.replace(/[^\d.]/g, ''));
          setIdempotencyKey(crypto.randomUUID());
        }} hint={t('deposit.notes.minimum', { amount: minimum })} />
      <Button className="w-full" disabled={!valid} busy={notify.isPending} onClick={() => notify.mutate(value)} data-testid="send-notice">
        {t('deposit.sendNotice')}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack}>{t('common.back')}</Button>
    </div>
  );
}
