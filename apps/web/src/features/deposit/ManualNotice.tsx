import { toMinor } from '@wallet/contract';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { toast } from 'sonner';
import { errorText } from '../../shared/api/messages';
import { useMemberCurrency } from '../../shared/api/useMemberCurrency';
import { formatMoney } from '../../shared/format';
import { useSendDepositNotice } from './api/send-deposit-notice';
import { Button } from '../../shared/ui/Button';
import { TextField } from '../../shared/ui/Field';

/** Manual mode (SPEC §7 POST /api/wallet/add): the member says how much they transferred; staff check it. */
export function ManualNotice({ minimum, onBack, onDone }: { minimum: number; onBack: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const currency = useMemberCurrency();
  const [amount, setAmount] = useState('');
  const notify = useSendDepositNotice({
    onSuccess: () => {
      toast.success(t('deposit.noticeSent'), { id: 'notice' });
      onDone();
    },
    onError: (error) => toast.error(errorText(t, error), { id: 'notice' }),
  });
  const value = Number(amount);
  const valid = value >= minimum && value > 0 && toMinor(value) !== null;
  return (
    <div className="space-y-4">
      <p className="text-sm text-white/70">{t('deposit.noticeHint')}</p>
      <TextField label={t('transfer.amount')} name="noticeAmount" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value.replace(/[^\d.]/g, ''))} hint={t('deposit.notes.minimum', { amount: formatMoney(minimum, i18n.language, currency) })} />
      <Button className="w-full" disabled={!valid} busy={notify.isPending} onClick={() => notify.mutate(value)} data-testid="send-notice">
        {t('deposit.sendNotice')}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack}>{t('shared.back')}</Button>
    </div>
  );
}
