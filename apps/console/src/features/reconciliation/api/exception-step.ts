import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { exceptionResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { joinInFlight } from '../../../shared/api/join-in-flight';
import { queryKeys } from '../../../shared/api/keys';

/**
 * One operator step on an exception (assign, note, match, correction, write-off): a second press
 * while the first is on its way joins it, and whatever the answer (done, or refused because
 * someone else moved it first) the exception and the queue reload to show where it stands.
 */
export function exceptionStep<Args extends { id: string }>(name: string, send: (args: Args) => { path: string; body: unknown; idempotencyKey?: string }, { alsoReload = [] }: { alsoReload?: QueryKey[] } = {}) {
  const call = joinInFlight(
    (args: Args) => `${args.id}:${name}`,
    (args: Args) => {
      const { path, body, idempotencyKey } = send(args);
      return api.post(`/api/admin/reconciliation/exceptions/${args.id}/${path}`, body, { schema: exceptionResponse, ...(idempotencyKey ? { idempotencyKey } : {}) }).then((answer) => answer.exception);
    },
  );
  return function useExceptionStep() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: call,
      onSuccess: (exception) => queryClient.setQueryData(queryKeys.reconciliation.exception(exception.id), exception),
      onSettled: () => Promise.all([queryKeys.reconciliation.exceptions, ...alsoReload].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    });
  };
}
