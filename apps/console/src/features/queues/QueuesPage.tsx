import { wireAmount } from '@wallet/client-kit/amount-input';
import { formatReference, groupAccountNumber } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/Button';
import { type Ask, usePrompt } from '../../shared/ui/PromptDialog';
import { DECISION_WORDS, type DecisionWords, WithdrawalTwoOperators, useQueueDecision } from '../../shared/ui/QueueDecision';
import { formatCount, formatMoney, formatTime } from '../../shared/ui/format';
import { ExportButton } from '../../shared/ui/ExportButton';
import { AutoPayoutPanel } from './AutoPayoutPanel';
import { AutoPayoutNote, payoutInFlight } from './AutoPayoutNote';
import { type QueueItem, type QueueName, loadQueue, useQueue } from './api/queues';

/** The operator's queues (withdrawals, deposit notices, slips, TrueMoney transfers), each decided once. */
export function QueuesPage() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6">
      <AutoPayoutPanel />
      <Queue queue="withdrawals" title={t('queues.withdrawals')} words={DECISION_WORDS.payout} />
      <Queue queue="deposit-notices" title={t('queues.depositNotices')} words={DECISION_WORDS.deposit} />
      <Queue
        queue="slips"
        title={t('queues.slips')}
        words={DECISION_WORDS.deposit}
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
        words={DECISION_WORDS.deposit}
        approval={async (item, ask) => {
          // Whose money it is: the sender's own account unless the operator names another member.
          const phone = await ask({ title: t('queues.credit'), label: t('queues.walletTransferPhone'), initial: item.who, inputMode: 'tel' });
          return phone ? { phone } : null;
        }}
      />
    </div>
  );
}

function Queue({ queue, title, words, approval }: { queue: QueueName; title: string; words: DecisionWords; approval?: (item: QueueItem, ask: Ask) => Promise<unknown> }) {
  const { t } = useTranslation();
  const pending = useQueue(queue);
  const { act, deciding } = useQueueDecision(queue, words);
  const prompt = usePrompt();
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
        {pending.data?.items.map((item) => {
          // The bank is paying it: the server refuses a decision until the bank answers, so the buttons say so first.
          const locked = item.detail.kind === 'withdrawal' && payoutInFlight(item.detail.autoPayout);
          const lockedWhy = locked ? t('autoPayout.inFlightLocked') : undefined;
          return (
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
              <Button onClick={() => void approve(item)} busy={deciding(item._id, 'approve')} disabled={locked || deciding(item._id)} title={lockedWhy} data-testid="admin-approve">{t(words.approve)}</Button>
              <Button variant="secondary" onClick={() => void fail(item)} busy={deciding(item._id, 'fail')} disabled={locked || deciding(item._id)} title={lockedWhy} data-testid="admin-fail">{t(words.fail)}</Button>
            </div>
            {lockedWhy && <p className="col-span-3 -mt-1 text-right text-xs text-sky-200" data-testid="queue-payout-locked">{lockedWhy}</p>}
          </li>
          );
        })}
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
          <AutoPayoutNote autoPayout={detail.autoPayout} />
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
