import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { schemaOf } from '../../../shared/api/answers';

/** GET /api/figures: the member's deposits, withdrawals and net game position for today, 7 days, 30 days and 12 months. */
export const useFigures = () => useQuery({ queryKey: ['figures'], queryFn: () => api.get('/api/figures', { schema: schemaOf('figuresResponse') }) });
