import { type WebPush, WebPushError } from '../../adapters/web-push.js';
import type { Db } from '../../db/database.js';
import { ChannelError, type NoticeChannel } from './channel.js';
import * as repo from './notices.repository.js';

/** A service message waits a day for a phone that is off; an offer is not worth more than an hour. */
const TTL_SECONDS = { service: 24 * 3600, other: 3600 };

/**
 * Web push to every app the member installed and allowed (their newest five). The payload carries
 * the notice's id, which the service worker shows the notification under: a notice sent again after
 * a crash replaces itself on the phone instead of showing twice. A subscription the push service
 * says is gone is forgotten.
 */
export function createPushChannel(push: WebPush): NoticeChannel {
  return {
    name: 'push',
    reachable: (db: Db, memberId: bigint) => repo.hasSubscription(db, memberId),
    async send(db, notice) {
      const subscriptions = await repo.subscriptionsOf(db, notice.memberId);
      const payload = { id: notice.id, kind: notice.kind, title: notice.title, body: notice.body, path: notice.path };
      let delivered = 0;
      let failure: WebPushError | undefined;
      for (const subscription of subscriptions) {
        try {
          const answer = await push.send(
            { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
            payload,
            { ttlSeconds: notice.service ? TTL_SECONDS.service : TTL_SECONDS.other, urgency: notice.service ? 'high' : 'normal' },
          );
          if (answer.status === 'gone') await repo.forgetSubscription(db, subscription.id);
          else delivered += 1;
        } catch (error) {
          if (!(error instanceof WebPushError)) throw error;
          failure = error;
        }
      }
      if (delivered > 0) return { status: 'sent' };
      if (failure) throw new ChannelError(failure.message, failure.retryable, failure.retryAfterSeconds);
      return { status: 'unreachable', why: 'no_subscription' };
    },
  };
}
