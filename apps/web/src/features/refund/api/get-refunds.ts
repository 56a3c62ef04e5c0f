import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { schemaOf } from '../../../shared/api/answers';

/** POST /api/refund {page, limit}: refunds received, 10 a page. */
export const useRefunds = (page: number) =>
  useQuery({ queryKey: ['refund', 'list', page], queryFn: () => api.post('/api/refund', { page, limit: PAGE_SIZE.refund }, { schema: schemaOf('refundListResponse') }), placeholderData: keepPreviousData });
