import { useQuery } from '@tanstack/react-query';
import { booksStatusResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/**
 * GET /api/admin/books/status: the latest proof of the books, asked again every minute, so a
 * breach reaches every open console within minutes of the check that found it.
 */
export const useBooksStatus = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.books.status,
    queryFn: () => api.get('/api/admin/books/status', { schema: booksStatusResponse }),
    refetchInterval: 60_000,
    enabled,
  });
