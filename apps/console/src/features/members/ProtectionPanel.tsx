import { BREAK_PERIODS, type CurrencyCode, EXCLUSION_PERIODS, type HarmCaseSummary, LIMIT_KINDS, type LimitKind, type MemberProtection, applyRestrictionBody, isMoneyLimit } from '@wallet/contract';
import { wireAmount } from '@wallet/client-kit/amount-input';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '../../shared/api/client';
import { useMe } from '../../shared/api/me';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { AmountField, SelectField, TextField } from '../../shared/ui/Field';
import { formatEpoch, formatMoney } from '../../shared/ui/format';
import { useMemberHarmCases } from './api/member-harm-cases';
import { useApplyRestriction, useLiftRestriction, useMemberProtection, useTightenLimit } from './api/member-protection';

type Restriction = MemberProtection['restrictions'][number];
type Translate = ReturnType<typeof useTranslation>['t'];

/** One column of a panel's table: its heading and what a row shows in it. */
interface Column<Row> {
  heading: string;
  cell(row: Row): ReactNode;
  className?: string;
}

/**
 * A member's player protection: limits, the restriction in force and every one before (an
 * operator's one in force lifted by two operators), flagged deposits, the limit history, and the
 * member's harm cases; a break, a self-exclusion or a tighter limit with a reason.
 * `harmCases`: the operator's roles may read harm cases (admin, support).
 */
export function ProtectionPanel({ memberId, currency, harmCases = false }: { memberId: string; currency: CurrencyCode; harmCases?: boolean }) {
  const { t } = useTranslation();
  const protection = useMemberProtection(memberId);
  const [dialog, setDialog] = useState<'restrict' | 'tighten' | null>(null);
  const [lifting, setLifting] = useState<Restriction | null>(null);
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
            <Table
              title={t('protection.limits')}
              testId="protection-limits"
              rows={data.limits}
              rowKey={(limit) => limit.kind}
              columns={[
                { heading: t('protection.kind'), cell: (limit) => t(`protection.kinds.${limit.kind}`) },
                { heading: t('protection.amount'), cell: (limit) => value(limit.kind, limit.amount), className: 'font-mono' },
                {
                  heading: t('protection.used'),
                  cell: (limit) => (limit.amount !== null && limit.used !== null ? `${value(limit.kind, limit.used)}${limit.resetsAt ? ` · ${t('protection.resets', { at: formatEpoch(limit.resetsAt) })}` : ''}` : '-'),
                  className: 'text-white/70',
                },
                { heading: t('protection.waiting'), cell: (limit) => (limit.next ? t('protection.becomes', { amount: value(limit.kind, limit.next.amount), at: formatEpoch(limit.next.at) }) : '-'), className: 'text-white/70' },
              ]}
            />
            <Table
              title={t('protection.restrictions')}
              testId="protection-restrictions"
              empty={t('protection.noRestrictions')}
              rows={data.restrictions}
              rowKey={(restriction) => restriction.id}
              columns={[
                { heading: t('protection.kind'), cell: (restriction) => t(`protection.kinds.${restriction.kind}`), className: 'whitespace-nowrap' },
                { heading: t('protection.from'), cell: (restriction) => formatEpoch(restriction.startsAt), className: 'whitespace-nowrap' },
                {
                  heading: t('protection.until'),
                  cell: (restriction) => (
                    <>
                      {restriction.endsAt === null ? t('protection.noEnd') : formatEpoch(restriction.endsAt)}
                      {restriction.returnRequestedAt !== null && <div className="text-xs text-white/50">{t('protection.returnAsked', { at: formatEpoch(restriction.returnRequestedAt) })}</div>}
                    </>
                  ),
                  className: 'whitespace-nowrap',
                },
                { heading: t('protection.by'), cell: (restriction) => restriction.operator ?? t('protection.byMember') },
                { heading: t('protection.reason'), cell: (restriction) => restriction.reason ?? '-', className: 'text-white/70' },
                { heading: '', cell: (restriction) => <LiftState restriction={restriction} onLift={() => setLifting(restriction)} /> },
              ]}
            />
            <Table
              title={t('protection.flags')}
              testId="protection-flags"
              empty={t('protection.noFlags')}
              rows={data.flags}
              rowKey={(flag) => flag.depositId}
              columns={[
                { heading: t('protection.time'), cell: (flag) => formatEpoch(flag.createdAt), className: 'whitespace-nowrap' },
                { heading: t('protection.deposit'), cell: (flag) => flag.depositId, className: 'font-mono' },
                { heading: t('protection.flagReason'), cell: (flag) => `${flagReason(t, flag.reason)}${flag.limit ? ` · ${t(`protection.kinds.${flag.limit}`, { defaultValue: flag.limit })}` : ''}` },
              ]}
            />
            <Table
              title={t('protection.history')}
              testId="protection-history"
              empty={t('protection.noHistory')}
              rows={data.history}
              rowKey={(change) => `${change.kind}-${change.createdAt}`}
              columns={[
                { heading: t('protection.time'), cell: (change) => formatEpoch(change.createdAt), className: 'whitespace-nowrap' },
                { heading: t('protection.kind'), cell: (change) => t(`protection.kinds.${change.kind}`) },
                {
                  heading: t('protection.change'),
                  cell: (change) => (
                    <>
                      {value(change.kind, change.from)} → {value(change.kind, change.to)}
                      {change.byOperator && <span className="ml-1 font-sans text-xs text-white/50">({t('protection.byDesk')})</span>}
                    </>
                  ),
                  className: 'font-mono',
                },
                { heading: t('protection.effective'), cell: (change) => formatEpoch(change.effectiveAt), className: 'whitespace-nowrap' },
              ]}
            />
            {harmCases && <MemberHarmCases memberId={memberId} />}
          </div>
        </>
      )}
      {dialog === 'restrict' && <RestrictDialog memberId={memberId} onClose={() => setDialog(null)} />}
      {dialog === 'tighten' && <TightenDialog memberId={memberId} currency={currency} onClose={() => setDialog(null)} />}
      {lifting && <LiftDialog memberId={memberId} restriction={lifting} onClose={() => setLifting(null)} />}
    </section>
  );
}

function restrictionText(t: Translate, restriction: MemberProtection['restriction']): string {
  if (!restriction) return t('protection.noRestriction');
  const until = restriction.endsAt === null ? t('protection.noEnd') : formatEpoch(restriction.endsAt);
  return t(restriction.byOperator ? 'protection.inForceByDesk' : 'protection.inForceByMember', { kind: t(`protection.kinds.${restriction.kind}`), until });
}

/** A flag's reason is the refusal's error code: in the desk's words, or the code itself when no words are known for it. */
const flagReason = (t: Translate, code: string) => t(`protection.flagReasons.${code}`, { defaultValue: code });

/** An operator's restriction still in force: only two operators end it early. */
export const isLiftable = (restriction: Restriction, now = Date.now()) =>
  restriction.operator !== null && restriction.liftedAt === null && (restriction.endsAt === null || restriction.endsAt > now);

/** Where a restriction stands on being lifted: lifted (by whom), proposed (by whom), or a button to propose or lift it. */
function LiftState({ restriction, onLift }: { restriction: Restriction; onLift(): void }) {
  const { t } = useTranslation();
  if (restriction.liftedAt !== null) {
    return <span className="text-xs text-white/60" data-testid="protection-lifted">{t('protection.lift.liftedBy', { name: restriction.liftedBy ?? '-', at: formatEpoch(restriction.liftedAt) })}</span>;
  }
  if (!isLiftable(restriction)) return null;
  return (
    <div className="flex flex-col items-end gap-1">
      {restriction.liftProposedBy && <span className="text-xs text-amber-200" data-testid="protection-lift-proposed">{t('protection.lift.proposedBy', { name: restriction.liftProposedBy })}</span>}
      <Button variant="secondary" onClick={onLift} data-testid="protection-lift">{t('protection.lift.button')}</Button>
    </div>
  );
}

/**
 * Proposing or lifting, said as what it does: the first operator's press only proposes; a second
 * operator's ends the break or exclusion at once, and the member may deposit and play again.
 */
function LiftDialog({ memberId, restriction, onClose }: { memberId: string; restriction: Restriction; onClose(): void }) {
  const { t } = useTranslation();
  const me = useMe().data?.username;
  const lift = useLiftRestriction(memberId);
  const [failure, setFailure] = useState<string | null>(null);
  const proposed = restriction.liftProposedBy !== null;
  const kind = t(`protection.kinds.${restriction.kind}`);
  const confirm = () => {
    setFailure(null);
    lift.mutate(restriction.id, {
      onSuccess: (answer) => {
        toast.success(t(answer === 'PROPOSED' ? 'protection.lift.proposed' : 'protection.lift.lifted'));
        onClose();
      },
      onError: (error) => setFailure(error instanceof ApiError && error.code === 'FOUR_EYES' ? t('protection.lift.fourEyes') : errorText(error)),
    });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('protection.lift.title', { kind })} testId="protection-lift-dialog">
      <p className="mb-4 text-sm leading-relaxed">
        {proposed ? t('protection.lift.liftText', { kind, name: restriction.liftProposedBy }) : t('protection.lift.proposeText', { kind })}
      </p>
      {proposed && restriction.liftProposedBy === me && <p className="mb-4 text-xs text-amber-200">{t('protection.lift.yours')}</p>}
      {failure && <p role="alert" className="mb-4 rounded-lg border border-rose-400/40 bg-rose-500/10 px-3 py-2 text-sm text-rose-200" data-testid="protection-lift-failure">{failure}</p>}
      <DialogActions onCancel={onClose}>
        <Button busy={lift.isPending} onClick={confirm} data-testid="protection-lift-confirm">{t(proposed ? 'protection.lift.confirmLift' : 'protection.lift.confirmPropose')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The member's harm cases (open, then the latest closed), each a link to its page. */
function MemberHarmCases({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const open = useMemberHarmCases(memberId, 'open');
  const closed = useMemberHarmCases(memberId, 'closed');
  const error = open.error ?? closed.error;
  const rows = [...(open.data ?? []), ...(closed.data ?? [])];
  return (
    <div data-testid="protection-harm-cases">
      {error && <p className="text-sm text-rose-300">{errorText(error)}</p>}
      <Table
        title={t('protection.harmCases')}
        testId="protection-harm-case-list"
        empty={open.data && closed.data ? t('protection.noHarmCases') : null}
        rows={rows}
        rowKey={(each: HarmCaseSummary) => each.id}
        columns={[
          { heading: t('harm.columns.opened'), cell: (each) => formatEpoch(each.openedAt), className: 'whitespace-nowrap' },
          { heading: t('harm.columns.level'), cell: (each) => `${t(`harm.levels.${each.level}`)} · ${each.score}` },
          { heading: t('harm.columns.status'), cell: (each) => (each.status === 'open' ? t('harm.statuses.open') : `${t('harm.statuses.closed')}${each.outcome ? ` · ${t(`harm.outcomes.${each.outcome}`)}` : ''}`) },
          { heading: '', cell: (each) => <Link className="text-accent-300 underline" to={`/protection/cases/${each.id}`} data-testid="protection-harm-case-open">{t('harm.cases.open')}</Link>, className: 'text-right' },
        ]}
      />
    </div>
  );
}

/** A titled table of the panel, or the words for none (`empty`; null while there is nothing to say yet). */
function Table<Row>({ title, testId, rows, rowKey, columns, empty = null }: { title: string; testId: string; rows: readonly Row[]; rowKey(row: Row): string; columns: Column<Row>[]; empty?: string | null }) {
  return (
    <div data-testid={testId}>
      <h3 className="mb-1 text-sm font-semibold text-white/80">{title}</h3>
      {rows.length === 0 ? (
        empty !== null && <p className="text-sm text-white/50">{empty}</p>
      ) : (
        <table className="w-full text-sm">
          <thead className="text-left text-xs text-white/50">
            <tr>{columns.map((column, index) => <th key={index} className="py-1 pr-3 font-normal">{column.heading}</th>)}</tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} className="border-t border-white/5 align-top">
                {columns.map((column, index) => <td key={index} className={`py-1 pr-3 ${column.className ?? ''}`}>{column.cell(row)}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** A dialog's cancel and its own confirming button(s). */
function DialogActions({ onCancel, children }: { onCancel(): void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end gap-2">
      <Button type="button" variant="secondary" onClick={onCancel}>{t('common.cancel')}</Button>
      {children}
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
  const chooseKind = (next: 'break' | 'exclusion') => {
    setKind(next);
    setPeriod(next === 'break' ? '24h' : '6m');
  };
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
        <SelectField label={t('protection.kind')} value={kind} onChange={(event) => chooseKind(event.target.value === 'exclusion' ? 'exclusion' : 'break')} data-testid="protection-restrict-kind">
          <option value="break">{t('protection.kinds.break')}</option>
          <option value="exclusion">{t('protection.kinds.exclusion')}</option>
        </SelectField>
        <SelectField label={t('protection.period')} value={period} onChange={(event) => setPeriod(event.target.value)} data-testid="protection-restrict-period">
          {periods.map((name) => <option key={name} value={name}>{t(`protection.periods.${name}`)}</option>)}
        </SelectField>
        <TextField label={t('protection.reason')} value={reason} error={error} onChange={(event) => { setReason(event.target.value); setError(undefined); }} data-testid="protection-restrict-reason" />
        <DialogActions onCancel={onClose}>
          <Button type="submit" busy={apply.isPending} data-testid="protection-restrict-submit">{t('protection.apply')}</Button>
        </DialogActions>
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
  const type = (typed: string) => {
    setText(typed);
    setError(undefined);
  };
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
          <AmountField label={t('protection.newLimit')} name="protectionLimit" currency={currency} value={text} error={error} onChange={(event) => type(event.target.value)} />
        ) : (
          <TextField label={t('protection.newMinutes')} inputMode="numeric" value={text} error={error} onChange={(event) => type(event.target.value)} />
        )}
        <p className="text-xs text-white/50">{t('protection.tightenHint')}</p>
        <DialogActions onCancel={onClose}>
          <Button type="submit" busy={tighten.isPending} data-testid="protection-tighten-submit">{t('protection.apply')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
