import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useMember } from '../../shared/api/get-member';
import { errorText } from '../../shared/i18n';
import { decisionMoney } from '../../shared/ui/RiskDecisionParts';
import { formatTime } from '../../shared/ui/format';
import { useRiskCase } from './api/get-case';

/**
 * The case laid out for print, the same package as its CSV (a suspicious transaction report's):
 * the member, the movements in question, the alerts the rules gave, and the investigator's notes.
 * Black on white, without the console's menu.
 */
export function CasePrintPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const riskCase = useRiskCase(id);
  const data = riskCase.data;
  const member = useMember(data?.memberId ?? '', { enabled: data !== undefined }).data;
  if (!data) return <p className="p-6">{riskCase.error ? errorText(riskCase.error) : '…'}</p>;
  const alerts = data.decisions.flatMap((decision) => decision.rules.filter((answer) => answer.reason !== null).map((answer) => ({ decision, answer })));
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
      <table className="w-full border-collapse" data-testid="risk-case-print-member">
        <tbody>
          <tr><th className={cell}>ID</th><td className={cell}>{data.memberId}</td><th className={cell}>{t('members.phone')}</th><td className={`${cell} font-mono`}>{member?.phone ?? '-'}</td></tr>
          <tr><th className={cell}>{t('members.name')}</th><td className={cell}>{member?.name ?? '-'}</td><th className={cell}>{t('members.joined')}</th><td className={cell}>{member ? formatTime(member.createdAt) : '-'}</td></tr>
          <tr>
            <th className={cell}>{t('members.bank')}</th>
            <td className={cell} colSpan={3}>{member ? `${member.bankCode} · ${member.bankAccountNo} · ${member.bankAccountName}` : '-'}</td>
          </tr>
        </tbody>
      </table>

      <h2 className="mb-1 mt-4 text-base font-bold">{t('risk.print.movements')}</h2>
      <table className="w-full border-collapse" data-testid="risk-case-print-movements">
        <thead>
          <tr>
            <th className={cell}>{t('risk.columns.time')}</th>
            <th className={cell}>{t('risk.columns.movement')}</th>
            <th className={cell}>{t('risk.print.subject')}</th>
            <th className={`${cell} text-right`}>{t('risk.columns.amount')}</th>
            <th className={cell}>{t('risk.columns.outcome')}</th>
            <th className={cell}>{t('risk.print.released')}</th>
          </tr>
        </thead>
        <tbody>
          {data.decisions.map((decision) => (
            <tr key={decision.id}>
              <td className={cell}>{formatTime(decision.createdAt)}</td>
              <td className={cell}>{t(`risk.movements.${decision.movement}`)}</td>
              <td className={`${cell} font-mono text-xs`}>{decision.subject}</td>
              <td className={`${cell} text-right font-mono`}>{decisionMoney(decision)}</td>
              <td className={cell}>{t(`risk.outcomes.${decision.outcome}`)}</td>
              <td className={cell}>{decision.releasedBy && decision.releasedAt ? t('risk.releasedBy', { name: decision.releasedBy, time: formatTime(decision.releasedAt) }) : '-'}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2 className="mb-1 mt-4 text-base font-bold">{t('risk.print.alerts')}</h2>
      <table className="w-full border-collapse" data-testid="risk-case-print-alerts">
        <thead>
          <tr>
            <th className={cell}>{t('risk.columns.time')}</th>
            <th className={cell}>{t('risk.ruleColumns.rule')}</th>
            <th className={cell}>{t('risk.columns.outcome')}</th>
            <th className={cell}>{t('risk.print.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {alerts.map(({ decision, answer }) => (
            <tr key={`${decision.id}:${answer.code}`}>
              <td className={cell}>{formatTime(decision.createdAt)}</td>
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
