import type { OperatorRole, RiskCaseInbox } from '@wallet/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { SelectField } from '../../shared/ui/Field';
import { formatTime } from '../../shared/ui/format';
import { type CaseStatusFilter, useRiskCases } from './api/list-cases';
import { CaseStatusBadge } from './CaseParts';

const PAGE_SIZE = 20;
const STATUSES: readonly CaseStatusFilter[] = ['active', 'open', 'in_progress', 'closed'];

/** The inboxes an operator works: finance's and marketing's by role, both for an admin. */
export const inboxesOf = (roles: readonly OperatorRole[] | undefined): RiskCaseInbox[] =>
  roles?.includes('admin') ? ['finance', 'marketing'] : (['finance', 'marketing'] as const).filter((inbox) => roles?.includes(inbox));

/** The cases of the operator's inboxes, the latest alert first: who works each, how many alerts, which rules. */
export function CasesPanel({ roles }: { roles: readonly OperatorRole[] | undefined }) {
  const { t } = useTranslation();
  const inboxes = inboxesOf(roles);
  const [status, setStatus] = useState<CaseStatusFilter>('active');
  const [inbox, setInbox] = useState<RiskCaseInbox | ''>('');
  const [mine, setMine] = useState(false);
  const [page, setPage] = useState(1);
  const cases = useRiskCases({ status, ...(inbox ? { inbox } : {}), mine, limit: PAGE_SIZE }, page);
  const rows = cases.data ?? [];
  // A new filter is a new list: back to its first page.
  const refine = (change: () => void) => {
    change();
    setPage(1);
  };
  return (
    <div className="space-y-3" data-testid="risk-cases">
      <p className="max-w-4xl text-sm text-white/60">{t('risk.cases.about')}</p>
      <div className="flex flex-wrap items-end gap-3">
        {inboxes.length > 1 && (
          <SelectField className="w-48" label={t('risk.cases.inbox')} value={inbox} onChange={(event) => refine(() => setInbox(event.target.value as RiskCaseInbox | ''))} data-testid="risk-cases-inbox">
            <option value="">{t('risk.cases.allInboxes')}</option>
            {inboxes.map((each) => (
              <option key={each} value={each}>{t(`risk.cases.inboxes.${each}`)}</option>
            ))}
          </SelectField>
        )}
        <SelectField className="w-48" label={t('risk.cases.status')} value={status} onChange={(event) => refine(() => setStatus(event.target.value as CaseStatusFilter))} data-testid="risk-cases-status">
          {STATUSES.map((each) => (
            <option key={each} value={each}>{t(`risk.cases.statuses.${each}`)}</option>
          ))}
        </SelectField>
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input type="checkbox" checked={mine} onChange={(event) => refine(() => setMine(event.target.checked))} data-testid="risk-cases-mine" />
          {t('risk.cases.mine')}
        </label>
      </div>
      {cases.error && <p role="alert" className="text-sm text-rose-300">{errorText(cases.error)}</p>}
      {cases.data && rows.length === 0 && <p className="text-white/50" data-testid="risk-cases-none">{t('risk.cases.none')}</p>}
      {rows.length > 0 && (
        <table className="w-full rounded-xl bg-desk-900 text-sm">
          <thead className="text-left text-xs text-white/50">
            <tr>
              <th className="px-3 py-2 font-normal">{t('risk.cases.columns.opened')}</th>
              <th className="px-3 py-2 font-normal">{t('risk.cases.columns.member')}</th>
              <th className="px-3 py-2 font-normal">{t('risk.cases.columns.inbox')}</th>
              <th className="px-3 py-2 font-normal">{t('risk.cases.columns.status')}</th>
              <th className="px-3 py-2 font-normal">{t('risk.cases.columns.assignee')}</th>
              <th className="px-3 py-2 text-right font-normal">{t('risk.cases.columns.alerts')}</th>
              <th className="px-3 py-2 font-normal">{t('risk.cases.columns.rules')}</th>
              <th className="px-3 py-2 font-normal">{t('risk.cases.columns.lastAlert')}</th>
              <th className="px-3 py-2 font-normal" />
            </tr>
          </thead>
          <tbody>
            {rows.map((each) => (
              <tr key={each.id} className="border-t border-white/5 align-top" data-testid={`risk-case-${each.id}`}>
                <td className="whitespace-nowrap px-3 py-2 text-white/70">{formatTime(each.openedAt)}</td>
                <td className="whitespace-nowrap px-3 py-2">
                  <Link className="text-accent-300 underline" to={`/members/${each.memberId}`}>{t('risk.member', { id: each.memberId })}</Link>
                </td>
                <td className="px-3 py-2">{t(`risk.cases.inboxes.${each.inbox}`)}</td>
                <td className="px-3 py-2"><CaseStatusBadge status={each.status} outcome={each.outcome} /></td>
                <td className="px-3 py-2" data-testid="risk-case-assignee">{each.assignee ?? <span className="text-white/50">{t('risk.cases.unassigned')}</span>}</td>
                <td className="px-3 py-2 text-right font-mono">{each.alerts}</td>
                <td className="px-3 py-2">{each.rules.map((code) => t(`risk.names.${code}`, { defaultValue: code })).join(', ')}</td>
                <td className="whitespace-nowrap px-3 py-2 text-white/70">{formatTime(each.lastAlertAt)}</td>
                <td className="px-3 py-2 text-right">
                  <Link className="text-accent-300 underline" to={`/risk/cases/${each.id}`} data-testid="risk-case-open">{t('risk.cases.open')}</Link>
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
