import { type MutateOptions, type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { ApiError } from './client';

/** A call that never reached an answer (network down, timeout) may be retried under the same key. */
const wasAnswered = (error: unknown) => !(error instanceof ApiError && error.status === 0);

/**
 * A call that moves money, tied to the member's intent rather than to a tap (issue 8 §1):
 * - one Idempotency-Key per intent: the same variables keep their key until the server answers,
 *   so a retry after a lost answer is applied once; new variables, or an answer, start a new one;
 * - while a call is in flight, further calls join it instead of sending again: a double tap lands
 *   before React has re-rendered the button as disabled, so `disabled` alone cannot stop it.
 * `mutationFn` receives the variables and the key; variables are compared as JSON, so they must
 * be the member's input (the plain gift link, not its randomly encrypted form).
 */
export function useMoneyMutation<TData, TVariables = void>(
  options: Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'> & {
    mutationFn: (variables: TVariables, idempotencyKey: string) => Promise<TData>;
  },
) {
  const intent = useRef<{ fingerprint: string; key: string } | null>(null);
  const { mutationFn } = options;
  const mutation = useMutation<TData, Error, TVariables>({
    ...options,
    mutationFn: async (variables) => {
      const fingerprint = JSON.stringify(variables ?? null);
      if (intent.current?.fingerprint !== fingerprint) intent.current = { fingerprint, key: crypto.randomUUID() };
      try {
        const answer = await mutationFn(variables, intent.current.key);
        intent.current = null;
        return answer;
      } catch (error) {
        if (wasAnswered(error)) intent.current = null;
        throw error;
      }
    },
  });

  return { ...mutation, ...useJoinInFlight(mutation.mutateAsync) };
}

/**
 * A call that must not run twice for one tap but moves no money (changing the password, issue 31
 * §4): while it is in flight, further calls join it, exactly as money calls do.
 */
export function useSingleFlightMutation<TData, TVariables = void>(options: UseMutationOptions<TData, Error, TVariables>) {
  const mutation = useMutation<TData, Error, TVariables>(options);
  return { ...mutation, ...useJoinInFlight(mutation.mutateAsync) };
}

/**
 * `mutate` and `mutateAsync` that join the call in flight instead of sending again: a double tap
 * lands before React has re-rendered the button as disabled, so `disabled` alone cannot stop it.
 */
function useJoinInFlight<TData, TVariables>(send: (variables: TVariables, options?: MutateOptions<TData, Error, TVariables>) => Promise<TData>) {
  const inFlight = useRef<Promise<TData> | null>(null);
  const mutateAsync = useCallback(
    (variables: TVariables, callOptions?: MutateOptions<TData, Error, TVariables>): Promise<TData> => {
      if (inFlight.current) return inFlight.current;
      const call = send(variables, callOptions).finally(() => {
        inFlight.current = null;
      });
      inFlight.current = call;
      return call;
    },
    [send],
  );
  const mutate = useCallback(
    (variables: TVariables, callOptions?: MutateOptions<TData, Error, TVariables>): void => {
      // Failures reach the member through onError; the promise is only for mutateAsync callers.
      mutateAsync(variables, callOptions).catch(() => undefined);
    },
    [mutateAsync],
  );
  return { mutate, mutateAsync };
}

/** What a screen does with a call's outcome; the call's own file adds what it invalidates. */
export interface CallCallbacks<TData> {
  onSuccess?: (data: TData) => unknown;
  onError?: (error: Error) => unknown;
}
