import { useQuery } from '@tanstack/react-query';
import { adminWithdrawalsResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

const PATH = (memberId: string) => `/api/admin/members/${memberId}/withdrawals?page=1&limit=100`;

/**
 * GET /api/admin/members/{id}/withdrawals, the latest 100: where each of a case's held withdrawals
 * stands (who proposed what, decided or not). Under the member's key, so deciding one reloads it
 * with the member page's lists.
 */
export const useCaseWithdrawals = (memberId: string, enabled: boolean) =>
  useQuery({ queryKey: queryKeys.member.records(memberId, 'withdrawals', 1, PATH(memberId)), queryFn: () => api.get(PATH(memberId), { schema: adminWithdrawalsResponse }).then((answer) => answer.withdrawals), enabled });
