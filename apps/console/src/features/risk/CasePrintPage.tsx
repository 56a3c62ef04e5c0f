import { currencyCode, formatReference } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorText } from '../../shared/i18n';
import { decisionMoney, moneyText } from '../../shared/ui/RiskDecisionParts';
import { formatTime } from '../../shared/ui/format';
import { useCasePackage } from './api/case-package';
import { useRiskCase } from './api/get-case';
import type { PackageRow } from './case-package';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T/;
/** A package's figure as the desk reads money, in the currency it names. */
const packageMoney = (row: PackageRow) => {
  const currency = currencyCode.safeParse(row.currency);
  return currency.success && row.amount !== '' ? moneyText({ amount: Number(row.amount), currency: currency.data }) : [row.amount, row.currency].filter(Boolean).join(' ');
};

/**
 * The case laid out for print, the same package as its CSV (a suspicious transaction report's):
 * the member and the movements in question as the export has them, the alerts the rules gave, and
 * the investigator's notes. Black on white, without the console's menu.
 */
export function CasePrintPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const riskCase = useRiskCase(id);
  const data = riskCase.data;
  const reportPackage = useCasePackage(id);
  if (!data) return <p className="p-6">{riskCase.error ? errorText(riskCase.error) : '…'}</p>;
  // As the export lists them: every rule that did not answer approve, observing ones marked.
  const alerts = data.decisions.flatMap((decision) => decision.rules.filter((answer) => answer.outcome !== 'approve').map((answer) => ({ decision, answer })));
  const rows = reportPackage.data ?? [];
  const member = rows.filter((row) => row.section === 'member');
  const movements = rows.filter((row) => row.section === 'movement');
  const fieldValue = (row: PackageRow) => (ISO_TIME.test(row.detail) ? formatTime(row.detail) : row.detail || '-');
  const cell = 'border border-slate-300 px-2 py-1 text-left align-top';
  return (
    <div className="case-print min-h-screen bg-white p-8 text-sm text-slate-900" data-testid="risk-case-print-page">
      <div className="mb-4 flex items-center justify-between gap-4 print:hidden">
        <Link to={`/risk/cases/${data.id}`} className="text-blue-700 underline">{t('risk.case.backToCase')}</Link>
        <button type="button" className="rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white" onClick={() => window.print()} data-testid="risk-case-print-now">{t('risk.case.print')}</button>
      </div>
      <h1 className="text-xl font-bold">{t('risk.print.title')}</h1>
      <p className="mb-4 text-slate-600">
        {t('risk.print.caseLine', { id: data.id, inbox: t(`risk.cases.inboxes.${data.inbox}`), status: t(`risk.cases.statuses.${data.status}`) })}
        {data.outcome && ` · ${t(`risk.cases.outcomes.${data.outcome}`)}`}
        {data.closedAt && ` · ${t('risk.case.closedLine', { name: data.closedBy ?? '-', time: formatTime(data.closedAt) })}`}
      </p>

      <h2 className="mb-1 mt-4 text-base font-bold">{t('risk.print.member')}</h2>
      {reportPackage.error && <p className="text-rose-700">{errorText(reportPackage.error)}</p>}
      <table className="w-full border-collapse" data-testid="risk-case-print-member">
        <tbody>
          {member.map((row) => (
            <tr key={row.item}>
              <th className={`${cell} w-56`}>{t(`risk.print.fields.${row.item}`, { defaultValue: row.item })}</th>
              <td className={cell}>{fieldValue(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2 className="mb-1 mt-4 text-base font-bold">{t('risk.print.movements')}</h2>
      <p className="mb-1 text-xs text-slate-600">{t('risk.print.movementsAbout')}</p>
      <table className="w-full border-collapse" data-testid="risk-case-print-movements">
        <thead>
          <tr>
            <th className={cell}>{t('risk.columns.time')}</th>
            <th className={cell}>{t('risk.columns.movement')}</th>
            <th className={cell}>{t('risk.print.reference')}</th>
            <th className={`${cell} text-right`}>{t('risk.columns.amount')}</th>
            <th className={cell}>{t('risk.print.detail')}</th>
          </tr>
        </thead>
        <tbody>
          {movements.map((row) => (
            <tr key={`${row.item}:${row.reference}:${row.time}`}>
              <td className={cell}>{row.time ? formatTime(row.time) : '-'}</td>
              <td className={cell}>{t(`risk.movements.${row.item}`, { defaultValue: row.item })}</td>
              <td className={`${cell} font-mono`}>{row.reference ? formatReference(row.reference) : '-'}</td>
              <td className={`${cell} text-right font-mono`}>{packageMoney(row)}</td>
              <td className={cell}>{row.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2 className="mb-1 mt-4 text-base font-bold">{t('risk.print.alerts')}</h2>
      <table className="w-full border-collapse" data-testid="risk-case-print-alerts">
        <thead>
          <tr>
            <th className={cell}>{t('risk.columns.time')}</th>
            <th className={cell}>{t('risk.columns.movement')}</th>
            <th className={`${cell} text-right`}>{t('risk.columns.amount')}</th>
            <th className={cell}>{t('risk.ruleColumns.rule')}</th>
            <th className={cell}>{t('risk.columns.outcome')}</th>
            <th className={cell}>{t('risk.print.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {alerts.map(({ decision, answer }) => (
            <tr key={`${decision.id}:${answer.code}`}>
              <td className={cell}>{formatTime(decision.createdAt)}</td>
              <td className={cell}>{t(`risk.movements.${decision.movement}`)}</td>
              <td className={`${cell} text-right font-mono`}>{decisionMoney(decision)}</td>
              <td className={cell}>{t(`risk.names.${answer.code}`, { defaultValue: answer.code })}{answer.mode === 'observe' && ` (${t('risk.observing')})`}</td>
              <td className={cell}>{t(`risk.outcomes.${answer.outcome}`)}</td>
              <td className={cell}>{answer.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2 className="mb-1 mt-4 text-base font-bold">{t('risk.case.notes')}</h2>
      {data.notes.length === 0 && <p className="text-slate-600">{t('risk.case.noNotes')}</p>}
      <ol className="space-y-2" data-testid="risk-case-print-notes">
        {data.notes.map((note) => (
          <li key={note.id} className="border-l-2 border-slate-300 pl-3">
            <div className="text-xs text-slate-600">{t('risk.case.noteLine', { name: note.author, time: formatTime(note.createdAt) })}</div>
            {note.body && <p className="whitespace-pre-wrap">{note.body}</p>}
            {note.attachment && <p className="text-xs text-slate-600">{t('risk.print.attached', { name: note.attachment.name })}</p>}
          </li>
        ))}
      </ol>
      <p className="mt-6 text-xs text-slate-500">{t('risk.print.printedAt', { time: formatTime(new Date().toISOString()) })}</p>
    </div>
  );
}
