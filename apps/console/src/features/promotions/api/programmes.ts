import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Programme, type ProgrammeBody, programmeResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { orPending } from '../../../shared/api/pending';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/programmes/{invite|refund}. */
export const useProgramme = (programme: Programme) =>
  useQuery({ queryKey: queryKeys.programmes.of(programme), queryFn: () => api.get(`/api/admin/programmes/${programme}`, { schema: programmeResponse }) });

/** PUT /api/admin/programmes/{invite|refund}: audited with before and after; above the rate threshold it waits for a second operator. */
export function useSaveProgramme(programme: Programme) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProgrammeBody) => api.put(`/api/admin/programmes/${programme}`, body, { schema: orPending(programmeResponse) }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.programmes.of(programme) }), queryClient.invalidateQueries({ queryKey: queryKeys.configChanges.all })]),
  });
}
