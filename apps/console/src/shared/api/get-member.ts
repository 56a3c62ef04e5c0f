import { useQuery } from '@tanstack/react-query';
import { memberDetailResponse } from '@wallet/contract';
import { api } from './client';
import { queryKeys } from './keys';

/** GET /api/admin/members/{id}: the member page, and a risk case's member. */
export const useMember = (id: string, { enabled = true } = {}) => useQuery({ queryKey: queryKeys.member.of(id), queryFn: () => api.get(`/api/admin/members/${id}`, { schema: memberDetailResponse }), enabled });
