import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config.js';
import type { TokenSigner } from '../modules/auth/tokens.js';
import { bearerToken } from './auth.js';
import type { App } from './types.js';

/**
 * A flood guard: per member when signed in (a carrier NAT puts thousands of members behind one
 * address), per address otherwise. The key comes from a token's verified signature, never from
 * the bare header: a made-up token is counted against its address. The limits that protect
 * members (login, OTP) are in the database.
 * Several nodes count together in Redis when there is one (DESIGN §8); a Redis outage lets
 * requests through rather than locking every member out.
 */
export async function registerFloodGuard(
  app: App,
  config: Pick<AppConfig, 'redisUrl' | 'redisKeyPrefix' | 'floodLimits'>,
  tokens: Pick<TokenSigner, 'holder'>,
): Promise<void> {
  const store = config.redisUrl ? new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 }) : undefined;
  store?.on('error', (error) => app.log.warn({ err: error }, 'rate-limit store unavailable'));
  if (store) app.addHook('onClose', async () => void store.disconnect());
  await app.register(rateLimit, {
    ...(store ? { redis: store, nameSpace: `${config.redisKeyPrefix}rate-limit:`, skipOnError: true } : {}),
    timeWindow: '1 minute',
    max: (_request, key) => (key.startsWith('address:') ? config.floodLimits.addressPerMinute : config.floodLimits.memberPerMinute),
    keyGenerator: async (request) => {
      const token = bearerToken(request);
      const holder = token ? await tokens.holder(token) : undefined;
      return holder ? `${holder.audience}:${holder.subject}` : `address:${request.ip}`;
    },
    allowList: (request) => request.url.startsWith('/sandbox/') || request.url === '/healthz' || request.url === '/readyz',
  });
}
