import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type StatementFilter, adminSlipsResponse, adminWithdrawalsResponse, auditResponse, memberInviteesResponse, statementResponse } from '@wallet/contract';
import type { z } from 'zod';
import { api } from './client';
import { queryKeys } from './keys';

export const RECORDS_PAGE_SIZE = 20;
const usePage = <T,>(id: string, what: string, pageNumber: number, schema: z.ZodType<T>, path = `/api/admin/members/${id}/${what}?page=${pageNumber}&limit=${RECORDS_PAGE_SIZE}`) =>
  useQuery({ queryKey: queryKeys.member.records(id, what, pageNumber, path), queryFn: () => api.get(path, { schema }), placeholderData: keepPreviousData });

/** One page of a member's records at the largest page size, for a CSV of all of them. */
export const fetchMemberRecords = <T,>(id: string, what: 'statement' | 'slips' | 'withdrawals' | 'invitees' | 'ledger', page: number, schema: z.ZodType<T>, extraQuery = '') =>
  api.get(`/api/admin/members/${id}/${what}?page=${page}&limit=100${extraQuery}`, { schema });

/** The statement filter as query parameters (`&type=…&from=…&to=…`), only the ones set. */
export const statementFilterQuery = (filter: StatementFilter) =>
  (['type', 'from', 'to'] as const).map((key) => (filter[key] ? `&${key}=${encodeURIComponent(filter[key])}` : '')).join('');

/** GET /api/admin/members/{id}/statement: the member's statement as the member sees it, with the member's filters. */
export const useMemberStatement = (id: string, pageNumber: number, filter: StatementFilter = {}) =>
  usePage(id, 'statement', pageNumber, statementResponse, `/api/admin/members/${id}/statement?page=${pageNumber}&limit=${RECORDS_PAGE_SIZE}${statementFilterQuery(filter)}`);
/** GET /api/admin/members/{id}/slips: every slip, with a signed address of its image. */
export const useMemberSlips = (id: string, pageNumber: number) => usePage(id, 'slips', pageNumber, adminSlipsResponse);
/** GET /api/admin/members/{id}/withdrawals: every withdrawal and its decision. */
export const useMemberWithdrawals = (id: string, pageNumber: number) => usePage(id, 'withdrawals', pageNumber, adminWithdrawalsResponse);
/** GET /api/admin/members/{id}/invitees: the members this one invited. */
export const useMemberInvitees = (id: string, pageNumber: number) => usePage(id, 'invitees', pageNumber, memberInviteesResponse);
/** GET /api/admin/audit?text=…: every operator action that names the member (admins); jsonb writes `"memberId": "…"`. */
export const useMemberAuditTrail = (id: string, pageNumber: number) =>
  usePage(id, 'audit', pageNumber, auditResponse, `/api/admin/audit?text=${encodeURIComponent(`"memberId": "${id}"`)}&page=${pageNumber}&limit=${RECORDS_PAGE_SIZE}`);

