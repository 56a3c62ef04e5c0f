import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { schemaOf } from '../../../shared/api/answers';

const QR_STATUS_POLL_MS = 3000;
export const qrQueryKey = (bankCode: string) => ['qrcode', bankCode] as const;

/**
 * GET /api/qrcode/{bankCode}: the member's open QR for a method, or, once paid, the amount
 * credited. While a QR is shown it is asked again every few seconds.
 */
export const useOpenQr = (bankCode: string) =>
  useQuery({
    queryKey: qrQueryKey(bankCode),
    queryFn: () => api.get(`/api/qrcode/${bankCode}`, { schema: schemaOf('qrRecord') }),
    refetchInterval: (query) => (query.state.data?.hasQrcode ? QR_STATUS_POLL_MS : false),
  });
