import { BREAK_PERIODS, type CurrencyCode, EXCLUSION_PERIODS, LIMIT_KINDS, type LimitKind, type MemberProtection, applyRestrictionBody, isMoneyLimit } from '@wallet/contract';
import { wireAmount } from '@wallet/client-kit/amount-input';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError } from '../../shared/api/client';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { AmountField, SelectField, TextField } from '../../shared/ui/Field';
import { formatMoney, formatTime } from '../../shared/ui/format';
import { useApplyRestriction, useMemberProtection, useTightenLimit } from './api/member-protection';

const at = (epochMs: number) => formatTime(new Date(epochMs).toISOString());
const cell = 'py-1 pr-3';

/** A member's player protection: limits, the restriction in force and every one before, flagged deposits, the limit history; a break, a self-exclusion or a tighter limit with a reason. */
export function ProtectionPanel({ memberId, currency }: { memberId: string; currency: CurrencyCode }) {
  const { t } = useTranslation();
  const protection = useMemberProtection(memberId);
  const [dialog, setDialog] = useState<'restrict' | 'tighten' | null>(null);
  const data = protection.data;
  const value = (kind: LimitKind, amount: number | null) => (amount === null ? t('protection.none') : isMoneyLimit(kind) ? formatMoney(amount, 'en') : t('protection.minutes', { minutes: amount }));
  return (
    <section className="space-y-3 rounded-xl border border-white/10 bg-desk-900 p-4" data-testid="member-protection">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-bold">{t('protection.title')}</h2>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => setDialog('restrict')} data-testid="protection-restrict">{t('protection.restrict')}</Button>
          <Button variant="secondary" onClick={() => setDialog('tighten')} data-testid="protection-tighten">{t('protection.tighten')}</Button>
        </div>
      </div>
      {protection.error && <p className="text-sm text-rose-300">{errorText(protection.error)}</p>}
      {data && (
        <>
          <p className="text-sm" data-testid="protection-in-force">
            <strong>{t('protection.inForce')}:</strong> {restrictionText(t, data.restriction)}
          </p>
          <div className="grid gap-4 xl:grid-cols-2">
            <Table title={t('protection.limits')} testId="protection-limits" empty={null} headings={[t('protection.kind'), t('protection.amount'), t('protection.used'), t('protection.waiting')]}>
              {data.limits.map((limit) => (
                <tr key={limit.kind} className="border-t border-white/5 align-top">
                  <td className={cell}>{t(`protection.kinds.${limit.kind}`)}</td>
                  <td className={`${cell} font-mono`}>{value(limit.kind, limit.amount)}</td>
                  <td className={`${cell} text-white/70`}>{limit.amount !== null && limit.used !== null ? `${value(limit.kind, limit.used)}${limit.resetsAt ? ` · ${t('protection.resets', { at: at(limit.resetsAt) })}` : ''}` : '-'}</td>
                  <td className={`${cell} text-white/70`}>{limit.next ? t('protection.becomes', { amount: value(limit.kind, limit.next.amount), at: at(limit.next.at) }) : '-'}</td>
                </tr>
              ))}
            </Table>
            <Table title={t('protection.restrictions')} testId="protection-restrictions" empty={data.restrictions.length === 0 ? t('protection.noRestrictions') : null} headings={[t('protection.kind'), t('protection.from'), t('protection.until'), t('protection.by'), t('protection.reason')]}>
              {data.restrictions.map((restriction) => (
                <tr key={`${restriction.kind}-${restriction.startsAt}`} className="border-t border-white/5 align-top">
                  <td className={cell}>{t(`protection.kinds.${restriction.kind}`)}</td>
                  <td className={`${cell} whitespace-nowrap`}>{at(restriction.startsAt)}</td>
                  <td className={`${cell} whitespace-nowrap`}>{restriction.endsAt === null ? t('protection.noEnd') : at(restriction.endsAt)}{restriction.returnRequestedAt !== null && <div className="text-xs text-white/50">{t('protection.returnAsked', { at: at(restriction.returnRequestedAt) })}</div>}</td>
                  <td className={cell}>{restriction.operator ?? t('protection.byMember')}</td>
                  <td className={`${cell} text-white/70`}>{restriction.reason ?? '-'}</td>
                </tr>
              ))}
            </Table>
            <Table title={t('protection.flags')} testId="protection-flags" empty={data.flags.length === 0 ? t('protection.noFlags') : null} headings={[t('protection.time'), t('protection.deposit'), t('protection.flagReason')]}>
              {data.flags.map((flag) => (
                <tr key={flag.depositId} className="border-t border-white/5 align-top">
                  <td className={`${cell} whitespace-nowrap`}>{at(flag.createdAt)}</td>
                  <td className={`${cell} font-mono`}>{flag.depositId}</td>
                  <td className={cell}>{t(`protection.flagReasons.${flag.reason}`, { defaultValue: flag.reason })}{flag.limit && ` · ${t(`protection.kinds.${flag.limit}`, { defaultValue: flag.limit })}`}</td>
                </tr>
              ))}
            </Table>
            <Table title={t('protection.history')} testId="protection-history" empty={data.history.length === 0 ? t('protection.noHistory') : null} headings={[t('protection.time'), t('protection.kind'), t('protection.change'), t('protection.effective')]}>
              {data.history.map((change) => (
                <tr key={`${change.kind}-${change.createdAt}`} className="border-t border-white/5 align-top">
                  <td className={`${cell} whitespace-nowrap`}>{at(change.createdAt)}</td>
                  <td className={cell}>{t(`protection.kinds.${change.kind}`)}</td>
                  <td className={`${cell} font-mono`}>{value(change.kind, change.from)} → {value(change.kind, change.to)}{change.byOperator && <span className="ml-1 font-sans text-xs text-white/50">({t('protection.byDesk')})</span>}</td>
                  <td className={`${cell} whitespace-nowrap`}>{at(change.effectiveAt)}</td>
                </tr>
              ))}
            </Table>
          </div>
        </>
      )}
      {dialog === 'restrict' && <RestrictDialog memberId={memberId} onClose={() => setDialog(null)} />}
      {dialog === 'tighten' && <TightenDialog memberId={memberId} currency={currency} onClose={() => setDialog(null)} />}
    </section>
  );
}

function restrictionText(t: (key: string, values?: Record<string, string>) => string, restriction: MemberProtection['restriction']): string {
  if (!restriction) return t('protection.noRestriction');
  const until = restriction.endsAt === null ? t('protection.noEnd') : at(restriction.endsAt);
  return t(restriction.byOperator ? 'protection.inForceByDesk' : 'protection.inForceByMember', { kind: t(`protection.kinds.${restriction.kind}`), until });
}

function Table({ title, testId, headings, empty, children }: { title: string; testId: string; headings: string[]; empty: string | null; children: ReactNode }) {
  return (
    <div data-testid={testId}>
      <h3 className="mb-1 text-sm font-semibold text-white/80">{title}</h3>
      {empty !== null ? (
        <p className="text-sm text-white/50">{empty}</p>
      ) : (
        <table className="w-full text-sm">
          <thead className="text-left text-xs text-white/50">
            <tr>{headings.map((heading) => <th key={heading} className="py-1 pr-3 font-normal">{heading}</th>)}</tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      )}
    </div>
  );
}

/** A break or a self-exclusion from the desk: the reason is required (it is audited, and the member is not shown it). */
function RestrictDialog({ memberId, onClose }: { memberId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const apply = useApplyRestriction(memberId);
  const [kind, setKind] = useState<'break' | 'exclusion'>('break');
  const [period, setPeriod] = useState<string>('24h');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const periods: readonly string[] = kind === 'break' ? BREAK_PERIODS : EXCLUSION_PERIODS;
  function submit(event: FormEvent) {
    event.preventDefault();
    const body = applyRestrictionBody.safeParse({ kind, period, reason });
    if (!body.success) return setError(t('protection.reasonRequired'));
    apply.mutate(body.data, {
      onSuccess: () => {
        toast.success(t('protection.applied'));
        onClose();
      },
      onError: (failure) => toast.error(errorText(failure)),
    });
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('protection.restrict')} testId="protection-restrict-dialog">
      <form className="space-y-3" onSubmit={submit} noValidate>
        <SelectField label={t('protection.kind')} value={kind} onChange={(event) => { const next = event.target.value === 'exclusion' ? 'exclusion' : 'break'; setKind(next); setPeriod(next === 'break' ? '24h' : '6m'); }} data-testid="protection-restrict-kind">
          <option value="break">{t('protection.kinds.break')}</option>
          <option value="exclusion">{t('protection.kinds.exclusion')}</option>
        </SelectField>
        <SelectField label={t('protection.period')} value={period} onChange={(event) => setPeriod(event.target.value)} data-testid="protection-restrict-period">
          {periods.map((name) => <option key={name} value={name}>{t(`protection.periods.${name}`)}</option>)}
        </SelectField>
        <TextField label={t('protection.reason')} value={reason} error={error} onChange={(event) => { setReason(event.target.value); setError(undefined); }} data-testid="protection-restrict-reason" />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" busy={apply.isPending} data-testid="protection-restrict-submit">{t('protection.apply')}</Button>
        </div>
      </form>
    </Dialog>
  );
}

/** A tighter limit from the desk (never a looser one: the server refuses it). */
function TightenDialog({ memberId, currency, onClose }: { memberId: string; currency: CurrencyCode; onClose: () => void }) {
  const { t } = useTranslation();
  const tighten = useTightenLimit(memberId);
  const [kind, setKind] = useState<LimitKind>('deposit_day');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const money = isMoneyLimit(kind);
  function submit(event: FormEvent) {
    event.preventDefault();
    const amount = money ? wireAmount(text, currency) : Number(text);
    if (!(amount > 0) || (!money && !Number.isInteger(amount))) return setError(t('protection.amountRequired'));
    tighten.mutate(
      { kind, amount },
      {
        onSuccess: () => {
          toast.success(t('protection.applied'));
          onClose();
        },
        onError: (failure) => setError(failure instanceof ApiError && failure.code === 'KEY_INVALID' ? t('protection.onlyTighter') : errorText(failure)),
      },
    );
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('protection.tighten')} testId="protection-tighten-dialog">
      <form className="space-y-3" onSubmit={submit} noValidate>
        <SelectField label={t('protection.kind')} value={kind} onChange={(event) => { setKind(event.target.value as LimitKind); setError(undefined); }} data-testid="protection-tighten-kind">
          {LIMIT_KINDS.map((name) => <option key={name} value={name}>{t(`protection.kinds.${name}`)}</option>)}
        </SelectField>
        {money ? (
          <AmountField label={t('protection.newLimit')} name="protectionLimit" currency={currency} value={text} error={error} onChange={(event) => { setText(event.target.value); setError(undefined); }} />
        ) : (
          <TextField label={t('protection.newMinutes')} inputMode="numeric" value={text} error={error} onChange={(event) => { setText(event.target.value); setError(undefined); }} />
        )}
        <p className="text-xs text-white/50">{t('protection.tightenHint')}</p>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" busy={tighten.isPending} data-testid="protection-tighten-submit">{t('protection.apply')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
