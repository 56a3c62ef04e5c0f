import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memberSearchResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

export const MEMBERS_PAGE_SIZE = 25;
/** GET /api/admin/members?q=: by phone, id, name, bank account or invite code. */
export const searchMembers = (q: string, page: number, limit = MEMBERS_PAGE_SIZE) =>
  api.get(`/api/admin/members?q=${encodeURIComponent(q)}&page=${page}&limit=${limit}`, { schema: memberSearchResponse });
export const useMemberSearch = (q: string, page: number) => useQuery({ queryKey: queryKeys.members.search(q, page), queryFn: () => searchMembers(q, page), placeholderData: keepPreviousData });
