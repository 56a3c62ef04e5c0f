import { zodResolver } from '@hookform/resolvers/zod';
import { CORRECTION_REASONS, type ReconciliationException, correctionBody, exceptionCorrectionBody, walletCurrencyOf } from '@wallet/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { AmountField, SelectField, TextField, amountValue } from '../../shared/ui/Field';
import { toastDecisionFailure } from '../../shared/ui/decision-toast';
import { useMemberPhone } from '../../shared/api/member-phone';
import { type ExceptionCorrection, useProposeExceptionCorrection } from './api/propose-exception-correction';
import { correctionFor } from './figures';

const MEMBER_ID = /^\d{1,18}$/;

/**
 * A correction proposed from an exception: the difference prefilled, credited when the outside
 * record holds more than ours; the member asked for only when the exception names none, with the
 * phone of the member typed shown before anything is sent. Nothing moves until a second operator
 * approves it on the Corrections page.
 */
export function CorrectionForm({ exception }: { exception: ReconciliationException }) {
  const { t } = useTranslation();
  const currency = walletCurrencyOf(exception.currency);
  const needsMember = exception.memberId === null;
  // One key per opened form: a double submit, or a retry after a lost answer, proposes once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [failure, setFailure] = useState<string | null>(null);
  const propose = useProposeExceptionCorrection();
  const prefill = correctionFor(exception);
  // raw: the form keeps the amount as typed in major units; the server parses it into minor units.
  const form = useForm<ExceptionCorrection>({
    resolver: zodResolver(needsMember ? correctionBody : exceptionCorrectionBody, undefined, { raw: true }),
    defaultValues: { direction: prefill.direction, ...(prefill.amount === undefined ? {} : { amount: prefill.amount }), reasonCode: exception.kind === 'theirs_only' ? 'DEPOSIT_NOT_CREDITED' : 'OTHER', note: '', ...(needsMember ? { memberId: '' } : {}) },
  });
  const typedMember = form.watch('memberId')?.trim() ?? '';
  const member = useMemberPhone(needsMember && MEMBER_ID.test(typedMember) ? typedMember : null);
  const submit = form.handleSubmit((body) => {
    setFailure(null);
    propose.mutate(
      { id: exception.id, body, idempotencyKey },
      {
        onSuccess: () => toast.success(t('reconciliation.correctionProposedToast')),
        onError: (error) => {
          setFailure(errorText(error));
          toastDecisionFailure(error);
        },
      },
    );
  });
  const fieldError = (name: keyof ExceptionCorrection) => (form.formState.errors[name] ? t(`errors.${form.formState.errors[name]?.message ?? 'KEY_INVALID'}`) : undefined);
  return (
    <form className="space-y-3 rounded-lg border border-white/10 p-3" onSubmit={(event) => void submit(event)} data-testid="exception-correction-form">
      <p className="text-xs text-white/60">{t('reconciliation.correctionAbout')}</p>
      {needsMember && (
        <div>
          <TextField label={t('reconciliation.memberId')} inputMode="numeric" error={fieldError('memberId')} {...form.register('memberId')} data-testid="exception-correction-member" />
          {member.data && <p className="mt-1 text-xs text-emerald-300" data-testid="exception-correction-phone">{t('reconciliation.memberPhone', { phone: member.data })}</p>}
          {member.isError && <p className="mt-1 text-xs text-rose-300">{errorText(member.error)}</p>}
        </div>
      )}
      <div className="grid grid-cols-2 gap-3">
        <SelectField label={t('members.direction')} {...form.register('direction')} data-testid="exception-correction-direction">
          <option value="credit">{t('members.credit')}</option>
          <option value="debit">{t('members.debit')}</option>
        </SelectField>
        <AmountField label={t('reconciliation.correctionAmount', { currency })} currency={currency} error={fieldError('amount')} {...form.register('amount', { setValueAs: amountValue(currency) })} data-testid="exception-correction-amount" />
      </div>
      <SelectField label={t('members.reasonCode')} {...form.register('reasonCode')} data-testid="exception-correction-reason">
        {CORRECTION_REASONS.map((reason) => (
          <option key={reason} value={reason}>{t(`corrections.reasons.${reason}`)}</option>
        ))}
      </SelectField>
      <TextField label={t('members.note')} error={fieldError('note')} {...form.register('note')} data-testid="exception-correction-note" />
      <div className="flex justify-end">
        <Button type="submit" busy={propose.isPending} data-testid="exception-correction-submit">{t('reconciliation.proposeCorrection')}</Button>
      </div>
      {failure && <p role="alert" className="text-xs text-rose-300">{failure}</p>}
    </form>
  );
}
