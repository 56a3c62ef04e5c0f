/** The SMS gateway, an outside service (DESIGN §7). */
export interface SmsSender {
  /** `reference`: the gateway sends one message per reference, however often it is asked (a resend after a crash). */
  send(phone: string, text: string, options?: { reference?: string }): Promise<void>;
}

export class SmsSendError extends Error {}

/**
 * An HTTP SMS gateway: `POST {baseUrl}/messages {to, text, reference?}` with a bearer key. The sandbox
 * inbox speaks the same protocol on loopback, so this code path runs in every environment.
 */
export function createHttpSmsSender(options: { baseUrl: () => string; apiKey?: string | undefined; timeoutMs?: number }): SmsSender {
  return {
    async send(phone, text, sendOptions) {
      let response: Response;
      try {
        response = await fetch(`${options.baseUrl()}/messages`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({ to: phone, text, ...(sendOptions?.reference ? { reference: sendOptions.reference } : {}) }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new SmsSendError(`SMS gateway unreachable: ${(error as Error).message}`);
      }
      if (!response.ok) throw new SmsSendError(`SMS gateway answered ${response.status}`);
    },
  };
}
