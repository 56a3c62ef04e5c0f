import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { schemaOf } from '../../../shared/api/answers';

/** POST /api/statement/slip {page, limit}: the member's uploaded slips and what became of them. */
export const useSlips = (page: number) =>
  useQuery({
    queryKey: ['slips', page],
    queryFn: () => api.post('/api/statement/slip', { page, limit: PAGE_SIZE.slip }, { schema: schemaOf('slipListResponse') }),
    placeholderData: keepPreviousData,
  });
