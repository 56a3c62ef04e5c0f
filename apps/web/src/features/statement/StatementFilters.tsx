import { STATEMENT_TYPE_FILTERS, type StatementFilter, type StatementTypeFilter, memberDay } from '@wallet/contract';
import { useTranslation } from '../../shared/i18n/useTranslation';

export const PERIODS = ['all', 'today', 'week', 'month', 'custom'] as const;
export type Period = (typeof PERIODS)[number];

/** What the filter bar holds: a type, a period, and the days of a custom period. */
export interface StatementFilterState {
  type: StatementTypeFilter;
  period: Period;
  from: string;
  to: string;
}
export const NO_FILTER: StatementFilterState = { type: 'all', period: 'all', from: '', to: '' };

/** The filter the server takes: quick periods end today (UTC+7); a custom one sends the days chosen. */
export function toServerFilter(state: StatementFilterState, today = memberDay()): StatementFilter {
  const filter: StatementFilter = state.type === 'all' ? {} : { type: state.type };
  const back = { today: 0, week: 6, month: 29 } as const;
  if (state.period === 'today' || state.period === 'week' || state.period === 'month') return { ...filter, from: memberDay(back[state.period]), to: today };
  if (state.period === 'custom') return { ...filter, ...(state.from ? { from: state.from } : {}), ...(state.to ? { to: state.to } : {}) };
  return filter;
}

const chip = (active: boolean) =>
  `min-h-11 whitespace-nowrap rounded-full px-3.5 text-sm font-semibold transition ${active ? 'bg-gold-400 text-night-900' : 'bg-white/5 text-white/80 hover:bg-white/10'}`;

/** Type and period chips; a custom period shows two day fields, which never cross. */
export function StatementFilters({ value, onChange }: { value: StatementFilterState; onChange: (next: StatementFilterState) => void }) {
  const { t } = useTranslation();
  const today = memberDay();
  return (
    <div className="mt-4 space-y-2" data-testid="statement-filters">
      <div role="group" aria-label={t('statement.filter.type')} className="flex flex-wrap gap-2">
        {STATEMENT_TYPE_FILTERS.map((type) => (
          <button key={type} type="button" aria-pressed={value.type === type} className={chip(value.type === type)} onClick={() => onChange({ ...value, type })} data-testid={`filter-type-${type}`}>
            {t(`statement.filter.types.${type}`)}
          </button>
        ))}
      </div>
      <div role="group" aria-label={t('statement.filter.period')} className="flex flex-wrap gap-2">
        {PERIODS.map((period) => (
          <button
            key={period}
            type="button"
            aria-pressed={value.period === period}
            className={chip(value.period === period)}
            onClick={() => onChange({ ...value, period, ...(period === 'custom' && !value.from && !value.to ? { from: memberDay(6), to: today } : {}) })}
            data-testid={`filter-period-${period}`}
          >
            {t(`statement.filter.periods.${period}`)}
          </button>
        ))}
      </div>
      {value.period === 'custom' && (
        <div className="grid grid-cols-2 gap-2">
          <label className="block text-sm text-white/70">
            {t('statement.filter.from')}
            <input
              type="date"
              className="mt-1 block min-h-11 w-full rounded-xl border border-white/10 bg-night-900 px-2 text-base text-white [color-scheme:dark]"
              value={value.from}
              max={value.to || today}
              onChange={(event) => onChange({ ...value, from: event.target.value, to: value.to && event.target.value > value.to ? event.target.value : value.to })}
              data-testid="filter-from"
            />
          </label>
          <label className="block text-sm text-white/70">
            {t('statement.filter.to')}
            <input
              type="date"
              className="mt-1 block min-h-11 w-full rounded-xl border border-white/10 bg-night-900 px-2 text-base text-white [color-scheme:dark]"
              value={value.to}
              min={value.from || undefined}
              max={today}
              onChange={(event) => onChange({ ...value, to: event.target.value, from: value.from && event.target.value && event.target.value < value.from ? event.target.value : value.from })}
              data-testid="filter-to"
            />
          </label>
        </div>
      )}
    </div>
  );
}
