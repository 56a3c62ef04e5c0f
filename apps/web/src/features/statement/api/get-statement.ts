import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type StatementFilter } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { schemaOf } from '../../../shared/api/answers';

/** POST /api/statement {page, limit, type?, from?, to?}: the member's movements, newest first (SPEC §7), filtered on the server. */
export const useStatement = (page: number, filter: StatementFilter = {}) =>
  useQuery({
    queryKey: ['statement', page, filter],
    queryFn: () => api.post('/api/statement', { page, limit: PAGE_SIZE.statement, ...filter }, { schema: schemaOf('statementResponse') }),
    placeholderData: keepPreviousData,
  });
