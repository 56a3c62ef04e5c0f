import { useQuery } from '@tanstack/react-query';
import { memberDetailResponse, statementResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** Who the member is beside the conversation: the member page's summary and their latest movements. */
export const useMemberCard = (id: string | null) =>
  useQuery({ queryKey: queryKeys.member.of(id), queryFn: () => api.get(`/api/admin/members/${id}`, { schema: memberDetailResponse }), enabled: id !== null });
export const useLatestMovements = (id: string | null) =>
  useQuery({ queryKey: ['member', id, 'statement', 'latest'], queryFn: () => api.get(`/api/admin/members/${id}/statement?page=1&limit=8`, { schema: statementResponse }), enabled: id !== null });
