import { wireAmount } from '@wallet/client-kit/amount-input';
import { formatReference, groupAccountNumber } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../shared/ui/Button';
import { type Ask, usePrompt } from '../../shared/ui/PromptDialog';
import { toastDecisionFailure } from '../../shared/ui/decision-toast';
import { formatCount, formatMoney, formatTime } from '../../shared/ui/format';
import { ExportButton } from '../../shared/ui/ExportButton';
import { type QueueItem, type QueueName, type WithdrawalDetail, loadQueue, useDecide, useQueue } from './api/queues';

/** What the two actions say: a withdrawal is paid out or returned; a deposit is credited or refused. */
const WORDS = {
  payout: { approve: 'queues.approve', fail: 'queues.fail', approved: 'queues.approved', failed: 'queues.failed' },
  deposit: { approve: 'queues.credit', fail: 'queues.refuse', approved: 'queues.credited', failed: 'queues.refused' },
} as const;

/** The operator's queues (withdrawals, deposit notices, slips, TrueMoney transfers), each decided once. */
export function QueuesPage() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6">
      <Queue queue="withdrawals" title={t('queues.withdrawals')} words={WORDS.payout} />
      <Queue queue="deposit-notices" title={t('queues.depositNotices')} words={WORDS.deposit} />
      <Queue
        queue="slips"
        title={t('queues.slips')}
        words={WORDS.deposit}
        approval={async (item, ask) => {
          if (item.amount > 0) return {};
          // The bank did not tell us the amount: the operator, having checked, says it.
          const answer = await ask({ title: t('queues.credit'), label: t('queues.slipAmount', { currency: t(`common.currencies.${item.currency}`) }), amountIn: item.currency });
          const amount = answer === null ? Number.NaN : wireAmount(answer, item.currency);
          return amount > 0 ? { amount } : null;
        }}
      />
      <Queue
        queue="truemoney-transfers"
        title={t('queues.walletTransfers')}
        words={WORDS.deposit}
        approval={async (item, ask) => {
          // Whose money it is: the sender's own account unless the operator names another member.
          const phone = await ask({ title: t('queues.credit'), label: t('queues.walletTransferPhone'), initial: item.who, inputMode: 'tel' });
          return phone ? { phone } : null;
        }}
      />
    </div>
  );
}

function Queue({ queue, title, words, approval }: { queue: QueueName; title: string; words: (typeof WORDS)[keyof typeof WORDS]; approval?: (item: QueueItem, ask: Ask) => Promise<unknown> }) {
  const { t } = useTranslation();
  const pending = useQueue(queue);
  const decide = useDecide(queue);
  const prompt = usePrompt();
  const deciding = (id: string, action?: 'approve' | 'fail') => decide.isPending && decide.variables?.id === id && (!action || decide.variables.action === action);
  const act = (id: string, action: 'approve' | 'fail', body?: unknown) =>
    decide.mutate(
      { id, action, body },
      {
        onSuccess: (answer) => {
          // Still in progress: the first of two operators' decisions is recorded, and what it proposes said.
          const stillWaiting = answer.status === 'in_progress';
          toast.success(stillWaiting ? t(action === 'approve' ? 'queues.firstApproval' : 'queues.firstRefusal') : t(action === 'approve' ? words.approved : words.failed));
        },
        onError: toastDecisionFailure,
      },
    );
  async function approve(item: QueueItem) {
    const body = approval ? await approval(item, prompt.ask) : undefined;
    if (body !== null) act(item._id, 'approve', body);
  }
  async function fail(item: QueueItem) {
    const reason = await prompt.ask({ title: t(words.fail), label: t('queues.reason') });
    if (reason) act(item._id, 'fail', { reason });
  }
  return (
    <section className="rounded-xl border border-white/10 bg-desk-900 p-4">
      <div className="mb-3 flex items-center justify-between">
        <h2 className="text-base font-bold">
          {title} <span className="text-white/50">({pending.data ? formatCount(pending.data.total, pending.data.totalCapped) : '…'})</span>
        </h2>
        <ExportButton
          fileName={`${queue}.csv`}
          columns={[
            { header: 'id', value: (item: QueueItem) => item._id },
            { header: 'time', value: (item) => item.createdAt },
            { header: 'member', value: (item) => item.who },
            { header: 'name', value: (item) => item.memberName },
            { header: 'amount', value: (item) => item.amount.toFixed(2) },
            { header: 'currency', value: (item) => item.currency },
            { header: 'reference', value: (item) => item.reference ?? '' },
          ]}
          loadPage={async (next) => {
            const answer = await loadQueue(queue, next);
            return { rows: answer.items, total: answer.total, totalCapped: answer.totalCapped ?? false };
          }}
        />
      </div>
      {pending.data?.items.length === 0 && <p className="text-white/50">{t('queues.nothingPending')}</p>}
      <ul className="divide-y divide-white/5" data-testid={`admin-${queue}`}>
        {pending.data?.items.map((item) => (
          <li key={item._id} className="grid grid-cols-[1fr_auto_auto] items-center gap-4 py-2">
            <div>
              <p className="font-semibold">{[item.memberName, item.who].filter(Boolean).join(' · ')}</p>
              <p className="text-xs text-white/60">
                {item.reference && (
                  <>
                    {t('queues.reference')} <span className="font-mono text-white/80" data-testid="queue-reference">{formatReference(item.reference)}</span> ·{' '}
                  </>
                )}
                <Detail item={item} /> · {formatTime(item.createdAt)}
              </p>
            </div>
            <span className="text-right font-mono text-base font-bold text-accent-300">{item.amount > 0 ? `${formatMoney(item.amount, 'en', item.currency)} ${item.currency}` : '-'}</span>
            <div className="flex gap-2">
              <Button onClick={() => void approve(item)} busy={deciding(item._id, 'approve')} disabled={deciding(item._id)} data-testid="admin-approve">{t(words.approve)}</Button>
              <Button variant="secondary" onClick={() => void fail(item)} busy={deciding(item._id, 'fail')} disabled={deciding(item._id)} data-testid="admin-fail">{t(words.fail)}</Button>
            </div>
          </li>
        ))}
      </ul>
      {prompt.dialog}
    </section>
  );
}

function Detail({ item }: { item: QueueItem }) {
  const { t } = useTranslation();
  const { detail } = item;
  switch (detail.kind) {
    case 'withdrawal':
      return (
        <>
          {detail.bankCode} <span className="font-mono">{groupAccountNumber(detail.accountNo)}</span> {detail.accountName}
          <WithdrawalTwoOperators detail={detail} />
        </>
      );
    case 'slip':
      return (
        <>
          {detail.note && t(`errors.${detail.note}`)} · {t('queues.slipRef', { bank: detail.sendingBank ?? '-', ref: detail.transRef ?? '-' })} ·{' '}
          <a href={detail.link} target="_blank" rel="noopener noreferrer" className="text-accent-300 underline">{t('queues.viewSlip')}</a>
        </>
      );
    case 'transfer':
      return <>{t(`queues.walletTransferStatus.${detail.status}`)}</>;
    default:
      return null;
  }
}

/**
 * Where a withdrawal's two-operator decision stands. Held by a risk rule, it takes two operators
 * either way, and the second must see what the first proposed (a payout, or the money back) to know
 * what their press confirms; a payout above the operator's amount only ever waits for a second approval.
 */
function WithdrawalTwoOperators({ detail }: { detail: WithdrawalDetail }) {
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
