import { useQueryClient } from '@tanstack/react-query';
import { type QrRecord } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { type CallCallbacks, useMoneyMutation } from '../../../shared/api/useMoneyMutation';
import { qrQueryKey } from './get-open-qr';
import { schemaOf } from '../../../shared/api/answers';

/**
 * POST /api/qrcode/{bankCode}: a QR for the amount. The method's open QR becomes it, and the other
 * methods refresh theirs (SPEC §4: one open QR per member).
 */
export function useCreateQr(bankCode: string, { onSuccess, onError }: CallCallbacks<QrRecord>) {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: (amount: number, idempotencyKey) => api.post(`/api/qrcode/${bankCode}`, { amount }, { schema: schemaOf('qrRecord'), idempotencyKey }),
    onSuccess: async (record) => {
      if (record.hasQrcode) {
        queryClient.setQueryData(qrQueryKey(bankCode), record);
        void queryClient.invalidateQueries({ queryKey: ['qrcode'], predicate: (query) => query.queryKey[1] !== bankCode });
      }
      await onSuccess?.(record);
    },
    onError,
  });
}
