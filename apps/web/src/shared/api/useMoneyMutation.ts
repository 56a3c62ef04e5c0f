import { type MutateOptions, type UseMutationOptions, useMutation } from '@tanstack/react-query';
import i18n from 'i18next';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from './client';
import { notify } from '../notify';

/** A money call a busy node refused is sent this many times in all (the same key each time) before the member is told. */
export const MONEY_TRIES = 3;
/** The longest wait between two tries, whatever Retry-After asks: a member is watching. */
export const BUSY_WAIT_CAP_MS = 5_000;

/**
 * 503: the node was overloaded (BUSY) or its database away (SERVICE_UNAVAILABLE). Either way the
 * server did nothing, and the same call may be sent again once the wait it named is over.
 */
const isBusy = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 503;

/** How long to wait before asking again: the answer's Retry-After (1 s when it named none), capped. */
const busyWaitMs = (error: ApiError): number => Math.min((Number(error.retryAfter) || 1) * 1000, BUSY_WAIT_CAP_MS);

/**
 * Whether a verdict came back. Not when no answer came (network down, timeout) nor for a 503
 * (nothing was done): then the member's next try is the same intent and keeps the key.
 */
const wasAnswered = (error: unknown) => !(error instanceof ApiError && (error.status === 0 || error.status === 503));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The one "busy, trying again" notice, whichever money call is waiting. */
const BUSY_TOAST = 'money-busy';

/**
 * A call that moves money, tied to the member's intent rather than to a tap:
 * - one Idempotency-Key per intent: the same variables keep their key until the server answers,
 *   so a retry after a lost answer is applied once; new variables, or an answer, start a new one;
 * - while a call is in flight, further calls join it instead of sending again: a double tap lands
 *   before React has re-rendered the button as disabled, so `disabled` alone cannot stop it;
 * - a busy node (503: nothing was done) is asked again after its Retry-After, under the same key,
 *   up to MONEY_TRIES in all; meanwhile `retrying` is true and a notice says the app is trying
 *   again, and after the last try the error (translated BUSY) reaches the screen as any other.
 * `mutationFn` receives the variables and the key; variables are compared as JSON, so they must
 * be the member's input (the plain gift link, not its randomly encrypted form).
 */
export function useMoneyMutation<TData, TVariables = void>(
  options: Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'> & {
    mutationFn: (variables: TVariables, idempotencyKey: string) => Promise<TData>;
  },
) {
  const intent = useRef<{ fingerprint: string; key: string } | null>(null);
  const [retrying, setRetrying] = useState(false);
  const { mutationFn } = options;
  const mutation = useMutation<TData, Error, TVariables>({
    ...options,
    mutationFn: async (variables) => {
      const fingerprint = JSON.stringify(variables ?? null);
      if (intent.current?.fingerprint !== fingerprint) intent.current = { fingerprint, key: crypto.randomUUID() };
      const { key } = intent.current;
      let waited = false;
      try {
        for (let tries = 1; ; tries += 1) {
          try {
            const answer = await mutationFn(variables, key);
            intent.current = null;
            return answer;
          } catch (error) {
            if (!isBusy(error) || tries >= MONEY_TRIES) throw error;
            waited = true;
            setRetrying(true);
            notify.loading(BUSY_TOAST, i18n.t('shared.busyRetrying'));
            await sleep(busyWaitMs(error));
          }
        }
      } catch (error) {
        if (wasAnswered(error)) intent.current = null;
        throw error;
      } finally {
        if (waited) {
          setRetrying(false);
          notify.dismiss(BUSY_TOAST);
        }
      }
    },
  });

  return { ...mutation, retrying, ...useJoinInFlight(mutation.mutateAsync) };
}

/**
 * A call that must not run twice for one tap but moves no money (changing the password): while it
 * is in flight, further calls join it, exactly as money calls do.
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
