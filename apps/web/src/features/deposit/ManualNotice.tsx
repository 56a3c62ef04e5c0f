import { readAmount } from '@wallet/client-kit/amount-input';
import { toMajor } from '@wallet/contract';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { refusalText } from '../../shared/protection/refusal';
import { useMemberCurrency } from '../../shared/api/useMemberCurrency';
import { formatMoney } from '../../shared/format';
import { useSendDepositNotice } from './api/send-deposit-notice';
import { Button } from '../../shared/ui/Button';
import { AmountField } from '../../shared/ui/LaterFields';
import { notify } from '../../shared/notify';

/** Manual mode (SPEC §7 POST /api/wallet/add): the member says how much they transferred; staff check it. */
export function ManualNotice({ minimum, onBack, onDone }: { minimum: number; onBack: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const currency = useMemberCurrency();
  const [amount, setAmount] = useState('');
  const send = useSendDepositNotice({
    onSuccess: () => {
      notify.success('notice', t('deposit.noticeSent'));
      onDone();
    },
    onError: (error) => notify.error('notice', refusalText(t, error)),
  });
  const typed = readAmount(amount, currency);
  const value = typed.amount === null ? 0 : toMajor(typed.amount);
  const valid = value >= minimum && value > 0 && typed.payable;
  return (
    <div className="space-y-4">
      <p className="text-sm text-white/70">{t('deposit.noticeHint')}</p>
      <AmountField label={t('transfer.amount')} name="noticeAmount" currency={currency} value={amount} onChange={(event) => setAmount(event.target.value)} hint={t('deposit.notes.minimum', { amount: formatMoney(minimum, i18n.language, currency) })} />
      <Button className="w-full" disabled={!valid} busy={send.isPending} onClick={() => send.mutate(value)} data-testid="send-notice">
        {t('deposit.sendNotice')}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack}>{t('shared.back')}</Button>
    </div>
  );
}
