import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { auditResponse, auditVerifyResponse } from '@wallet/contract';
import { api, downloadCsv } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

export interface AuditFilter {
  actor: string;
  action: string;
  text: string;
}
export const AUDIT_PAGE_SIZE = 50;
const query = (filter: AuditFilter) => new URLSearchParams(Object.entries(filter).filter(([, value]) => value.trim() !== '')).toString();

/** GET /api/admin/audit: entries newest first, filtered by operator, action (prefix) and text in the detail. */
export const useAudit = (filter: AuditFilter, page: number) =>
  useQuery({
    queryKey: queryKeys.audit.list(filter, page),
    queryFn: () => api.get(`/api/admin/audit?${query(filter)}&page=${page}&limit=${AUDIT_PAGE_SIZE}`, { schema: auditResponse }),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/audit/export.csv: the filtered log, streamed by the server, oldest first. */
export const exportAudit = (filter: AuditFilter) => downloadCsv(`/api/admin/audit/export.csv?${query(filter)}`, 'audit.csv');

/** GET /api/admin/audit/verify: recomputes the hash chain and names what does not match. */
export const useVerifyAudit = () => useMutation({ mutationFn: () => api.get('/api/admin/audit/verify', { schema: auditVerifyResponse }) });
