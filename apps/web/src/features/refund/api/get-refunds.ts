import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, refundListResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';

/** POST /api/refund {page, limit}: refunds received, 10 a page. */
export const useRefunds = (page: number) =>
  useQuery({ queryKey: ['refund', 'list', page], queryFn: () => api.post('/api/refund', { page, limit: PAGE_SIZE.refund }, { schema: refundListResponse }), placeholderData: keepPreviousData });
