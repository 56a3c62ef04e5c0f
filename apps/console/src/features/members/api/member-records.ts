import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminSlipsResponse, adminWithdrawalsResponse, auditResponse, memberInviteesResponse, statementResponse } from '@wallet/contract';
import type { z } from 'zod';
import { api } from '../../../shared/api/client';

export const RECORDS_PAGE_SIZE = 20;
const usePage = <T,>(id: string, what: string, pageNumber: number, schema: z.ZodType<T>, path = `/api/admin/members/${id}/${what}?page=${pageNumber}&limit=${RECORDS_PAGE_SIZE}`) =>
  useQuery({ queryKey: ['member', id, what, pageNumber], queryFn: () => api.get(path, { schema }), placeholderData: keepPreviousData });

/** One page of a member's records at the largest page size, for a CSV of all of them. */
export const fetchMemberRecords = <T,>(id: string, what: 'statement' | 'slips' | 'withdrawals' | 'invitees' | 'ledger', page: number, schema: z.ZodType<T>) =>
  api.get(`/api/admin/members/${id}/${what}?page=${page}&limit=100`, { schema });

/** GET /api/admin/members/{id}/statement: the member's statement as the member sees it. */
export const useMemberStatement = (id: string, pageNumber: number) => usePage(id, 'statement', pageNumber, statementResponse);
/** GET /api/admin/members/{id}/slips: every slip, with a signed address of its image. */
export const useMemberSlips = (id: string, pageNumber: number) => usePage(id, 'slips', pageNumber, adminSlipsResponse);
/** GET /api/admin/members/{id}/withdrawals: every withdrawal and its decision. */
export const useMemberWithdrawals = (id: string, pageNumber: number) => usePage(id, 'withdrawals', pageNumber, adminWithdrawalsResponse);
/** GET /api/admin/members/{id}/invitees: the members this one invited. */
export const useMemberInvitees = (id: string, pageNumber: number) => usePage(id, 'invitees', pageNumber, memberInviteesResponse);
/** GET /api/admin/audit?text=…: every operator action that names the member (admins); jsonb writes `"memberId": "…"`. */
export const useMemberAuditTrail = (id: string, pageNumber: number) =>
  usePage(id, 'audit', pageNumber, auditResponse, `/api/admin/audit?text=${encodeURIComponent(`"memberId": "${id}"`)}&page=${pageNumber}&limit=${RECORDS_PAGE_SIZE}`);

