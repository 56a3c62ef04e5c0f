import { useQuery } from '@tanstack/react-query';
import { memberDetailResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/members/{id}: the member page. */
export const useMember = (id: string) => useQuery({ queryKey: queryKeys.member.of(id), queryFn: () => api.get(`/api/admin/members/${id}`, { schema: memberDetailResponse }) });
