import { useQuery } from '@tanstack/react-query';
import { parseReference, referenceLookupResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/references/{reference}: the deposit or withdrawal a member read out; asked only when the search text is shaped like one. */
export function useReferenceLookup(text: string) {
  const parsed = parseReference(text);
  return useQuery({
    queryKey: queryKeys.reference(parsed?.reference),
    queryFn: () => api.get(`/api/admin/references/${parsed!.reference}`, { schema: referenceLookupResponse }),
    enabled: parsed !== null,
    retry: false,
  });
}
