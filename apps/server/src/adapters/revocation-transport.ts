import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';
import { closeRedis } from './redis-close.js';
import { channelName } from '../db/notifications.js';
import type { RevocationTransport } from '../modules/auth/revocation-bus.js';

/** How long a node waits at start for its transport before serving without it (the periodic reads cover). */
const START_WAIT_MS = 3_000;

function within(ms: number, work: Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Redis pub/sub on `<prefix>revocations`: a connection that only listens (a subscribed connection
 * can do nothing else) and one that publishes, failing at once while Redis is away rather than
 * holding the call that revoked.
 */
export function createRedisRevocationTransport(options: { url: string; keyPrefix: string; onError: (error: unknown) => void }): RevocationTransport {
  const channel = `${options.keyPrefix}revocations`;
  const subscriber = new Redis(options.url, { maxRetriesPerRequest: null });
  const publisher = new Redis(options.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  subscriber.on('error', options.onError);
  publisher.on('error', options.onError);
  const ready = (client: Redis) => (client.status === 'ready' ? Promise.resolve() : new Promise((resolve) => client.once('ready', resolve)));
  return {
    async start(listener) {
      subscriber.on('message', (from: string, message: string) => {
        if (from === channel) listener.receive(message);
      });
      let connectedBefore = false;
      // ioredis subscribes again by itself after a reconnect; what was published meanwhile is lost.
      subscriber.on('ready', () => {
        if (connectedBefore) listener.resumed();
        connectedBefore = true;
      });
      if (subscriber.status === 'ready') connectedBefore = true;
      await within(START_WAIT_MS, Promise.all([subscriber.subscribe(channel), ready(publisher)]));
    },
    async send(message) {
      await publisher.publish(channel, message);
    },
    async close() {
      await Promise.all([closeRedis(subscriber), closeRedis(publisher)]);
    },
  };
}

/**
 * PostgreSQL LISTEN/NOTIFY (or PGlite's, in this process), for deployments without Redis. The
 * channel is named after the schema, so deployments (or test runs) sharing a database stay apart.
 */
export function createDatabaseRevocationTransport(database: DatabaseHandle, onError: (error: unknown) => void): RevocationTransport {
  let channel: Promise<string> | undefined;
  const channelOf = () =>
    (channel ??= sql<{ schema: string }>`select current_schema() as schema`.execute(database.db).then(({ rows }) => channelName('wallet_revocations', rows[0]?.schema ?? 'public')));
  let stop: (() => Promise<void>) | undefined;
  return {
    async start(listener) {
      stop = await database.listen(await channelOf(), { message: listener.receive, resumed: listener.resumed, error: onError });
    },
    async send(message) {
      await database.notify(await channelOf(), message);
    },
    async close() {
      await stop?.();
    },
  };
}
