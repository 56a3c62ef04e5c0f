import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminOffer, adminOffersResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { orPending } from '../../../shared/api/pending';
import { queryKeys } from '../../../shared/api/keys';

type Kind = 'bonus' | 'promotion';
const path = (kind: Kind) => (kind === 'bonus' ? '/api/admin/bonuses' : '/api/admin/promotions');

/** GET /api/admin/offers?kind=: bonuses or promotion codes with claims and amounts paid. */
export const useOffers = (kind: Kind) => useQuery({ queryKey: queryKeys.offers.of(kind), queryFn: () => api.get(`/api/admin/offers?kind=${kind}`, { schema: adminOffersResponse }) });

/** POST /api/admin/bonuses|promotions, or PATCH …/{code} when editing (a change above the thresholds waits for a second operator); the lists reload. */
export function useSaveOffer(kind: Kind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, body }: { code: string | null; body: Record<string, unknown> }) =>
      code ? api.patch(`${path(kind)}/${encodeURIComponent(code)}`, body, { schema: orPending(adminOffer) }) : api.post(path(kind), body, { schema: orPending(adminOffer) }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.offers.all }), queryClient.invalidateQueries({ queryKey: queryKeys.configChanges.all })]),
  });
}
