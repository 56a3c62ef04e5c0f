import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { closeRedis } from '../adapters/redis-close.js';
import type { AppConfig } from '../config.js';
import type { TokenSigner } from '../modules/auth/tokens.js';
import { bearerToken } from './auth.js';
import { sharedFloodStore } from './flood-store.js';
import type { App } from './types.js';

/**
 * A flood guard: per member when signed in (a carrier NAT puts thousands of members behind one
 * address), per address otherwise. The key comes from a token's verified signature, never from
 * the bare header: a made-up token is counted against its address. The limits that protect
 * members (login, OTP) are in the database.
 * Several nodes count together in Redis when there is one (DESIGN §8). While Redis is out, each
 * node counts alone: the limit is loosened to once per node, neither dropped nor locking members out.
 * Returns a ping of that Redis connection (none without Redis), for the readiness check: it fails
 * at once while Redis is away, as the connection queues nothing.
 */
export async function registerFloodGuard(
  app: App,
  config: Pick<AppConfig, 'redisUrl' | 'redisKeyPrefix' | 'floodLimits'>,
  tokens: Pick<TokenSigner, 'holder'>,
): Promise<{ pingRedis?: () => Promise<unknown> }> {
  const redis = config.redisUrl ? new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 }) : undefined;
  redis?.on('error', (error) => app.log.warn({ err: error }, 'rate-limit store unavailable'));
  if (redis) app.addHook('onClose', () => closeRedis(redis));
  const store = redis
    ? sharedFloodStore(redis, `${config.redisKeyPrefix}rate-limit:`, {
        onFallback: (error) => app.log.error({ err: error }, 'flood limits counted on this node alone until Redis answers'),
        onRecovered: () => app.log.info('flood limits counted in Redis again'),
      })
    : undefined;
  await app.register(rateLimit, {
    ...(store ? { store } : {}),
    timeWindow: '1 minute',
    max: (_request, key) => (key.startsWith('address:') ? config.floodLimits.addressPerMinute : config.floodLimits.memberPerMinute),
    keyGenerator: async (request) => {
      const token = bearerToken(request);
      const holder = token ? await tokens.holder(token) : undefined;
      return holder ? `${holder.audience}:${holder.subject}` : `address:${request.ip}`;
    },
    allowList: (request) => request.url.startsWith('/sandbox/') || request.url === '/healthz' || request.url === '/readyz',
  });
  return redis ? { pingRedis: () => redis.ping() } : {};
}
