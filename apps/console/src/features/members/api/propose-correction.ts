import { useMutation, useQueryClient } from '@tanstack/react-query';
import { correction, type correctionBody } from '@wallet/contract';
import type { z } from 'zod';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/**
 * POST /api/admin/corrections: proposes a credit or debit; nothing moves until another operator
 * approves. One key per opened form, so a double submit proposes once.
 */
export function useProposeCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: z.input<typeof correctionBody>; idempotencyKey: string }) => api.post('/api/admin/corrections', body, { schema: correction, idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.corrections.all }),
  });
}
