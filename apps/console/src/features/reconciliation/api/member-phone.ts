import { useQuery } from '@tanstack/react-query';
import { memberDetailResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/members/{id}, read for its phone: the desk sees whom a correction credits before proposing it. */
export const useMemberPhone = (memberId: string | null) =>
  useQuery({
    queryKey: queryKeys.member.of(memberId),
    queryFn: () => api.get(`/api/admin/members/${memberId}`, { schema: memberDetailResponse }),
    select: (member) => member.phone,
    enabled: memberId !== null,
    retry: false,
  });
