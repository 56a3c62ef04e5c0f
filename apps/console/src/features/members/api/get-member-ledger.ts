import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memberLedgerResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

export const LEDGER_PAGE_SIZE = 25;
/** GET /api/admin/members/{id}/ledger: the transfers of the member's accounts, newest first. */
export const useMemberLedger = (id: string, page: number) =>
  useQuery({
    queryKey: queryKeys.member.ledger(id, page),
    queryFn: () => api.get(`/api/admin/members/${id}/ledger?page=${page}&limit=${LEDGER_PAGE_SIZE}`, { schema: memberLedgerResponse }),
    placeholderData: keepPreviousData,
  });
