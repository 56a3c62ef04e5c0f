/** What a listener on a PostgreSQL channel is told. */
export interface NotificationHandlers {
  message(payload: string): void;
  /** The connection was lost and is back: whatever was notified meanwhile is lost. */
  resumed(): void;
  error(error: unknown): void;
}

/** The part of `pg.Client` a listener uses (tests give a stand-in). */
export interface ListeningClient {
  connect(): Promise<unknown>;
  query(text: string): Promise<unknown>;
  end(): Promise<unknown>;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  on(event: 'notification', listener: (message: { channel: string; payload?: string | undefined }) => void): unknown;
}

/** A channel name PostgreSQL and PGlite take as it is: lower case, digits, underscores, at most 63. */
export function channelName(...parts: string[]): string {
  return parts
    .join('_')
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 63);
}

/**
 * LISTEN on a connection of its own that comes back by itself: a pooled connection would be handed
 * to queries, and the database may restart under a long-lived one. Errors go to `handlers.error`,
 * never to the process (an 'error' event without a listener would end it). Answers a function that
 * stops listening.
 */
export async function listenWithReconnect(
  connect: () => ListeningClient,
  channel: string,
  handlers: NotificationHandlers,
  retry: { firstMs: number; maxMs: number } = { firstMs: 250, maxMs: 10_000 },
): Promise<() => Promise<void>> {
  let current: ListeningClient | undefined;
  let stopped = false;
  let failures = 0;
  let missedSome = false;
  let timer: NodeJS.Timeout | undefined;

  function retryLater(): void {
    if (stopped || timer) return;
    const delay = Math.min(retry.maxMs, retry.firstMs * 2 ** failures);
    failures += 1;
    timer = setTimeout(() => {
      timer = undefined;
      void open();
    }, delay);
    timer.unref();
  }

  async function open(): Promise<void> {
    const client = connect();
    let gone = false;
    const lose = (error?: unknown) => {
      if (gone) return;
      gone = true;
      if (current === client) current = undefined;
      if (stopped) return;
      if (error) handlers.error(error);
      missedSome = true;
      client.end().catch(() => undefined);
      retryLater();
    };
    client.on('error', lose);
    client.on('end', () => lose());
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.message(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
    } catch (error) {
      lose(error);
      return;
    }
    if (gone) return;
    if (stopped) {
      gone = true;
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    failures = 0;
    if (missedSome) {
      missedSome = false;
      handlers.resumed();
    }
  }

  await open();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  };
}
