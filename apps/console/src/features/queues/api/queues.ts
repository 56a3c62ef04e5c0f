import { useQuery } from '@tanstack/react-query';
import {
  type CurrencyCode,
  adminDepositNoticesResponse,
  adminSlipsResponse,
  adminWalletTransfersResponse,
  adminWithdrawalsResponse,
  type withdrawalAutoPayout,
} from '@wallet/contract';
import type { z } from 'zod';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';
import type { QueueName } from '../../../shared/api/queue-decisions';
import type { TwoOperatorState } from '../../../shared/ui/QueueDecision';

/** A withdrawal's bank account, and where its two-operator decision stands. */
export interface WithdrawalDetail extends TwoOperatorState {
  kind: 'withdrawal';
  bankCode: string;
  accountNo: string;
  accountName: string;
  /** What auto-payout did: not looked at yet, left to operators and why, or with the bank. */
  autoPayout: z.infer<typeof withdrawalAutoPayout>;
}

/** One waiting item of any queue, as the desk shows it. */
export interface QueueItem {
  _id: string;
  amount: number;
  /** Withdrawals and slips can be in kip (the Laos build); the rest are baht. */
  currency: CurrencyCode;
  createdAt: string;
  who: string;
  memberName: string;
  /** Withdrawals and deposit notices: the reference the member reads out to support. */
  reference?: string;
  detail: WithdrawalDetail | { kind: 'notice' } | { kind: 'slip'; note: string | null; sendingBank: string | null; transRef: string | null; link: string } | { kind: 'transfer'; status: string; senderMobile: string };
}

export type { QueueName };

/** GET /api/admin/{queue}?status=pending: what waits, oldest first (15 s refresh). */
export async function loadQueue(queue: QueueName, page = 1): Promise<{ total: number; totalCapped?: boolean; items: QueueItem[] }> {
  switch (queue) {
    case 'withdrawals': {
      const { total, totalCapped, withdrawals } = await api.get(`/api/admin/withdrawals?status=pending&limit=50&page=${page}`, { schema: adminWithdrawalsResponse });
      return {
        total,
        totalCapped,
        items: withdrawals.map((row) => ({
          ...row,
          who: row.username,
          detail: {
            kind: 'withdrawal',
            bankCode: row.bankCode,
            accountNo: row.bankAccountNo,
            accountName: row.bankAccountName,
            firstApprovedBy: row.firstApprovedBy,
            firstDecision: row.firstDecision,
            heldForReview: row.heldForReview,
            autoPayout: row.autoPayout,
          },
        })),
      };
    }
    case 'deposit-notices': {
      const { total, notices } = await api.get(`/api/admin/deposit-notices?status=pending&limit=50&page=${page}`, { schema: adminDepositNoticesResponse });
      return { total, items: notices.map((row) => ({ ...row, currency: 'THB', who: row.username, detail: { kind: 'notice' } })) };
    }
    case 'slips': {
      const { total, totalCapped, slips } = await api.get(`/api/admin/slips?status=pending&limit=50&page=${page}`, { schema: adminSlipsResponse });
      return { total, totalCapped, items: slips.map((row) => ({ ...row, who: row.username, detail: { kind: 'slip', note: row.note, sendingBank: row.sendingBank, transRef: row.transRef, link: row.link } })) };
    }
    case 'truemoney-transfers': {
      const { total, transfers } = await api.get(`/api/admin/truemoney-transfers?limit=50&page=${page}`, { schema: adminWalletTransfersResponse });
      return { total, items: transfers.map((row) => ({ ...row, currency: 'THB', who: row.senderMobile, memberName: '', detail: { kind: 'transfer', status: row.status, senderMobile: row.senderMobile } })) };
    }
  }
}

export const useQueue = (queue: QueueName) => useQuery({ queryKey: queryKeys.queues.of(queue), queryFn: () => loadQueue(queue), refetchInterval: 15_000 });
