import type { QueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { schemaOf } from '../answers';

/** GET /api/invite/banners or /api/refund/banners: fetched when the tile is tapped (SPEC §2 Home overlays). */
export const fetchBanners = (queryClient: QueryClient, placement: 'invite' | 'refund', language: string) =>
  queryClient.fetchQuery({ queryKey: ['banners', placement, language], queryFn: () => api.get(`/api/${placement}/banners`, { schema: schemaOf('bannersResponse') }), staleTime: 60_000 });
