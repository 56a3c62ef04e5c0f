import { api } from '../../../shared/api/client';
import { useMoneyMutation } from '../../../shared/api/useMoneyMutation';
import { schemaOf } from '../../../shared/api/answers';

/** POST /api/spinwheel/spin: one coin, one spin the server decides; a double tap joins the first. */
export const useSpin = () =>
  useMoneyMutation({
    mutationFn: (_unused: void, idempotencyKey) => api.post('/api/spinwheel/spin', undefined, { schema: schemaOf('spinResultResponse'), idempotencyKey }),
  });
