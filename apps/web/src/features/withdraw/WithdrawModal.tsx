import { readAmount } from '@wallet/client-kit/amount-input';
import { type WalletResponse, groupAccountNumber, toMajor } from '@wallet/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useWithdrawLimits } from '../../shared/api/lookup/get-withdraw-limits';
import { useActiveCondition } from '../../shared/api/promotions/get-active-condition';
import { type Message, errorMessage, messageText } from '../../shared/api/messages';
import { bankNameIn, formatMoney } from '../../shared/format';
import { Button } from '../../shared/ui/Button';
import { ConditionProgress } from '../../shared/ui/ConditionProgress';
import { AmountField } from '../../shared/ui/LaterFields';
import { Modal } from '../../shared/ui/Modal';
import { Money } from '../../shared/ui/Money';
import { useWithdrawAll } from './api/withdraw-all';
import { notify } from '../../shared/notify';

/** SPEC §2 withdraw overlay: to the registered account, within the operator's limits (SPEC §5). */
export function WithdrawModal({ wallet, total, onClose }: { wallet: WalletResponse; total: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const currency = wallet.wallet.currency;
  const lookup = useWithdrawLimits();
  // The operator's limits for the member's currency.
  const limits = lookup.data ? (lookup.data.currencies[currency] ?? lookup.data) : undefined;
  const money = (value: number) => formatMoney(value, i18n.language, currency);
  const condition = useActiveCondition().data?.condition ?? null;
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<Message | null>(null);
  const withdraw = useWithdrawAll({
    onSuccess: ({ withdrawal }) => {
      notify.success('withdraw', t(withdrawal.checking ? 'withdraw.checking' : 'withdraw.waiting'));
      onClose();
    },
    onError: (failure) => setError(errorMessage(failure)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!limits) return;
    const typed = readAmount(amount, currency);
    const value = typed.amount === null ? 0 : toMajor(typed.amount);
    if (!(value > 0) || value < limits.withdrawMin) return setError({ key: 'withdraw.minimum', values: { amount: money(limits.withdrawMin) } });
    if (!typed.payable) return setError({ key: 'shared.wholeKip' });
    if (value > limits.withdrawMax) return setError({ key: 'withdraw.maximum', values: { amount: money(limits.withdrawMax) } });
    withdraw.mutate(value);
  }

  const { bankAccount } = wallet;
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('withdraw.title')}>
      {condition && (
        <div className="mb-4">
          <ConditionProgress condition={condition} />
        </div>
      )}
      <form className="space-y-4" onSubmit={submit} noValidate>
        <div className="rounded-2xl bg-white/5 p-4">
          <p className="text-xs text-white/60">{t('withdraw.to')}</p>
          <p className="font-semibold" data-testid="withdraw-bank">{bankNameIn(i18n.language, bankAccount.bank)}</p>
          <p className="font-mono text-lg" data-testid="withdraw-account">{groupAccountNumber(bankAccount.bankAccountNo)}</p>
          <p className="text-sm text-white/70">{bankAccount.bankAccountName}</p>
        </div>
        <p className="text-sm text-white/70">
          {t('withdraw.available')} <Money value={total} className="font-bold text-gold-300" />
        </p>
        <AmountField
          label={t('transfer.amount')}
          name="withdrawAmount"
          currency={currency}
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setError(null);
          }}
          hint={limits && t('withdraw.limits', { min: money(limits.withdrawMin), max: money(limits.withdrawMax) })}
        />
        <p role="alert" className="min-h-5 text-sm font-semibold text-rose-300" data-testid="withdraw-error">{messageText(t, error)}</p>
        <Button type="submit" className="w-full" busy={withdraw.isPending} disabled={!limits} data-testid="withdraw-submit">
          {t('withdraw.submit')}
        </Button>
      </form>
    </Modal>
  );
}
