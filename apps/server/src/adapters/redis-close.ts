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
    const grace = new Promise((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([client.quit().catch(() => undefined), grace]).finally(() => clearTimeout(timer));
  }
  client.disconnect();
}
