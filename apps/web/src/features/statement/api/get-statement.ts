import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, statementResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';

/** POST /api/statement {page, limit}: the member's movements, newest first (SPEC §7). */
export const useStatement = (page: number) =>
  useQuery({
    queryKey: ['statement', page],
    queryFn: () => api.post('/api/statement', { page, limit: PAGE_SIZE.statement }, { schema: statementResponse }),
    placeholderData: keepPreviousData,
  });
