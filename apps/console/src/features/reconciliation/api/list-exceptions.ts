import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReconciliationSourceName, exceptionsResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

export const EXCEPTIONS_PAGE_SIZE = 25;
export interface ExceptionsFilter {
  /** 'waiting': open, correcting or a write-off proposed; 'all': resolved ones too. */
  status: 'waiting' | 'all';
  source: ReconciliationSourceName | null;
}

/** GET /api/admin/reconciliation/exceptions: a page of the queue, oldest first, with the unowned-over-a-day count. */
export const listExceptions = (filter: ExceptionsFilter, page: number) => {
  const query = new URLSearchParams({ status: filter.status, page: String(page), limit: String(EXCEPTIONS_PAGE_SIZE) });
  if (filter.source) query.set('source', filter.source);
  return api.get(`/api/admin/reconciliation/exceptions?${query}`, { schema: exceptionsResponse });
};

/** The queue, asked again every minute: an exception's age and owner move while the desk looks. */
export const useExceptions = (filter: ExceptionsFilter, page: number) =>
  useQuery({ queryKey: queryKeys.reconciliation.exceptionList(filter, page), queryFn: () => listExceptions(filter, page), placeholderData: keepPreviousData, refetchInterval: 60_000 });
