import type { HarmCaseSummary, HarmLevel } from '@wallet/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const MINUTE = 60_000;

/** The time now, moved on every `everyMs`: a clock on the page keeps running between reloads. */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** Where a case's one-hour clock stands: minutes left, minutes overdue, or how soon the first action came. */
export type ClockState = { state: 'left' | 'overdue' | 'acted' | 'late'; minutes: number } | { state: 'none' };

export function clockOf(harmCase: Pick<HarmCaseSummary, 'status' | 'openedAt' | 'dueAt' | 'firstActionAt'>, now: number): ClockState {
  if (harmCase.firstActionAt !== null) {
    const minutes = Math.max(0, Math.round((harmCase.firstActionAt - harmCase.openedAt) / MINUTE));
    return { state: harmCase.firstActionAt <= harmCase.dueAt ? 'acted' : 'late', minutes };
  }
  if (harmCase.status === 'closed') return { state: 'none' };
  // Minutes left round up (59 min 10 s is "59 min left", never "0"); overdue counts whole minutes since the due time.
  return now < harmCase.dueAt ? { state: 'left', minutes: Math.ceil((harmCase.dueAt - now) / MINUTE) } : { state: 'overdue', minutes: Math.floor((now - harmCase.dueAt) / MINUTE) };
}

const CLOCK_STYLE = {
  left: 'border-amber-400/40 bg-amber-500/10 text-amber-200',
  overdue: 'border-rose-400/50 bg-rose-500/15 text-rose-200',
  acted: 'border-emerald-400/40 bg-emerald-500/10 text-emerald-200',
  late: 'border-white/15 text-white/70',
  none: 'border-white/15 text-white/50',
} as const;

/** The case's clock as the desk reads it; it runs on its own while the page is open. */
export function CaseClock({ harmCase }: { harmCase: Pick<HarmCaseSummary, 'status' | 'openedAt' | 'dueAt' | 'firstActionAt'> }) {
  const { t } = useTranslation();
  const clock = clockOf(harmCase, useNow());
  return (
    <span className={`inline-block whitespace-nowrap rounded-md border px-2 py-0.5 text-xs font-semibold ${CLOCK_STYLE[clock.state]}`} data-testid="harm-clock" data-state={clock.state}>
      {clock.state === 'none' ? t('harm.clock.none') : t(`harm.clock.${clock.state}`, { count: clock.minutes })}
    </span>
  );
}

const LEVEL_STYLE: Record<HarmLevel, string> = {
  none: 'border-white/15 text-white/60',
  monitor: 'border-sky-400/40 bg-sky-500/10 text-sky-200',
  interact: 'border-amber-400/40 bg-amber-500/10 text-amber-200',
  intervene: 'border-rose-400/50 bg-rose-500/15 text-rose-200',
};

export function LevelBadge({ level }: { level: HarmLevel }) {
  const { t } = useTranslation();
  return <span className={`inline-block whitespace-nowrap rounded-md border px-2 py-0.5 text-xs font-semibold ${LEVEL_STYLE[level]}`} data-testid="harm-level">{t(`harm.levels.${level}`)}</span>;
}

/** A case's status; a closed one says its outcome. */
export function StatusBadge({ harmCase }: { harmCase: Pick<HarmCaseSummary, 'status' | 'outcome'> }) {
  const { t } = useTranslation();
  const open = harmCase.status === 'open';
  return (
    <span className={`inline-block whitespace-nowrap rounded-md border px-2 py-0.5 text-xs font-semibold ${open ? 'border-amber-400/40 bg-amber-500/10 text-amber-200' : 'border-white/15 text-white/70'}`} data-testid="harm-case-status">
      {t(`harm.statuses.${harmCase.status}`)}
      {!open && harmCase.outcome && ` · ${t(`harm.outcomes.${harmCase.outcome}`)}`}
    </span>
  );
}

/** A marker's name in the desk's words, its code when none are known. */
export const markerName = (t: (key: string, options: { defaultValue: string }) => string, code: string) => t(`harm.markers.${code}`, { defaultValue: code });
