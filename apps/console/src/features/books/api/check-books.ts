import { useMutation, useQueryClient } from '@tanstack/react-query';
import { booksCheckResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { joinInFlight } from '../../../shared/api/join-in-flight';
import { queryKeys } from '../../../shared/api/keys';

// A second press while a check runs joins it: one check, one audit entry.
const checkBooks = joinInFlight(
  () => 'books',
  () => api.post('/api/admin/books/checks', undefined, { schema: booksCheckResponse }),
);

/** POST /api/admin/books/checks: a proof of the books now, named with the operator who asked. */
export function useCheckBooks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => checkBooks(undefined),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.books.all }),
  });
}
