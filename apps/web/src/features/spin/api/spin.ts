import { spinResultResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { useMoneyMutation } from '../../../shared/api/useMoneyMutation';

/** POST /api/spinwheel/spin: one coin, one spin the server decides; a double tap joins the first. */
export const useSpin = () =>
  useMoneyMutation({
    mutationFn: (_unused: void, idempotencyKey) => api.post('/api/spinwheel/spin', undefined, { schema: spinResultResponse, idempotencyKey }),
  });
