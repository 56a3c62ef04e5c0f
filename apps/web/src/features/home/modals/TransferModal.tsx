import { readAmount } from '@wallet/client-kit/amount-input';
import { type Slot, TRANSFER_MINIMUM_BAHT, WALLET_CODE, minorOf, toMajor } from '@wallet/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/useTranslation';
import { type Message, messageText } from '../../../shared/api/messages';
import { BreakNowButton } from '../../../shared/ui/BreakNowButton';
import { refusalMessage } from '../../../shared/protection/refusal';
import { useMemberCurrency } from '../../../shared/api/useMemberCurrency';
import { Button } from '../../../shared/ui/Button';
import { AmountField, SelectField } from '../../../shared/ui/LaterFields';
import { Modal } from '../../../shared/ui/Modal';
import { Money } from '../../../shared/ui/Money';
import { useTransfer } from '../api/transfer';
import { slotBalance } from '../balances';
import { notify } from '../../../shared/notify';

/** SPEC §2 transfer overlay with the SPEC §5 rules. */
export function TransferModal({ walletAmount, slots, onClose }: { walletAmount: number; slots: Slot[]; onClose: () => void }) {
  const { t } = useTranslation();
  const transfer = useTransfer();
  const currency = useMemberCurrency();
  const active = slots.filter((slot) => slot.isActive);
  const [from, setFrom] = useState(WALLET_CODE);
  const [to, setTo] = useState(active[0]?.code ?? '');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<Message | null>(null);

  const available = from === WALLET_CODE ? walletAmount : (() => {
    const slot = active.find((candidate) => candidate.code === from);
    return slot ? slotBalance(slot) : 0;
  })();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!from || !to) return setError({ key: 'transfer.selectAccount' });
    if (from === to) return setError({ key: 'transfer.cannotTransfer' });
    const typed = readAmount(amount, currency);
    if (typed.amount === null || typed.amount < minorOf(TRANSFER_MINIMUM_BAHT)) return setError({ key: 'transfer.minimum', values: { amount: TRANSFER_MINIMUM_BAHT } });
    if (!typed.payable) return setError({ key: 'shared.wholeKip' });
    transfer.mutate(
      { from, to, amount: toMajor(typed.amount) },
      {
        onSuccess: (answer) => {
          if (answer.message === 'TRANSFER_PENDING') notify.info('transfer', t('errors.TRANSFER_PENDING'));
          else notify.success('transfer', t('transfer.success'));
          onClose();
        },
        onError: (failure) => setError(refusalMessage(failure)),
      },
    );
  }

  const options = [{ code: WALLET_CODE, name: t('transfer.wallet') }, ...active.map((slot) => ({ code: slot.code, name: slot.name }))];
  const change = (set: (value: string) => void) => (value: string) => {
    set(value);
    setError(null);
  };
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('transfer.title')}>
      <form className="space-y-4" onSubmit={submit} noValidate>
        <SelectField label={t('transfer.from')} name="from" value={from} onChange={(event) => change(setFrom)(event.target.value)}>
          <option value="">{t('transfer.choose')}</option>
          {options.map((option) => <option key={option.code} value={option.code}>{option.name}</option>)}
        </SelectField>
        <SelectField label={t('transfer.to')} name="to" value={to} onChange={(event) => change(setTo)(event.target.value)}>
          <option value="">{t('transfer.choose')}</option>
          {options.map((option) => <option key={option.code} value={option.code}>{option.name}</option>)}
        </SelectField>
        <AmountField
          label={t('transfer.amount')}
          name="amount"
          currency={currency}
          value={amount}
          onChange={(event) => change(setAmount)(event.target.value)}
          hint={<>{t('transfer.available')} <Money value={available} /></>}
        />
        <p role="alert" className="min-h-5 text-sm font-semibold text-rose-300" data-testid="transfer-error">{messageText(t, error)}</p>
        <Button type="submit" className="w-full" busy={transfer.isPending} data-testid="transfer-submit">
          {t('transfer.submit')}
        </Button>
      </form>
      <BreakNowButton compact loadStatus={false} className="mt-3 w-full" />
    </Modal>
  );
}
