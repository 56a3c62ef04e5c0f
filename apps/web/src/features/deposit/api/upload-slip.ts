import { useQueryClient } from '@tanstack/react-query';
import { type SlipRecord } from '@wallet/contract';
import { uploadFile } from '../../../shared/api/upload';
import { type CallCallbacks, useMoneyMutation } from '../../../shared/api/useMoneyMutation';
import { invalidateMoneyViews } from '../../../shared/api/wallet';
import { schemaOf } from '../../../shared/api/answers';

/** A picked file as the upload's variables: its identity keeps one Idempotency-Key per file (a File is `{}` as JSON). */
export interface SlipPick {
  file: File;
  id: string;
}
export const slipPick = (file: File): SlipPick => ({ file, id: `${file.name}:${file.size}:${file.lastModified}` });

/**
 * POST /api/wallet/slip (multipart): uploads a bank slip, reporting progress. The Idempotency-Key
 * makes a retry after a lost answer return the first slip instead of a duplicate.
 * The member's slips reload, and the wallet and statement too once one was credited.
 */
export function useUploadSlip({ onSuccess, onError, onStart, onProgress }: CallCallbacks<{ slip: SlipRecord }> & { onStart: () => void; onProgress: (share: number) => void }) {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: ({ file }: SlipPick, idempotencyKey: string) => uploadFile('/api/wallet/slip', file, { schema: schemaOf('slipUploadResponse'), onProgress, headers: { 'Idempotency-Key': idempotencyKey } }),
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
