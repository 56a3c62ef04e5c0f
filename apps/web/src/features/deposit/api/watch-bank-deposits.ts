import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../../shared/api/client';
import { invalidateMoneyViews } from '../../../shared/api/wallet';
import { schemaOf } from '../../../shared/api/answers';

/** How often the open deposit screen asks whether the member's bank transfer has landed. */
export const BANK_ARRIVAL_POLL_MS = 3_000;
/** Under the statement's key: any money view reloaded reloads this too. */
const watchQueryKey = ['statement', 'deposit-watch'] as const;

/**
 * POST /api/statement {type: deposit}: while `watching`, the member's latest deposits every few
 * seconds. A bank deposit (credited from the operator's statement) that was not there at the first
 * read is the member's transfer landing: its amount is returned and the balances reload.
 */
export function useBankDepositArrival(watching: boolean): number | null {
  const queryClient = useQueryClient();
  const deposits = useQuery({
    queryKey: watchQueryKey,
    queryFn: () => api.post('/api/statement', { page: 1, limit: 10, type: 'deposit' }, { schema: schemaOf('statementResponse') }),
    enabled: watching,
    refetchInterval: watching ? BANK_ARRIVAL_POLL_MS : false,
    // Every read is fresh: an answer cached from an earlier opening would hide a deposit as already seen.
    gcTime: 0,
  });
  const seen = useRef<Set<string> | null>(null);
  const [arrived, setArrived] = useState<number | null>(null);
  const entries = deposits.data?.statements;
  useEffect(() => {
    if (!entries) return;
    if (seen.current === null) {
      seen.current = new Set(entries.map((entry) => entry._id));
      return;
    }
    const landed = entries.filter((entry) => entry.from === 'BANK' && entry.status === 'SUCCESS' && !seen.current!.has(entry._id));
    for (const entry of entries) seen.current.add(entry._id);
    if (landed.length === 0) return;
    setArrived(landed.reduce((sum, entry) => sum + entry.amount, 0));
    void invalidateMoneyViews(queryClient);
  }, [entries, queryClient]);
  return arrived;
}
