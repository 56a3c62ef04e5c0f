import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, inviteListResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';

/** POST /api/invite {page, limit}: the member's invitees' rewards, 10 a page (SPEC §9). */
export const useInvites = (page: number) =>
  useQuery({ queryKey: ['invite', 'list', page], queryFn: () => api.post('/api/invite', { page, limit: PAGE_SIZE.invite }, { schema: inviteListResponse }), placeholderData: keepPreviousData });
