import { useQuery } from '@tanstack/react-query';
import { memberDetailResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/members/{id}, read for the phone: the release confirmation names whom it lets through. */
export const useMemberPhone = (memberId: string | null) =>
  useQuery({
    queryKey: queryKeys.member.of(memberId),
    queryFn: () => api.get(`/api/admin/members/${memberId}`, { schema: memberDetailResponse }),
    select: (member) => member.phone,
    enabled: memberId !== null,
    retry: false,
  });
