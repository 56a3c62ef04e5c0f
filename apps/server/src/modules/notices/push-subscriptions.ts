import type { Db } from '../../db/database.js';
import { businessRule } from '../../errors.js';
import * as repo from './notices.repository.js';

/**
 * The member's installed apps that take web push. A subscription is only taken under our key
 * (none is, where web push is not configured: PUSH_NOT_AVAILABLE).
 */
export function createPushSubscriptions(deps: { db: Db; now: () => Date; publicKey: string | null }) {
  return {
    publicKey: deps.publicKey,
    async subscribe(memberId: bigint, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }): Promise<void> {
      if (!deps.publicKey) throw businessRule('PUSH_NOT_AVAILABLE');
      await repo.saveSubscription(deps.db, memberId, { endpoint: subscription.endpoint, ...subscription.keys }, deps.now());
    },
    unsubscribe: (memberId: bigint, endpoint: string) => repo.deleteSubscription(deps.db, memberId, endpoint),
  };
}
export type PushSubscriptions = ReturnType<typeof createPushSubscriptions>;
