import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminWalletTransfer, depositNotice, slipRecord, withdrawal } from '@wallet/contract';
import type { z } from 'zod';
import { api } from './client';
import { joinInFlight } from './join-in-flight';
import { queryKeys } from './keys';

export type QueueName = 'withdrawals' | 'deposit-notices' | 'slips' | 'truemoney-transfers';

/** What a decision answers, by queue: the item as it now stands (a withdrawal `in_progress` waits for its second approval). */
const DECIDED = { withdrawals: withdrawal, 'deposit-notices': depositNotice, slips: slipRecord, 'truemoney-transfers': adminWalletTransfer } as const;
export type DecidedItem = z.infer<(typeof DECIDED)[QueueName]>;

type QueueDecision = { queue: QueueName; id: string; action: 'approve' | 'fail'; body?: unknown };
const decideQueueItem = joinInFlight(
  ({ queue, id, action }: QueueDecision) => `${queue}:${id}:${action}`,
  ({ queue, id, action, body }: QueueDecision): Promise<DecidedItem> => api.post<DecidedItem>(`/api/admin/${queue}/${id}/${action}`, body, { schema: DECIDED[queue] }),
);

/**
 * POST /api/admin/{queue}/{id}/approve|fail: a decision on one item; the queue reloads, decided or
 * refused, and so does whatever else shows the item (`reload`: a risk case's held withdrawals). In
 * shared/ because the queues and a risk case decide a held withdrawal the same way.
 */
export function useDecide(queue: QueueName, reload?: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: Omit<QueueDecision, 'queue'>) => decideQueueItem({ ...decision, queue }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.queues.of(queue) }), reload?.()]),
  });
}
