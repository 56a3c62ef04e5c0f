import { useQuery } from '@tanstack/react-query';
import { bankAutoFiguresResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/bank-credits/figures (finance, admin): bank deposits of today and the last 30 days, how they were credited and how fast. */
export const useBankAutoFigures = () =>
  useQuery({ queryKey: queryKeys.bankCredits.figures, queryFn: () => api.get('/api/admin/bank-credits/figures', { schema: bankAutoFiguresResponse }), refetchInterval: 60_000 });
