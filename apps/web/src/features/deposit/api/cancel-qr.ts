import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { qrQueryKey } from './get-open-qr';

/** DELETE /api/qrcode/{qrcodeId}: the member cancels the QR shown; the method shows none after, whatever the answer. */
export function useCancelQr(bankCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (qrcodeId: string) => api.delete(`/api/qrcode/${qrcodeId}`),
    onSettled: () => queryClient.setQueryData(qrQueryKey(bankCode), { hasQrcode: false }),
  });
}
