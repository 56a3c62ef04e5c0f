import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** DELETE /api/admin/risk/freezes/{memberId} (admins): the member may withdraw again; every case of theirs reloads to say so. */
export function useLiftFreeze() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => api.delete(`/api/admin/risk/freezes/${memberId}`, { schema: z.unknown() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.risk.cases }),
  });
}
