import { useQueryClient } from '@tanstack/react-query';
import { type SlipRecord, slipUploadResponse } from '@wallet/contract';
import { uploadFile } from '../../../shared/api/upload';
import { type CallCallbacks, useMoneyMutation } from '../../../shared/api/useMoneyMutation';
import { invalidateMoneyViews } from '../../../shared/api/wallet';

/**
 * POST /api/wallet/slip (multipart): uploads a bank slip, reporting progress. Slips are told
 * apart by their bank reference on the server; the key only joins a double pick. The member's
 * slips reload, and the wallet and statement too once one was credited.
 */
export function useUploadSlip({ onSuccess, onError, onStart, onProgress }: CallCallbacks<{ slip: SlipRecord }> & { onStart: () => void; onProgress: (share: number) => void }) {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: (file: File) => uploadFile('/api/wallet/slip', file, { schema: slipUploadResponse, onProgress }),
    // Only when an upload starts: a second pick joining it changes nothing on screen.
    onMutate: onStart,
    onSuccess: async (data) => {
      await onSuccess?.(data);
      await queryClient.invalidateQueries({ queryKey: ['slips'] });
      if (data.slip.status === 'SUCCESS') await invalidateMoneyViews(queryClient);
    },
    onError,
  });
}
