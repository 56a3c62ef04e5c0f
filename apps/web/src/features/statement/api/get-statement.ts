import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type StatementFilter, statementResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';

/** POST /api/statement {page, limit, type?, from?, to?}: the member's movements, newest first (SPEC §7), filtered on the server. */
export const useStatement = (page: number, filter: StatementFilter = {}) =>
  useQuery({
    queryKey: ['statement', page, filter],
    queryFn: () => api.post('/api/statement', { page, limit: PAGE_SIZE.statement, ...filter }, { schema: statementResponse }),
    placeholderData: keepPreviousData,
  });
