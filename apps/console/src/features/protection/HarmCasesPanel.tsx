import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { formatEpoch } from '../../shared/ui/format';
import { type HarmCaseStatus, useHarmCases } from './api/list-cases';
import { CaseClock, LevelBadge, StatusBadge, markerName } from './HarmParts';

const PAGE_SIZE = 20;
const STATUSES: readonly HarmCaseStatus[] = ['open', 'closed'];

/** The open cases (each clock running) or the closed ones (each with its outcome). */
export function HarmCasesPanel() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<HarmCaseStatus>('open');
  const [page, setPage] = useState(1);
  const cases = useHarmCases({ status, limit: PAGE_SIZE }, page);
  const rows = cases.data ?? [];
  const choose = (next: HarmCaseStatus) => {
    setStatus(next);
    setPage(1);
  };
  return (
    <div className="space-y-3" data-testid="harm-cases">
      <p className="max-w-4xl text-sm text-white/60">{t('harm.cases.about')}</p>
      <div className="flex gap-2" role="group" aria-label={t('harm.columns.status')}>
        {STATUSES.map((each) => (
          <Button key={each} variant={status === each ? 'primary' : 'secondary'} aria-pressed={status === each} onClick={() => choose(each)} data-testid={`harm-cases-${each}`}>
            {t(`harm.cases.show.${each}`)}
          </Button>
        ))}
      </div>
      {cases.error && <p role="alert" className="text-sm text-rose-300">{errorText(cases.error)}</p>}
      {cases.data && rows.length === 0 && <p className="text-white/50" data-testid="harm-cases-none">{t(`harm.cases.none.${status}`)}</p>}
      {rows.length > 0 && (
        <table className="w-full rounded-xl bg-desk-900 text-sm">
          <thead className="text-left text-xs text-white/50">
            <tr>
              <th className="px-3 py-2 font-normal">{t('harm.columns.member')}</th>
              <th className="px-3 py-2 font-normal">{t('harm.columns.level')}</th>
              <th className="px-3 py-2 text-right font-normal">{t('harm.columns.score')}</th>
              <th className="px-3 py-2 font-normal">{t('harm.columns.markers')}</th>
              <th className="px-3 py-2 font-normal">{t('harm.columns.opened')}</th>
              <th className="px-3 py-2 font-normal">{t(status === 'open' ? 'harm.columns.clock' : 'harm.columns.firstAction')}</th>
              {status === 'closed' && <th className="px-3 py-2 font-normal">{t('harm.columns.status')}</th>}
              <th className="px-3 py-2 font-normal" />
            </tr>
          </thead>
          <tbody>
            {rows.map((each) => (
              <tr key={each.id} className="border-t border-white/5 align-top" data-testid={`harm-case-${each.id}`}>
                <td className="whitespace-nowrap px-3 py-2">
                  <Link className="font-mono text-accent-300 underline" to={`/members/${each.memberId}`} data-testid="harm-case-member">{each.memberPhone}</Link>
                </td>
                <td className="px-3 py-2"><LevelBadge level={each.level} /></td>
                <td className="px-3 py-2 text-right font-mono">{each.score}</td>
                <td className="px-3 py-2">{each.markers.map((code) => markerName(t, code)).join(', ')}</td>
                <td className="whitespace-nowrap px-3 py-2 text-white/70">{formatEpoch(each.openedAt)}</td>
                <td className="px-3 py-2"><CaseClock harmCase={each} /></td>
                {status === 'closed' && <td className="px-3 py-2"><StatusBadge harmCase={each} /></td>}
                <td className="px-3 py-2 text-right">
                  <Link className="text-accent-300 underline" to={`/protection/cases/${each.id}`} data-testid="harm-case-open">{t('harm.cases.open')}</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {(page > 1 || rows.length === PAGE_SIZE) && (
        <div className="flex items-center gap-2 text-sm">
          <Button variant="secondary" disabled={page === 1} onClick={() => setPage(page - 1)}>{t('common.previous')}</Button>
          <span className="text-white/60">{page}</span>
          <Button variant="secondary" disabled={rows.length < PAGE_SIZE} onClick={() => setPage(page + 1)}>{t('common.next')}</Button>
        </div>
      )}
    </div>
  );
}
