import { zodResolver } from '@hookform/resolvers/zod';
import { CORRECTION_REASONS, type CurrencyCode, type MemberBankChangeBody, correctionBody, memberBankChangeBody, walletCurrencyOf } from '@wallet/contract';
import type { z } from 'zod';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { hasRole, useMe } from '../../shared/api/me';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { AmountField, SelectField, TextField, amountValue } from '../../shared/ui/Field';
import { usePrompt } from '../../shared/ui/PromptDialog';
import { formatMoney, formatTime } from '../../shared/ui/format';
import { ConditionPanel } from './ConditionPanel';
import { MemberLinks } from '../../shared/ui/MemberLinks';
import { MemberRecords } from './MemberRecords';
import { MemberRisk } from './MemberRisk';
import { MemberNotices } from './MemberNotices';
import { MemberSpins } from './MemberSpins';
import { ProtectionPanel } from './ProtectionPanel';
import { useMember } from '../../shared/api/get-member';
import { type MemberAction, useChangeBankAccount, useMemberAction } from './api/member-actions';
import { useProposeCorrection } from './api/propose-correction';
import { Fact } from '../../shared/ui/Fact';

/** The correction as typed: baht, which the server parses into satang. */
type CorrectionForm = z.input<typeof correctionBody>;

/** Everything about one member, and what an operator may do to them (by role). */
export function MemberPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const roles = useMe().data?.roles;
  const member = useMember(id);
  const action = useMemberAction(id);
  const prompt = usePrompt();
  const [dialog, setDialog] = useState<'bank' | 'correction' | null>(null);
  const data = member.data;
  if (!data) return <p className="text-white/50">{member.error ? errorText(member.error) : '…'}</p>;

  async function act(kind: MemberAction, label: string) {
    const reason = await prompt.ask({ title: label, label: t('members.reasonLabel') });
    if (!reason) return;
    action.mutate({ action: kind, reason }, { onSuccess: () => toast.success(t('members.done')), onError: (error) => toast.error(errorText(error)) });
  }
  const support = hasRole(roles, 'admin', 'support');
  const money = hasRole(roles, 'admin', 'finance');

  return (
    <div className="space-y-4" data-testid="member-page">
      <Link to="/members" className="text-sm text-accent-300 underline">{t('members.back')}</Link>
      <div className="grid grid-cols-3 gap-4">
        <Panel title={t('members.profile')}>
          <Fact label="ID">{data._id}</Fact>
          <Fact label={t('members.phone')}><span className="font-mono">{data.phone}</span></Fact>
          <Fact label={t('members.name')}>{data.name}</Fact>
          <Fact label={t('members.status')}>
            <span data-testid="member-status" className={data.status === 'blocked' ? 'text-rose-300' : ''}>{data.status === 'active' ? t('members.statusActive') : t('members.statusBlocked')}</span>
          </Fact>
          <Fact label={t('members.joined')}>{formatTime(data.createdAt)}</Fact>
          <Fact label={t('members.inviter')}>{data.inviter ? <Link className="underline" to={`/members/${data.inviter._id}`}>{data.inviter.phone}</Link> : '-'}</Fact>
          <Fact label={t('members.invitees')}>{data.invitees}</Fact>
        </Panel>
        <Panel title={t('members.bank')}>
          <Fact label={t('members.bankCode')}>{data.bankCode} · {data.bankName}</Fact>
          <Fact label={t('members.bankAccountNo')}><span className="font-mono">{data.bankAccountNo}</span></Fact>
          <Fact label={t('members.bankAccountName')}>{data.bankAccountName}</Fact>
          <Fact label={t('members.condition')}>{data.condition ? `${t(`conditionKinds.${data.condition.kind}`, { defaultValue: data.condition.kind })} · ${formatMoney(data.condition.successTarget, 'en')}` : t('members.noCondition')}</Fact>
        </Panel>
        <Panel title={t('members.balances')}>
          {data.accounts.map((account) => (
            <Fact key={account.code} label={account.providerCode ?? t('members.wallet')}>
              <span className="font-mono" data-testid={`balance-${account.providerCode ?? 'wallet'}`}>{formatMoney(account.balance, 'en')}</span>
            </Fact>
          ))}
          <Fact label={t('members.sessions')}>{data.sessions.length}</Fact>
        </Panel>
      </div>
      <div className="flex flex-wrap gap-2" data-testid="member-actions">
        {support && data.status === 'active' && <Button variant="danger" onClick={() => void act('block', t('members.block'))} data-testid="member-block">{t('members.block')}</Button>}
        {support && data.status === 'blocked' && <Button variant="secondary" onClick={() => void act('unblock', t('members.unblock'))} data-testid="member-unblock">{t('members.unblock')}</Button>}
        {support && <Button variant="secondary" onClick={() => void act('sessions/end', t('members.endSessions'))}>{t('members.endSessions')}</Button>}
        {support && <Button variant="secondary" onClick={() => void act('password-reset', t('members.resetPassword'))}>{t('members.resetPassword')}</Button>}
        {money && <Button variant="secondary" onClick={() => setDialog('bank')}>{t('members.changeBank')}</Button>}
        {money && <Button onClick={() => setDialog('correction')} data-testid="member-propose-correction">{t('members.proposeCorrection')}</Button>}
      </div>
      <ConditionPanel memberId={data._id} canEnd={hasRole(roles, 'admin', 'finance', 'support')} ask={prompt.ask} />
      <MemberLinks memberId={data._id} phone={data.phone} />
      {money && <MemberRisk memberId={data._id} />}
      {hasRole(roles, 'admin', 'support', 'finance') && <ProtectionPanel memberId={data._id} currency={walletCurrencyOf(data.currency)} harmCases={support} />}
      <MemberRecords member={data} />
      <MemberSpins memberId={data._id} canVoid={hasRole(roles, 'admin', 'marketing')} ask={prompt.ask} />
      {hasRole(roles, 'admin', 'support', 'finance', 'marketing') && <MemberNotices memberId={data._id} canSendTest={hasRole(roles, 'admin', 'support', 'marketing')} />}
      {prompt.dialog}
      {dialog === 'correction' && <CorrectionDialog memberId={data._id} currency={walletCurrencyOf(data.currency)} onClose={() => setDialog(null)} />}
      {dialog === 'bank' && <BankDialog memberId={data._id} onClose={() => setDialog(null)} />}
    </div>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-white/10 bg-desk-900 p-4">
      <h2 className="mb-2 font-bold">{title}</h2>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">{children}</dl>
    </section>
  );
}

/** A correction is in the member's wallet currency. */
function CorrectionDialog({ memberId, currency, onClose }: { memberId: string; currency: CurrencyCode; onClose: () => void }) {
  const { t } = useTranslation();
  // One key per opened form: a double submit, or a retry after a lost answer, proposes once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const propose = useProposeCorrection();
  // raw: the form keeps baht as typed; the server parses them into satang.
  const form = useForm<CorrectionForm>({ resolver: zodResolver(correctionBody, undefined, { raw: true }), defaultValues: { memberId, direction: 'credit', reasonCode: 'DEPOSIT_NOT_CREDITED', note: '' } });
  const submit = form.handleSubmit((body) =>
    propose.mutate(
      { body, idempotencyKey },
      {
        onSuccess: () => {
          toast.success(t('members.proposed'));
          onClose();
        },
        onError: (error) => toast.error(errorText(error)),
      },
    ),
  );
  const fieldError = (name: keyof CorrectionForm) => (form.formState.errors[name] ? t(`errors.${form.formState.errors[name]?.message ?? 'KEY_INVALID'}`) : undefined);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('members.proposeCorrection')} testId="correction-dialog">
      <form className="space-y-3" onSubmit={(event) => void submit(event)}>
        <SelectField label={t('members.direction')} {...form.register('direction')}>
          <option value="credit">{t('members.credit')}</option>
          <option value="debit">{t('members.debit')}</option>
        </SelectField>
        <AmountField label={t('members.amount')} currency={currency} error={fieldError('amount')} {...form.register('amount', { setValueAs: amountValue(currency) })} />
        <SelectField label={t('members.reasonCode')} {...form.register('reasonCode')}>
          {CORRECTION_REASONS.map((reason) => (
            <option key={reason} value={reason}>{t(`corrections.reasons.${reason}`)}</option>
          ))}
        </SelectField>
        <TextField label={t('members.note')} error={fieldError('note')} {...form.register('note')} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" busy={propose.isPending} data-testid="correction-submit">{t('common.save')}</Button>
        </div>
      </form>
    </Dialog>
  );
}

function BankDialog({ memberId, onClose }: { memberId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useChangeBankAccount(memberId);
  const form = useForm<MemberBankChangeBody>({ resolver: zodResolver(memberBankChangeBody, undefined, { raw: true }), defaultValues: { bankCode: '', bankAccountNo: '', bankAccountName: '', reason: '' } });
  const submit = form.handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: () => {
        toast.success(t('members.done'));
        onClose();
      },
      onError: (error) => toast.error(errorText(error)),
    }),
  );
  const fieldError = (name: keyof MemberBankChangeBody) => (form.formState.errors[name] ? t(`errors.${form.formState.errors[name]?.message ?? 'KEY_INVALID'}`) : undefined);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('members.changeBank')}>
      <form className="space-y-3" onSubmit={(event) => void submit(event)}>
        <TextField label={t('members.bankCode')} error={fieldError('bankCode')} {...form.register('bankCode')} />
        <TextField label={t('members.bankAccountNo')} error={fieldError('bankAccountNo')} {...form.register('bankAccountNo')} />
        <TextField label={t('members.bankAccountName')} error={fieldError('bankAccountName')} {...form.register('bankAccountName')} />
        <TextField label={t('members.reasonLabel')} error={fieldError('reason')} {...form.register('reason')} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" busy={change.isPending}>{t('common.save')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
