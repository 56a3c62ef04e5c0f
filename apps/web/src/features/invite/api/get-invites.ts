import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { schemaOf } from '../../../shared/api/answers';

/** POST /api/invite {page, limit}: the member's invitees' rewards, 10 a page (SPEC §9). */
export const useInvites = (page: number) =>
  useQuery({ queryKey: ['invite', 'list', page], queryFn: () => api.post('/api/invite', { page, limit: PAGE_SIZE.invite }, { schema: schemaOf('inviteListResponse') }), placeholderData: keepPreviousData });
