import type { Redis } from 'ioredis';

/**
 * Closes a Redis connection without failing what it still waits on. A connected client quits, so
 * the replies to commands already sent (a subscription ioredis renews by itself after a reconnect,
 * with nobody to handle its failure) arrive first; one that is not connected, or does not answer
 * within `graceMs`, is cut, since nothing of it is on the wire.
 */
export async function closeRedis(client: Redis, graceMs = 1_000): Promise<void> {
  if (client.status === 'ready') {
    let timer: NodeJS.Timeout | undefined;
    // After a stalled event loop, timers run before the replies already waiting on the socket are
    // read; one more turn (setImmediate runs after the reads) lets those replies land first.
    const grace = new Promise((resolve) => (timer = setTimeout(() => setImmediate(resolve), graceMs)));
    await Promise.race([client.quit().catch(() => undefined), grace]).finally(() => clearTimeout(timer));
  }
  client.disconnect();
}
