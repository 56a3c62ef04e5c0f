import { useQueryClient } from '@tanstack/react-query';
import { type ProtectionStatus } from '@wallet/contract';
import { api } from '../client';
import { type CallCallbacks, useSingleFlightMutation } from '../useMoneyMutation';
import { protectionQueryKey } from './get-protection';
import { schemaOf } from '../answers';

type PromptAnswer = 'not_now' | 'reviewed';

/** POST /api/protection/prompt {answer}: "not now" to the limit prompt, or the limits reviewed; answers the new status. */
export const answerPrompt = (answer: PromptAnswer) => api.post('/api/protection/prompt', { answer }, { schema: schemaOf('protectionStatus') });

export function useAnswerPrompt({ onSuccess, onError }: CallCallbacks<ProtectionStatus> = {}) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: answerPrompt,
    onSuccess: (status) => {
      queryClient.setQueryData(protectionQueryKey, status);
      onSuccess?.(status);
    },
    onError,
  });
}
