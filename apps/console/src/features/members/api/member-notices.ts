import { useQuery } from '@tanstack/react-query';
import { noticeHistoryResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/members/{id}/notices: the member's last 50 notices, each with every try on a channel. */
export const useMemberNotices = (id: string) =>
  useQuery({ queryKey: queryKeys.member.notices(id), queryFn: () => api.get(`/api/admin/members/${id}/notices`, { schema: noticeHistoryResponse }) });
