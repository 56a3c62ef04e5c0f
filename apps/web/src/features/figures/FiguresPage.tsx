import { FIGURE_PERIODS, type FigurePeriod, REALITY_CHECK_MINUTES } from '@wallet/contract';
import dayjs from 'dayjs';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { type Message, errorMessage, messageText } from '../../shared/api/messages';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { Button } from '../../shared/ui/Button';
import { Card, Page } from '../../shared/ui/Page';
import { useFigures } from './api/get-figures';
import { useRealityCheckInterval } from './api/get-reality-check';
import { useSetRealityCheckInterval } from './api/set-reality-check';
import { SignedMoney } from './SignedMoney';
import { notify } from '../../shared/notify';

const chip = (active: boolean) =>
  `min-h-11 whitespace-nowrap rounded-full px-3.5 text-sm font-semibold transition ${active ? 'bg-gold-400 text-night-900' : 'bg-white/5 text-white/80 hover:bg-white/10'}`;
const linkStyle = 'flex min-h-12 items-center justify-between gap-3 rounded-2xl bg-white/5 px-4 py-2 font-semibold text-gold-300 hover:bg-white/10';

/** The statement from the day after the same date `months` ago up to today (a custom period there). */
export function statementLink(today: string, months: number): string {
  const from = dayjs(today).subtract(months, 'month').add(1, 'day').format('YYYY-MM-DD');
  return `/user/statement?from=${from}&to=${today}`;
}

/** The member's own figures by period, links to their statement, and how often the reality check shows. */
export function FiguresPage() {
  const { t } = useTranslation();
  const figures = useFigures();
  const [period, setPeriod] = useState<FigurePeriod>('days30');
  const shown = figures.data?.periods.find((entry) => entry.period === period);

  return (
    <Page title={t('figures.title')}>
      <Card>
        <h1 className="text-2xl font-bold">{t('figures.title')}</h1>
        <p className="mt-1 text-sm text-white/60">{t('figures.intro')}</p>
        <div role="group" aria-label={t('figures.periodLabel')} className="mt-4 flex flex-wrap gap-2">
          {FIGURE_PERIODS.map((name) => (
            <button key={name} type="button" aria-pressed={period === name} className={chip(period === name)} onClick={() => setPeriod(name)} data-testid={`figures-period-${name}`}>
              {t(`figures.periods.${name}`)}
            </button>
          ))}
        </div>
        {figures.isPending && <p className="py-6 text-center text-white/60">{t('common.loading')}</p>}
        {shown && (
          <>
            <p className="mt-3 text-xs text-white/50" data-testid="figures-since">{t('figures.since', { date: dayjs(shown.from).format('DD/MM/YYYY') })}</p>
            <dl className="mt-2 divide-y divide-white/10 rounded-2xl bg-white/5" data-testid="figures-list">
              <Row label={t('figures.deposits')}>
                <SignedMoney value={shown.deposits} plain testId="figures-deposits" />
              </Row>
              <Row label={t('figures.withdrawals')}>
                <SignedMoney value={shown.withdrawals} plain testId="figures-withdrawals" />
              </Row>
              <Row label={t('figures.netDeposits')} hint={t('figures.netDepositsHint')}>
                <SignedMoney value={shown.netDeposits} plain testId="figures-net-deposits" />
              </Row>
              <Row label={t('figures.netGame')} hint={t('figures.netGameHint')}>
                <SignedMoney value={shown.netGamePosition} testId="figures-net-game" />
              </Row>
            </dl>
          </>
        )}
      </Card>
      {figures.data && (
        <Card className="mt-4">
          <h2 className="text-lg font-bold">{t('figures.statementTitle')}</h2>
          <div className="mt-3 grid gap-2">
            <Link to={statementLink(figures.data.today, 3)} className={linkStyle} data-testid="figures-statement-3">
              {t('figures.statement3')} <span aria-hidden>›</span>
            </Link>
            <Link to={statementLink(figures.data.today, 12)} className={linkStyle} data-testid="figures-statement-12">
              {t('figures.statement12')} <span aria-hidden>›</span>
            </Link>
          </div>
        </Card>
      )}
      <RealityCheckSetting />
    </Page>
  );
}

function Row({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="flex min-h-14 flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2">
      <dt className="min-w-0">
        <span className="block text-sm text-white/80">{label}</span>
        {hint && <span className="block text-xs text-white/50">{hint}</span>}
      </dt>
      <dd className="ml-auto text-right font-semibold">{children}</dd>
    </div>
  );
}

const inRange = (minutes: number) => Number.isInteger(minutes) && minutes >= REALITY_CHECK_MINUTES.min && minutes <= REALITY_CHECK_MINUTES.max;

/** Minutes between two reality checks, 10 to 120; the running timer takes a saved value at once. */
function RealityCheckSetting() {
  const { t } = useTranslation();
  const interval = useRealityCheckInterval();
  const [text, setText] = useState('');
  const [error, setError] = useState<Message | null>(null);
  const saved = interval.data?.intervalMinutes;
  useEffect(() => {
    if (saved !== undefined) setText(String(saved));
  }, [saved]);
  const save = useSetRealityCheckInterval({
    onSuccess: (answer) => notify.success('reality-check', t('figures.saved', { minutes: answer.intervalMinutes })),
    onError: (failure) => setError(errorMessage(failure)),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const minutes = Number(text);
    if (text.trim() === '' || !inRange(minutes)) return setError({ key: 'errors.REALITY_CHECK_INTERVAL' });
    save.mutate(minutes);
  }
  return (
    <Card className="mt-4">
      <h2 className="text-lg font-bold">{t('figures.realityTitle')}</h2>
      <p className="mt-1 text-sm text-white/70">{t('figures.realityIntro')}</p>
      <form className="mt-3" onSubmit={submit} noValidate>
        <label htmlFor="reality-check-minutes" className="block text-sm text-white/70">{t('figures.intervalLabel')}</label>
        <div className="mt-1 flex gap-2">
          <input
            id="reality-check-minutes"
            type="number"
            inputMode="numeric"
            min={REALITY_CHECK_MINUTES.min}
            max={REALITY_CHECK_MINUTES.max}
            step={1}
            className="block min-h-12 w-full min-w-0 flex-1 rounded-xl border border-white/10 bg-night-900 px-3 text-base text-white"
            value={text}
            aria-invalid={error !== null}
            aria-describedby="reality-check-error"
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
            data-testid="reality-check-minutes"
          />
          <Button type="submit" className="shrink-0 px-5" busy={save.isPending} disabled={interval.isPending} data-testid="reality-check-save">{t('shared.save')}</Button>
        </div>
        <p id="reality-check-error" role="alert" className="mt-2 min-h-5 text-sm font-semibold text-rose-300">{messageText(t, error)}</p>
      </form>
    </Card>
  );
}
