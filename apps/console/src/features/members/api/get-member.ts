import { useQuery } from '@tanstack/react-query';
import { memberDetailResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';

export const memberQueryKey = (id: string) => ['member', id] as const;
/** GET /api/admin/members/{id}: the member page. */
export const useMember = (id: string) => useQuery({ queryKey: memberQueryKey(id), queryFn: () => api.get(`/api/admin/members/${id}`, { schema: memberDetailResponse }) });
