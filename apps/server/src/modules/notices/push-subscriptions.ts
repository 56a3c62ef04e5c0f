import type { Db } from '../../db/database.js';
import { badRequest, businessRule } from '../../errors.js';
import * as repo from './notices.repository.js';

/** The browsers' push services: a subscription's endpoint is on one of them, over HTTPS. */
const PUSH_SERVICE_HOSTS = [/^fcm\.googleapis\.com$/, /^updates\.push\.services\.mozilla\.com$/, /(^|\.)push\.apple\.com$/, /(^|\.)notify\.windows\.com$/];

/**
 * The member's installed apps that take web push. A subscription is only taken under our key
 * (none is, where web push is not configured: PUSH_NOT_AVAILABLE), and only for an endpoint of a
 * browser's push service (or the sandbox's, where sandboxes run): the server posts to whatever
 * endpoint it is given, and must not be made to call its own network.
 */
export function createPushSubscriptions(deps: { db: Db; now: () => Date; publicKey: string | null; sandboxOrigin: (() => string) | null }) {
  const isPushService = (endpoint: string) => {
    const url = new URL(endpoint);
    if (deps.sandboxOrigin && url.origin === deps.sandboxOrigin() && /^\/sandbox\/push\/send\/[\w-]+$/.test(url.pathname)) return true;
    return url.protocol === 'https:' && url.port === '' && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname));
  };
  return {
    publicKey: deps.publicKey,
    async subscribe(memberId: bigint, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }): Promise<void> {
      if (!deps.publicKey) throw businessRule('PUSH_NOT_AVAILABLE');
      if (!isPushService(subscription.endpoint)) throw badRequest('KEY_INVALID');
      await repo.saveSubscription(deps.db, memberId, { endpoint: subscription.endpoint, ...subscription.keys }, deps.now());
    },
    unsubscribe: (memberId: bigint, endpoint: string) => repo.deleteSubscription(deps.db, memberId, endpoint),
  };
}
export type PushSubscriptions = ReturnType<typeof createPushSubscriptions>;
