import { useQuery } from '@tanstack/react-query';
import { harmCasesResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** How many of a member's open, and of their latest closed, harm cases the panel lists. */
const SHOWN = 10;

/**
 * GET /api/admin/protection/cases?memberId=: the member's harm cases, open ones and the latest
 * closed, for the protection panel to link to. Under the harm cases' key, so acting on a case
 * reloads it here too.
 */
export const useMemberHarmCases = (memberId: string, status: 'open' | 'closed') =>
  useQuery({
    queryKey: queryKeys.harm.caseList({ memberId, status }, 1),
    queryFn: () => {
      const query = new URLSearchParams({ status, memberId, page: '1', limit: String(SHOWN) });
      return api.get(`/api/admin/protection/cases?${query}`, { schema: harmCasesResponse }).then((answer) => answer.cases);
    },
  });
