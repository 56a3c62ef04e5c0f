import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { booksChecksResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/books/checks?page=: the proofs of the books, newest first. */
export const useBooksChecks = (page: number) =>
  useQuery({
    queryKey: queryKeys.books.checks(page),
    queryFn: () => api.get(`/api/admin/books/checks?page=${page}`, { schema: booksChecksResponse }),
    placeholderData: keepPreviousData,
  });
