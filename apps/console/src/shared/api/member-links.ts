import { useQuery } from '@tanstack/react-query';
import { memberLinksResponse } from '@wallet/contract';
import { api } from './client';
import { queryKeys } from './keys';

/** GET /api/admin/members/{id}/links: the members who share a device, address, bank account, holder name, phone or invite with this one. */
export const useMemberLinks = (id: string) => useQuery({ queryKey: queryKeys.member.links(id), queryFn: () => api.get(`/api/admin/members/${id}/links`, { schema: memberLinksResponse }) });
