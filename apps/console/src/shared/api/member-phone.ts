import { useQuery } from '@tanstack/react-query';
import { memberDetailResponse } from '@wallet/contract';
import { api } from './client';
import { queryKeys } from './keys';

/** GET /api/admin/members/{id}, read for its phone: a confirmation names the member it concerns (a correction's credit, a risk release). */
export const useMemberPhone = (memberId: string | null) =>
  useQuery({
    queryKey: queryKeys.member.of(memberId),
    queryFn: () => api.get(`/api/admin/members/${memberId}`, { schema: memberDetailResponse }),
    select: (member) => member.phone,
    enabled: memberId !== null,
    retry: false,
  });
