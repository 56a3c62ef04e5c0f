import type { auditVerifyResponse } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatTime } from '../../shared/ui/format';
import { useAuditCheckpoint } from './api/audit-checkpoint';

type Report = z.infer<typeof auditVerifyResponse>;
type Problem = Report['broken'][number]['problem'];
const PROBLEMS: Problem[] = ['content', 'rechained', 'link', 'unkeyed'];
/** Enough positions to find the first damage; the full list is in `npm run audit:verify`. */
const POSITIONS_SHOWN = 10;

/** The latest checkpoint (where the log's head was anchored outside the database) and, once asked, what verification found. */
export function AuditIntegrity({ report }: { report: Report | undefined }) {
  const { t } = useTranslation();
  const latest = useAuditCheckpoint();
  const checkpoint = report ? report.checkpoint : latest.data?.checkpoint;
  return (
    <div className="space-y-2 rounded-xl border border-white/10 bg-desk-900 p-3 text-sm" data-testid="audit-integrity">
      <p className="text-white/70">
        {checkpoint ? t('audit.checkpointAt', { time: checkpoint.at ? formatTime(checkpoint.at) : '-', position: checkpoint.position || '-', count: checkpoint.entries }) : t('audit.checkpointNone')}
      </p>
      {report && (
        <div data-testid="audit-report" className={report.ok ? 'text-emerald-300' : 'text-rose-300'}>
          <p className="font-semibold">{report.ok ? t('audit.chainOk', { count: report.entries }) : t('audit.notWhole', { count: report.entries })}</p>
          {report.checkpoint && report.checkpoint.status !== 'ok' && <p>{t(`audit.checkpointStatus.${report.checkpoint.status}`)}</p>}
          {PROBLEMS.map((problem) => {
            const found = report.broken.filter((entry) => entry.problem === problem);
            if (found.length === 0) return null;
            const positions = found.slice(0, POSITIONS_SHOWN).map((entry) => entry.position).join(', ');
            return (
              <p key={problem}>
                {t(`audit.problem.${problem}`, { count: found.length })} ({t('audit.positions')} {positions}
                {found.length > POSITIONS_SHOWN ? ', …' : ''})
              </p>
            );
          })}
        </div>
      )}
    </div>
  );
}
