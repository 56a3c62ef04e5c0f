import type { RiskCaseOutcome, RiskCaseSummary } from '@wallet/contract';
import { useTranslation } from 'react-i18next';

const STATUS_STYLE = {
  open: 'border-amber-400/40 bg-amber-500/10 text-amber-200',
  in_progress: 'border-sky-400/40 bg-sky-500/10 text-sky-200',
  closed: 'border-white/15 text-white/70',
} as const;

/** A case's status; a closed one says its outcome. */
export function CaseStatusBadge({ status, outcome }: { status: RiskCaseSummary['status']; outcome: RiskCaseOutcome | null }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-block whitespace-nowrap rounded-md border px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[status]}`} data-testid="risk-case-status">
      {t(`risk.cases.statuses.${status}`)}
      {status === 'closed' && outcome && ` · ${t(`risk.cases.outcomes.${outcome}`)}`}
    </span>
  );
}
