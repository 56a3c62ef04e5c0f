import { BREAK_PERIODS, type BreakPeriod, type CurrencyCode, HARM_OUTCOMES, type HarmActionBody, type HarmCaseDetail, type HarmOutcome, LIMIT_KINDS, type LimitKind, closeHarmCaseBody, harmActionBody, isMoneyLimit, walletCurrencyOf } from '@wallet/contract';
import { wireAmount } from '@wallet/client-kit/amount-input';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { useMember } from '../../shared/api/get-member';
import { errorText } from '../../shared/i18n';
import { SITE_PROFILE } from '../../shared/site';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { Fact } from '../../shared/ui/Fact';
import { AmountField, SelectField, TextField } from '../../shared/ui/Field';
import { toastDecisionFailure } from '../../shared/ui/decision-toast';
import { formatEpoch, formatMoney } from '../../shared/ui/format';
import { useCaseAction } from './api/act-on-case';
import { useCloseHarmCase } from './api/close-case';
import { useHarmCase } from './api/get-case';
import { CaseClock, LevelBadge, StatusBadge, markerName } from './HarmParts';

const TEXTAREA = 'mt-1 w-full rounded-lg border border-white/15 bg-desk-850 p-2 text-sm';

/**
 * One harm case: the assessment that opened it (each marker with what it saw), what the desk did
 * (messages, a break, a lowered limit, notes), the forms to act (each confirmed in words of what it
 * does to the member), and the close with its outcome.
 */
export function HarmCasePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const harmCase = useHarmCase(id);
  const data = harmCase.data;
  if (!data) return <p className="text-white/50">{harmCase.error ? errorText(harmCase.error) : '…'}</p>;
  return (
    <div className="space-y-4" data-testid="harm-case-page">
      <Link to="/protection?tab=cases" className="text-sm text-accent-300 underline">{t('harm.case.back')}</Link>
      <Summary harmCase={data} />
      <div className="grid grid-cols-2 items-start gap-4">
        <Assessment harmCase={data} />
        <Timeline harmCase={data} />
      </div>
      {data.status === 'open' && <Actions harmCase={data} />}
    </div>
  );
}

function Summary({ harmCase }: { harmCase: HarmCaseDetail }) {
  const { t } = useTranslation();
  const [closing, setClosing] = useState(false);
  return (
    <section className="space-y-3 rounded-xl border border-white/10 bg-desk-900 p-4" data-testid="harm-case-summary">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="flex flex-wrap items-baseline gap-2 text-lg font-bold">
          {t('harm.case.title')} <StatusBadge harmCase={harmCase} /> <LevelBadge level={harmCase.level} />
        </h1>
        {harmCase.status === 'open' && <Button variant="danger" onClick={() => setClosing(true)} data-testid="harm-case-close">{t('harm.case.close')}</Button>}
      </div>
      <dl className="grid grid-cols-[max-content_1fr_max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <Fact label={t('harm.columns.member')}>
          <Link className="font-mono text-accent-300 underline" to={`/members/${harmCase.memberId}`} data-testid="harm-case-member">{harmCase.memberPhone}</Link>
        </Fact>
        <Fact label={t('harm.columns.score')}><span className="font-mono" data-testid="harm-case-score">{harmCase.score}</span></Fact>
        <Fact label={t('harm.columns.opened')}>{formatEpoch(harmCase.openedAt)}</Fact>
        <Fact label={t('harm.case.due')}>
          <span className="flex flex-wrap items-center gap-2">{formatEpoch(harmCase.dueAt)} <CaseClock harmCase={harmCase} /></span>
        </Fact>
        {harmCase.status === 'closed' && harmCase.closedAt !== null && (
          <>
            <Fact label={t('harm.case.closed')}>
              <span data-testid="harm-case-closed">{t('harm.case.closedLine', { outcome: harmCase.outcome ? t(`harm.outcomes.${harmCase.outcome}`) : '-', name: harmCase.closedBy ?? '-', time: formatEpoch(harmCase.closedAt) })}</span>
            </Fact>
            <Fact label={t('harm.case.closingNote')}><span className="whitespace-pre-wrap" data-testid="harm-case-closing-note">{harmCase.closingNote ?? '-'}</span></Fact>
          </>
        )}
      </dl>
      {closing && <CloseDialog harmCase={harmCase} onClose={() => setClosing(false)} />}
    </section>
  );
}

/** The assessment that opened the case or last raised its level: each marker that fired, its points and what it saw. */
function Assessment({ harmCase }: { harmCase: HarmCaseDetail }) {
  const { t } = useTranslation();
  const { assessment } = harmCase;
  return (
    <section className="space-y-2 rounded-xl border border-white/10 bg-desk-900 p-4" data-testid="harm-case-assessment">
      <h2 className="font-bold">{t('harm.case.assessment')}</h2>
      <p className="text-sm text-white/60">{t('harm.case.assessed', { time: formatEpoch(assessment.assessedAt), score: assessment.score, level: t(`harm.levels.${assessment.level}`) })}</p>
      <table className="w-full text-sm">
        <thead className="text-left text-xs text-white/50">
          <tr>
            <th className="py-1 pr-3 font-normal">{t('harm.rules.marker')}</th>
            <th className="py-1 pr-3 text-right font-normal">{t('harm.rules.points')}</th>
            <th className="py-1 font-normal">{t('harm.case.saw')}</th>
          </tr>
        </thead>
        <tbody>
          {assessment.markers.map((marker) => (
            <tr key={marker.code} className="border-t border-white/5 align-top" data-testid={`harm-marker-${marker.code}`}>
              <td className="py-2 pr-3">
                <div className="font-semibold">{markerName(t, marker.code)}</div>
                <div className="text-xs text-white/50">{marker.version === 0 ? t('harm.case.ruleDefaults') : t('harm.case.ruleVersion', { version: marker.version })}</div>
              </td>
              <td className="py-2 pr-3 text-right font-mono">+{marker.points}</td>
              <td className="py-2 text-white/80">{marker.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

const KIND_STYLE = {
  message: 'text-sky-200',
  break: 'text-rose-200',
  limit: 'text-amber-200',
  note: 'text-white/70',
} as const;

/** What the desk did, oldest first: the first action that stopped the clock is marked. */
function Timeline({ harmCase }: { harmCase: HarmCaseDetail }) {
  const { t } = useTranslation();
  const actions = [...harmCase.actions].sort((a, b) => a.at - b.at);
  return (
    <section className="space-y-2 rounded-xl border border-white/10 bg-desk-900 p-4" data-testid="harm-case-timeline">
      <h2 className="font-bold">{t('harm.case.timeline')}</h2>
      <ol className="space-y-2 border-l border-white/10 pl-4">
        <li className="text-xs text-white/50">{t('harm.case.openedLine', { time: formatEpoch(harmCase.openedAt) })}</li>
        {actions.map((action) => (
          <li key={action.id} className="rounded-lg border border-white/10 px-3 py-2 text-sm" data-testid="harm-case-action" data-kind={action.kind}>
            <div className="flex flex-wrap items-baseline gap-2 text-xs">
              <span className={`font-semibold ${KIND_STYLE[action.kind]}`}>{t(`harm.actions.${action.kind}`)}</span>
              <span className="text-white/50">{t('harm.case.actionLine', { name: action.by, time: formatEpoch(action.at) })}</span>
              {action.at === harmCase.firstActionAt && <span className="text-emerald-300">{t('harm.case.firstAction')}</span>}
            </div>
            <p className="whitespace-pre-wrap">{action.detail}</p>
          </li>
        ))}
        {harmCase.status === 'closed' && harmCase.closedAt !== null && (
          <li className="text-xs text-white/50">{t('harm.case.closedLine', { outcome: harmCase.outcome ? t(`harm.outcomes.${harmCase.outcome}`) : '-', name: harmCase.closedBy ?? '-', time: formatEpoch(harmCase.closedAt) })}</li>
        )}
      </ol>
    </section>
  );
}

/**
 * The four ways to act. Each form checks its fields against the contract, then a confirmation says
 * what the action does to the member before anything is sent; a note goes straight in (the member
 * never sees it).
 */
function Actions({ harmCase }: { harmCase: HarmCaseDetail }) {
  const { t } = useTranslation();
  // Money limits are typed in the member's currency; the site's first until the member is read.
  const currency = walletCurrencyOf(useMember(harmCase.memberId).data?.currency ?? SITE_PROFILE.currencies[0]);
  const [confirming, setConfirming] = useState<{ action: HarmActionBody; done(): void } | null>(null);
  const ask = (action: HarmActionBody, done: () => void) => setConfirming({ action, done });
  return (
    <section className="space-y-3 rounded-xl border border-white/10 bg-desk-900 p-4" data-testid="harm-case-actions">
      <h2 className="font-bold">{t('harm.case.act')}</h2>
      <div className="grid grid-cols-2 items-start gap-4">
        <MessageForm onSubmit={ask} />
        <BreakForm onSubmit={ask} />
        <LimitForm currency={currency} onSubmit={ask} />
        <NoteForm caseId={harmCase.id} />
      </div>
      {confirming && (
        <ConfirmAction
          caseId={harmCase.id}
          action={confirming.action}
          currency={currency}
          onClose={(sent) => {
            if (sent) confirming.done();
            setConfirming(null);
          }}
        />
      )}
    </section>
  );
}

type Ask = (action: HarmActionBody, done: () => void) => void;

function ActionForm({ title, about, testId, onSubmit, children, submit, busy = false }: { title: string; about: string; testId: string; onSubmit(event: FormEvent): void; children: ReactNode; submit: string; busy?: boolean }) {
  return (
    <form className="space-y-2 rounded-lg border border-white/10 p-3" onSubmit={onSubmit} noValidate data-testid={testId}>
      <h3 className="text-sm font-semibold">{title}</h3>
      <p className="text-xs text-white/60">{about}</p>
      {children}
      <Button type="submit" busy={busy} data-testid={`${testId}-submit`}>{submit}</Button>
    </form>
  );
}

function TextArea({ label, value, onChange, error, testId, max }: { label: string; value: string; onChange(value: string): void; error: string | undefined; testId: string; max: number }) {
  return (
    <label className="block text-sm">
      <span className="text-xs font-semibold text-white/70">{label}</span>
      <textarea rows={3} maxLength={max} className={TEXTAREA} value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={error ? true : undefined} data-testid={testId} />
      {error && <span className="text-xs text-rose-300">{error}</span>}
    </label>
  );
}

/** The form's fields checked against the contract: the action to confirm, or the words for what is missing. */
function useActionDraft() {
  const { t } = useTranslation();
  const [error, setError] = useState<string | undefined>();
  const check = (candidate: unknown): HarmActionBody | null => {
    const parsed = harmActionBody.safeParse(candidate);
    if (parsed.success) return parsed.data;
    setError(t('harm.case.textRequired'));
    return null;
  };
  return { error, clear: () => setError(undefined), setError, check };
}

function MessageForm({ onSubmit }: { onSubmit: Ask }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const draft = useActionDraft();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const action = draft.check({ kind: 'message', text });
    if (action) onSubmit(action, () => setText(''));
  };
  return (
    <ActionForm title={t('harm.forms.message.title')} about={t('harm.forms.message.about')} testId="harm-message" onSubmit={submit} submit={t('harm.forms.message.submit')}>
      <TextArea label={t('harm.forms.message.text')} value={text} onChange={(value) => { setText(value); draft.clear(); }} error={draft.error} testId="harm-message-text" max={2000} />
    </ActionForm>
  );
}

function BreakForm({ onSubmit }: { onSubmit: Ask }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<BreakPeriod>('24h');
  const [reason, setReason] = useState('');
  const draft = useActionDraft();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const action = draft.check({ kind: 'break', period, reason });
    if (action) onSubmit(action, () => setReason(''));
  };
  return (
    <ActionForm title={t('harm.forms.break.title')} about={t('harm.forms.break.about')} testId="harm-break" onSubmit={submit} submit={t('harm.forms.break.submit')}>
      <SelectField label={t('protection.period')} value={period} onChange={(event) => setPeriod(event.target.value as BreakPeriod)} data-testid="harm-break-period">
        {BREAK_PERIODS.map((name) => <option key={name} value={name}>{t(`protection.periods.${name}`)}</option>)}
      </SelectField>
      <TextField label={t('harm.forms.break.reason')} value={reason} error={draft.error} onChange={(event) => { setReason(event.target.value); draft.clear(); }} data-testid="harm-break-reason" />
    </ActionForm>
  );
}

function LimitForm({ currency, onSubmit }: { currency: CurrencyCode; onSubmit: Ask }) {
  const { t } = useTranslation();
  const [limit, setLimit] = useState<LimitKind>('deposit_day');
  const [amount, setAmount] = useState('');
  const [text, setText] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const draft = useActionDraft();
  const money = isMoneyLimit(limit);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const figure = money ? wireAmount(amount, currency) : Number(amount);
    if (!(figure > 0) || (!money && !Number.isInteger(figure))) return setAmountError(t('protection.amountRequired'));
    const action = draft.check({ kind: 'limit', limit, amount: figure, text });
    if (action)
      onSubmit(action, () => {
        setAmount('');
        setText('');
      });
  };
  const typeAmount = (typed: string) => {
    setAmount(typed);
    setAmountError(undefined);
  };
  return (
    <ActionForm title={t('harm.forms.limit.title')} about={t('harm.forms.limit.about')} testId="harm-limit" onSubmit={submit} submit={t('harm.forms.limit.submit')}>
      <div className="grid grid-cols-2 gap-2">
        <SelectField label={t('protection.kind')} value={limit} onChange={(event) => { setLimit(event.target.value as LimitKind); setAmountError(undefined); }} data-testid="harm-limit-kind">
          {LIMIT_KINDS.map((name) => <option key={name} value={name}>{t(`protection.kinds.${name}`)}</option>)}
        </SelectField>
        {money ? (
          <AmountField label={t('protection.newLimit')} name="harmLimitAmount" currency={currency} value={amount} error={amountError} onChange={(event) => typeAmount(event.target.value)} data-testid="harm-limit-amount" />
        ) : (
          <TextField label={t('protection.newMinutes')} inputMode="numeric" value={amount} error={amountError} onChange={(event) => typeAmount(event.target.value)} data-testid="harm-limit-amount" />
        )}
      </div>
      <TextArea label={t('harm.forms.limit.text')} value={text} onChange={(value) => { setText(value); draft.clear(); }} error={draft.error} testId="harm-limit-text" max={2000} />
    </ActionForm>
  );
}

/** A note for the desk: the member never sees it, and it does not stop the clock. */
function NoteForm({ caseId }: { caseId: string }) {
  const { t } = useTranslation();
  const act = useCaseAction();
  const [text, setText] = useState('');
  const draft = useActionDraft();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const action = draft.check({ kind: 'note', text });
    if (!action) return;
    act.mutate(
      { id: caseId, action },
      {
        onSuccess: () => {
          setText('');
          toast.success(t('harm.forms.note.done'));
        },
        onError: (error) => toastDecisionFailure(error),
      },
    );
  };
  return (
    <ActionForm title={t('harm.forms.note.title')} about={t('harm.forms.note.about')} testId="harm-note" onSubmit={submit} submit={t('harm.forms.note.submit')} busy={act.isPending}>
      <TextArea label={t('harm.forms.note.text')} value={text} onChange={(value) => { setText(value); draft.clear(); }} error={draft.error} testId="harm-note-text" max={4000} />
    </ActionForm>
  );
}

/** What an action does to the member, in words, with what they will read; confirmed, it is sent once. */
function ConfirmAction({ caseId, action, currency, onClose }: { caseId: string; action: HarmActionBody; currency: CurrencyCode; onClose(sent: boolean): void }) {
  const { t } = useTranslation();
  const act = useCaseAction();
  const confirm = () =>
    act.mutate(
      { id: caseId, action },
      {
        onSuccess: () => {
          toast.success(t(`harm.forms.${action.kind}.done`));
          onClose(true);
        },
        onError: (error) => {
          toastDecisionFailure(error);
          onClose(false);
        },
      },
    );
  const effect =
    action.kind === 'message'
      ? t('harm.confirm.message')
      : action.kind === 'break'
        ? t('harm.confirm.break', { period: t(`protection.periods.${action.period}`) })
        : action.kind === 'limit'
          ? t('harm.confirm.limit', { limit: t(`protection.kinds.${action.limit}`), amount: isMoneyLimit(action.limit) ? `${formatMoney(action.amount, 'en', currency)} ${currency}` : t('protection.minutes', { minutes: action.amount }) })
          : '';
  const memberReads = action.kind === 'message' || action.kind === 'limit' ? action.text : null;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose(false)} title={t(`harm.forms.${action.kind}.title`)} testId="harm-confirm-dialog">
      <div className="space-y-3">
        <p className="text-sm leading-relaxed" data-testid="harm-confirm-effect">{effect}</p>
        {action.kind === 'break' && <p className="text-xs text-white/60">{t('harm.confirm.breakReason', { reason: action.reason })}</p>}
        {memberReads !== null && (
          <div className="space-y-1" data-testid="harm-confirm-preview">
            <p className="text-xs text-white/60">{t('harm.confirm.memberReads')}</p>
            <div className="max-w-[85%] whitespace-pre-wrap rounded-2xl rounded-tl-sm bg-white px-3 py-2 text-sm text-slate-900">{memberReads}</div>
          </div>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onClose(false)}>{t('common.cancel')}</Button>
          <Button variant={action.kind === 'message' ? 'primary' : 'danger'} busy={act.isPending} onClick={confirm} data-testid="harm-confirm">{t(`harm.forms.${action.kind}.confirm`)}</Button>
        </div>
      </div>
    </Dialog>
  );
}

/** The outcome and the desk's note; the dialog says what closing does (the clock stops, the member is not told). */
function CloseDialog({ harmCase, onClose }: { harmCase: HarmCaseDetail; onClose(): void }) {
  const { t } = useTranslation();
  const close = useCloseHarmCase();
  const [outcome, setOutcome] = useState<HarmOutcome | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = closeHarmCaseBody.safeParse({ outcome, note });
    if (!body.success) return setError(t(outcome ? 'harm.case.textRequired' : 'harm.close.outcomeRequired'));
    close.mutate(
      { id: harmCase.id, ...body.data },
      {
        onSuccess: () => {
          toast.success(t('harm.close.done'));
          onClose();
        },
        onError: (failure) => {
          toastDecisionFailure(failure);
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('harm.close.title')} testId="harm-close-dialog">
      <form className="space-y-3" onSubmit={submit} noValidate>
        <fieldset className="space-y-1">
          <legend className="mb-1 text-sm text-white/60">{t('harm.close.outcome')}</legend>
          {HARM_OUTCOMES.map((each) => (
            <label key={each} className="flex items-start gap-2 text-sm">
              <input type="radio" name="harm-outcome" className="mt-1" checked={outcome === each} onChange={() => { setOutcome(each); setError(undefined); }} data-testid={`harm-outcome-${each}`} />
              <span>
                <span className="font-semibold">{t(`harm.outcomes.${each}`)}</span>
                <span className="block text-xs text-white/60">{t(`harm.close.about.${each}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <TextArea label={t('harm.close.note')} value={note} onChange={(value) => { setNote(value); setError(undefined); }} error={error} testId="harm-close-note" max={4000} />
        <p className="text-xs text-white/60">{t(harmCase.firstActionAt === null ? 'harm.close.effectStopsClock' : 'harm.close.effect')}</p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" busy={close.isPending} data-testid="harm-close-confirm">{t('harm.close.confirm')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
