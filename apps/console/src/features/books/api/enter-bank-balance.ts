import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type bankBalanceBody, bankBalanceResponse } from '@wallet/contract';
import type { z } from 'zod';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** POST /api/admin/books/bank-balances: a bank account's balance entered by hand (audited). */
export function useEnterBankBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof bankBalanceBody>) => api.post('/api/admin/books/bank-balances', body, { schema: bankBalanceResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.books.exposure }),
  });
}
