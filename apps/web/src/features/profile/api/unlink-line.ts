import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { lineLinkQueryKey } from './get-line-link';
import { schemaOf } from '../../../shared/api/answers';

/** DELETE /api/notices/line/link: no more notices on LINE; the answer is the new state of the link. */
export function useUnlinkLine({ onSuccess, onError }: { onSuccess: () => void; onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/api/notices/line/link', { schema: schemaOf('lineLinkStatus') }),
    onSuccess: (status) => {
      queryClient.setQueryData(lineLinkQueryKey, status);
      onSuccess();
    },
    onError,
  });
}
