import { useQuery } from '@tanstack/react-query';
import { memberDetailResponse } from '@wallet/contract';
import { api } from './client';
import { queryKeys } from './keys';

/** GET /api/admin/members/{id}: the member page. */
export const useMember = (id: string) => useQuery({ queryKey: queryKeys.member.of(id), queryFn: () => api.get(`/api/admin/members/${id}`, { schema: memberDetailResponse }) });
