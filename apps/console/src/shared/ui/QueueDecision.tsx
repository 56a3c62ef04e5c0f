import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type QueueName, useDecide } from '../api/queue-decisions';
import { toastDecisionFailure } from './decision-toast';

/** What the two actions say: a withdrawal is paid out or returned; a deposit is credited or refused. */
export const DECISION_WORDS = {
  payout: { approve: 'queues.approve', fail: 'queues.fail', approved: 'queues.approved', failed: 'queues.failed' },
  deposit: { approve: 'queues.credit', fail: 'queues.refuse', approved: 'queues.credited', failed: 'queues.refused' },
} as const;
export type DecisionWords = (typeof DECISION_WORDS)[keyof typeof DECISION_WORDS];

/**
 * Approving or failing one item of a queue, with what the toast says: the first of two operators'
 * decisions is recorded and says what it proposes; a refusal already decided is news, not a fault.
 * In shared/ because the queues and a risk case's held withdrawals decide the same way.
 */
export function useQueueDecision(queue: QueueName, words: DecisionWords, reload?: () => Promise<unknown>) {
  const { t } = useTranslation();
  const decide = useDecide(queue, reload);
  const deciding = (id: string, action?: 'approve' | 'fail') => decide.isPending && decide.variables?.id === id && (!action || decide.variables.action === action);
  const act = (id: string, action: 'approve' | 'fail', body?: unknown) =>
    decide.mutate(
      { id, action, body },
      {
        onSuccess: (answer) => {
          const stillWaiting = answer.status === 'in_progress';
          toast.success(stillWaiting ? t(action === 'approve' ? 'queues.firstApproval' : 'queues.firstRefusal') : t(action === 'approve' ? words.approved : words.failed));
        },
        onError: toastDecisionFailure,
      },
    );
  return { act, deciding };
}

/** Where a withdrawal's two-operator decision stands. */
export interface TwoOperatorState {
  firstApprovedBy: string | null;
  /** What the first of two operators proposed (a payout above the operator's amount is always SUCCESS). */
  firstDecision: 'SUCCESS' | 'FAILED' | null;
  /** A risk rule held it: two operators decide it, whichever way. */
  heldForReview: boolean;
}

/**
 * Where a withdrawal's two-operator decision stands. Held by a risk rule, it takes two operators
 * either way, and the second must see what the first proposed (a payout, or the money back) to know
 * what their press confirms; a payout above the operator's amount only ever waits for a second approval.
 */
export function WithdrawalTwoOperators({ detail }: { detail: TwoOperatorState }) {
  const { t } = useTranslation();
  // Before the held column, a first approval was always a payout's (the server reads it the same way).
  const proposal = detail.firstDecision ?? 'SUCCESS';
  return (
    <>
      {detail.heldForReview && (
        <>
          {' · '}
          <span className="rounded border border-amber-400/40 bg-amber-500/10 px-1.5 py-0.5 font-semibold text-amber-200" data-testid="queue-held">{t('queues.heldForReview')}</span>
        </>
      )}
      {detail.firstApprovedBy && (
        <>
          {' · '}
          <span className={detail.heldForReview ? 'font-semibold text-white' : ''} data-testid="queue-first-decision">
            {detail.heldForReview || proposal === 'FAILED' ? t('queues.proposedBy', { name: detail.firstApprovedBy, decision: t(`queues.proposals.${proposal}`) }) : t('queues.firstApprovedBy', { name: detail.firstApprovedBy })}
          </span>
        </>
      )}
    </>
  );
}
