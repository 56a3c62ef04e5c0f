import { readAmount } from '@wallet/client-kit/amount-input';
import {
  BREAK_PERIODS,
  type BreakPeriod,
  EXCLUSION_PERIODS,
  type ExclusionPeriod,
  type ProtectionLimit,
  type ProtectionRestriction,
  type ProtectionStatus,
  SESSION_MINUTES_RANGE,
  isMoneyLimit,
  toMajor,
} from '@wallet/contract';
import { type FormEvent, useState } from 'react';
import { type Message, errorMessage, errorText, messageText } from '../../shared/api/messages';
import { useMemberCurrency } from '../../shared/api/useMemberCurrency';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { Button } from '../../shared/ui/Button';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { AmountField } from '../../shared/ui/LaterFields';
import { useMoneyFormat } from '../../shared/ui/Money';
import { Card, Page } from '../../shared/ui/Page';
import { useProtection } from '../../shared/api/protection/get-protection';
import { useTakeBreak } from '../../shared/api/protection/take-break';
import { formatWhen } from '../../shared/protection/when';
import { BreakNowButton } from '../../shared/ui/BreakNowButton';
import { useRequestReturn } from './api/request-return';
import { useSelfExclude } from './api/self-exclude';
import { useSetLimit } from './api/set-limit';
import { changeAppliesAt } from './preview';
import { notify } from '../../shared/notify';

const chip = (active: boolean) =>
  `min-h-11 whitespace-nowrap rounded-full px-3.5 text-sm font-semibold transition first-letter:uppercase ${active ? 'bg-gold-400 text-night-900' : 'bg-white/5 text-white/80 hover:bg-white/10'}`;

/** Limits and breaks: each limit with what is used and when it resets, breaks, self-exclusion, and the change history. */
export function ProtectionPage() {
  const { t } = useTranslation();
  const status = useProtection();
  const data = status.data;
  return (
    <Page title={t('protection.title')}>
      <Card>
        <h1 className="text-2xl font-bold">{t('protection.title')}</h1>
        <p className="mt-1 text-sm text-white/60">{t('protection.intro')}</p>
        {status.isPending && <p className="py-6 text-center text-white/60">{t('common.loading')}</p>}
        {status.isError && <p role="alert" className="mt-3 text-sm font-semibold text-rose-300">{errorText(t, status.error)}</p>}
      </Card>
      {data?.restriction && <RestrictionNotice restriction={data.restriction} />}
      {data && !data.restriction && <Breaks />}
      {data && <Limits status={data} />}
      {data && !data.restriction && <SelfExclusion />}
      {data && <History status={data} />}
    </Page>
  );
}

/** The restriction in force: until when, what it closes and what stays open; after a self-exclusion's time, the way back. */
export function RestrictionNotice({ restriction }: { restriction: ProtectionRestriction }) {
  const { t } = useTranslation();
  const ask = useRequestReturn({ onError: (error) => notify.error('protection-return', errorText(t, error)) });
  const now = Date.now();
  const over = restriction.kind === 'exclusion' && restriction.endsAt !== null && restriction.endsAt <= now;
  const headline =
    restriction.kind === 'break'
      ? t('protection.restriction.break', { until: formatWhen(restriction.endsAt ?? now) })
      : restriction.endsAt === null
        ? t('protection.restriction.exclusionForever')
        : over
          ? t('protection.restriction.exclusionOver')
          : t('protection.restriction.exclusion', { until: formatWhen(restriction.endsAt) });
  return (
    <Card className="mt-4 border border-amber-300/30">
      <div role="status" data-testid="protection-restriction">
        <h2 className="text-lg font-bold text-amber-200">{headline}</h2>
        {restriction.byOperator && <p className="mt-1 text-sm text-white/60">{t('protection.restriction.byOperator')}</p>}
        <p className="mt-3 text-sm">
          <span className="font-semibold text-rose-200">{t('protection.restriction.closedLabel')}</span> {t('protection.restriction.closed')}
        </p>
        <p className="mt-1 text-sm">
          <span className="font-semibold text-emerald-200">{t('protection.restriction.openLabel')}</span> {t('protection.restriction.open')}
        </p>
      </div>
      {over &&
        (restriction.returnRequestedAt !== null ? (
          <p className="mt-3 text-sm font-semibold" data-testid="protection-return-requested">
            {t('protection.restriction.returnRequested', { at: formatWhen(restriction.returnRequestedAt + 24 * 3_600_000) })}
          </p>
        ) : (
          <>
            <p className="mt-3 text-sm text-white/70">{t('protection.restriction.returnIntro')}</p>
            <Button className="mt-3 w-full" busy={ask.isPending} onClick={() => ask.mutate()} data-testid="protection-return">
              {t('protection.restriction.returnAsk')}
            </Button>
          </>
        ))}
    </Card>
  );
}

/** The one-tap 24-hour break, and longer breaks chosen then started. */
function Breaks() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Exclude<BreakPeriod, '24h'>>('1w');
  const takeBreak = useTakeBreak({ onError: (error) => notify.error('protection-break', errorText(t, error)) });
  return (
    <Card className="mt-4">
      <h2 className="text-lg font-bold">{t('protection.breaksTitle')}</h2>
      <p className="mt-1 text-sm text-white/70">{t('protection.breaksIntro')}</p>
      <BreakNowButton className="mt-3" />
      <p className="mt-4 text-sm text-white/70">{t('protection.longerBreak')}</p>
      <div role="group" aria-label={t('protection.longerBreak')} className="mt-2 flex flex-wrap gap-2">
        {BREAK_PERIODS.filter((name): name is Exclude<BreakPeriod, '24h'> => name !== '24h').map((name) => (
          <button key={name} type="button" aria-pressed={period === name} className={chip(period === name)} onClick={() => setPeriod(name)} data-testid={`break-period-${name}`}>
            {t(`protection.periods.${name}`)}
          </button>
        ))}
      </div>
      <Button variant="secondary" className="mt-3 w-full" busy={takeBreak.isPending} onClick={() => takeBreak.mutate(period)} data-testid="break-start">
        {t('protection.breakStart', { period: t(`protection.periods.${period}`) })}
      </Button>
    </Card>
  );
}

/** Self-exclusion asks first: it cannot be undone nor shortened. */
function SelfExclusion() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<ExclusionPeriod>('6m');
  const [asking, setAsking] = useState(false);
  const exclude = useSelfExclude({
    onSuccess: () => setAsking(false),
    onError: (error) => {
      setAsking(false);
      notify.error('protection-exclusion', errorText(t, error));
    },
  });
  const periodName = t(`protection.periods.${period}`);
  return (
    <Card className="mt-4">
      <h2 className="text-lg font-bold">{t('protection.exclusionTitle')}</h2>
      <p className="mt-1 text-sm text-white/70">{t('protection.exclusionIntro')}</p>
      <div role="group" aria-label={t('protection.exclusionTitle')} className="mt-3 flex flex-wrap gap-2">
        {EXCLUSION_PERIODS.map((name) => (
          <button key={name} type="button" aria-pressed={period === name} className={chip(period === name)} onClick={() => setPeriod(name)} data-testid={`exclusion-period-${name}`}>
            {t(`protection.periods.${name}`)}
          </button>
        ))}
      </div>
      <Button variant="secondary" className="mt-3 w-full" onClick={() => setAsking(true)} data-testid="exclusion-start">
        {t('protection.exclusionStart', { period: periodName })}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('protection.exclusionConfirmTitle', { period: periodName })}
        description={t('protection.exclusionConfirmBody')}
        confirmLabel={t('protection.exclusionConfirm')}
        busy={exclude.isPending}
        onConfirm={() => exclude.mutate(period)}
        onCancel={() => setAsking(false)}
      />
    </Card>
  );
}

function useLimitValue() {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  return (kind: ProtectionLimit['kind'], value: number | null) =>
    value === null ? t('protection.none') : isMoneyLimit(kind) ? money(value) : t('protection.minutes', { minutes: value });
}

function Limits({ status }: { status: ProtectionStatus }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<ProtectionLimit['kind'] | null>(null);
  return (
    <Card className="mt-4">
      <h2 className="text-lg font-bold">{t('protection.limitsTitle')}</h2>
      <p className="mt-1 text-sm text-white/70">{t('protection.limitsIntro', { hours: status.coolingHours })}</p>
      <ul className="mt-3 divide-y divide-white/10 rounded-2xl bg-white/5" data-testid="protection-limits">
        {status.limits.map((limit) => (
          <li key={limit.kind} className="px-4 py-3" data-testid={`limit-${limit.kind}`}>
            <LimitRow limit={limit} status={status} editing={editing === limit.kind} onEdit={() => setEditing(limit.kind)} onDone={() => setEditing(null)} />
          </li>
        ))}
      </ul>
    </Card>
  );
}

function LimitRow({ limit, status, editing, onEdit, onDone }: { limit: ProtectionLimit; status: ProtectionStatus; editing: boolean; onEdit: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const value = useLimitValue();
  const share = limit.amount && limit.used !== null ? Math.min(1, limit.used / limit.amount) : 0;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <span className="min-w-0 text-sm text-white/80">{t(`protection.kinds.${limit.kind}`)}</span>
        <span className="ml-auto font-semibold" data-testid={`limit-${limit.kind}-amount`}>{value(limit.kind, limit.amount)}</span>
      </div>
      {limit.amount !== null && limit.used !== null && (
        <>
          <div className="mt-2 h-2 overflow-hidden rounded-full bg-white/10" aria-hidden>
            <div className={`h-full rounded-full ${share >= 1 ? 'bg-rose-400' : 'bg-gold-400'}`} style={{ width: `${share * 100}%` }} />
          </div>
          <p className="mt-1 text-xs text-white/60" data-testid={`limit-${limit.kind}-used`}>
            {t('protection.used', { used: value(limit.kind, limit.used), amount: value(limit.kind, limit.amount) })}
            {limit.resetsAt !== null && ` · ${t('protection.resets', { at: formatWhen(limit.resetsAt) })}`}
          </p>
        </>
      )}
      {limit.next && (
        <p className="mt-1 text-xs font-semibold text-amber-200" data-testid={`limit-${limit.kind}-next`}>
          {limit.next.amount === null ? t('protection.waitingRemoval', { at: formatWhen(limit.next.at) }) : t('protection.waiting', { amount: value(limit.kind, limit.next.amount), at: formatWhen(limit.next.at) })}
        </p>
      )}
      {editing ? (
        <LimitEditor limit={limit} status={status} onDone={onDone} />
      ) : (
        <Button variant="ghost" className="mt-1 min-h-11 px-0 text-sm" onClick={onEdit} data-testid={`limit-${limit.kind}-edit`}>
          {limit.amount === null ? t('protection.set') : t('protection.edit')}
        </Button>
      )}
    </>
  );
}

/** What a change would do, said before saving: now, or from when. */
export function previewText(t: (key: string, values?: Record<string, string>) => string, appliesAt: number | null, removing: boolean): string {
  if (appliesAt === null) return t('protection.previewNow');
  return removing ? t('protection.previewRemove', { at: formatWhen(appliesAt) }) : t('protection.previewLater', { at: formatWhen(appliesAt) });
}

function LimitEditor({ limit, status, onDone }: { limit: ProtectionLimit; status: ProtectionStatus; onDone: () => void }) {
  const { t } = useTranslation();
  const currency = useMemberCurrency();
  const money = isMoneyLimit(limit.kind);
  const [text, setText] = useState('');
  const [error, setError] = useState<Message | null>(null);
  const save = useSetLimit({
    onSuccess: (answer) => {
      notify.success('protection-limit', answer.appliesAt <= Date.now() ? t('protection.savedNow') : t('protection.savedLater', { at: formatWhen(answer.appliesAt) }));
      onDone();
    },
    onError: (failure) => setError(errorMessage(failure)),
  });
  const wanted = readWanted(text, money, currency);
  const preview = wanted === null ? null : previewText(t, changeAppliesAt(limit, wanted, status, Date.now()), false);
  const removal = limit.amount === null ? null : previewText(t, changeAppliesAt(limit, null, status, Date.now()), true);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (wanted === null) return setError({ key: money ? 'protection.amountInvalid' : 'protection.minutesInvalid', values: SESSION_MINUTES_RANGE });
    save.mutate({ kind: limit.kind, amount: wanted });
  }
  const fieldId = `limit-${limit.kind}-input`;
  return (
    <form className="mt-3 space-y-2" onSubmit={submit} noValidate>
      {money ? (
        <AmountField label={t('protection.newAmount')} name={fieldId} currency={currency} value={text} onChange={(event) => { setText(event.target.value); setError(null); }} data-testid={fieldId} />
      ) : (
        <div>
          <label htmlFor={fieldId} className="block text-sm text-white/70">{t('protection.newMinutes', SESSION_MINUTES_RANGE)}</label>
          <input
            id={fieldId}
            type="number"
            inputMode="numeric"
            min={SESSION_MINUTES_RANGE.min}
            max={SESSION_MINUTES_RANGE.max}
            className="mt-1 block min-h-12 w-full rounded-xl border border-white/10 bg-night-900 px-3 text-base text-white"
            value={text}
            onChange={(event) => { setText(event.target.value); setError(null); }}
            data-testid={fieldId}
          />
        </div>
      )}
      <p className="min-h-5 text-sm font-semibold text-gold-300" aria-live="polite" data-testid={`limit-${limit.kind}-preview`}>{preview}</p>
      <p role="alert" className="text-sm font-semibold text-rose-300 empty:hidden">{messageText(t, error)}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="flex-1" busy={save.isPending && save.variables?.amount !== null} data-testid={`limit-${limit.kind}-save`}>{t('shared.save')}</Button>
        <Button type="button" variant="secondary" className="flex-1" onClick={onDone}>{t('protection.cancel')}</Button>
      </div>
      {removal && (
        <div className="pt-1">
          <Button type="button" variant="ghost" className="min-h-11 px-0 text-sm" busy={save.isPending && save.variables?.amount === null} onClick={() => save.mutate({ kind: limit.kind, amount: null })} data-testid={`limit-${limit.kind}-remove`}>
            {t('protection.remove')}
          </Button>
          <p className="text-xs text-white/60" data-testid={`limit-${limit.kind}-remove-preview`}>{removal}</p>
        </div>
      )}
    </form>
  );
}

/** The typed limit: money in major units (above zero, in the currency's steps), or whole minutes in range; null when not one. */
function readWanted(text: string, money: boolean, currency: ReturnType<typeof useMemberCurrency>): number | null {
  if (text.trim() === '') return null;
  if (money) {
    const typed = readAmount(text, currency);
    return typed.amount !== null && typed.amount > 0n && typed.payable ? toMajor(typed.amount) : null;
  }
  const minutes = Number(text);
  return Number.isInteger(minutes) && minutes >= SESSION_MINUTES_RANGE.min && minutes <= SESSION_MINUTES_RANGE.max ? minutes : null;
}

function History({ status }: { status: ProtectionStatus }) {
  const { t } = useTranslation();
  const value = useLimitValue();
  return (
    <Card className="mt-4">
      <h2 className="text-lg font-bold">{t('protection.historyTitle')}</h2>
      {status.history.length === 0 ? (
        <p className="mt-2 text-sm text-white/60">{t('protection.historyEmpty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-white/10 rounded-2xl bg-white/5" data-testid="protection-history">
          {status.history.map((change) => (
            <li key={`${change.kind}-${change.createdAt}`} className="px-4 py-2 text-sm">
              <p className="font-semibold">{t(`protection.kinds.${change.kind}`)}: {value(change.kind, change.from)} → {value(change.kind, change.to)}</p>
              <p className="text-xs text-white/60">
                {t('protection.historyWhen', { at: formatWhen(change.createdAt), from: formatWhen(change.effectiveAt) })}
                {change.byOperator && ` · ${t('protection.historyByOperator')}`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
