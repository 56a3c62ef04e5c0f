import { type LineMessaging, LineError } from '../../../adapters/line.js';
import { ChannelError, type NoticeChannel } from '../channel.js';
import { noticeMessages } from './line.rules.js';
import type { LineLinkService } from './line.service.js';

/**
 * Notices pushed from the LINE Official Account to the member's linked LINE account. The notice's
 * id is the push's retry key: LINE delivers it once however often it is sent. A member LINE refuses
 * (blocked or removed the Official Account) is marked not following, and is unreachable here until
 * LINE says they follow again.
 */
export function createLineChannel(deps: { messaging: LineMessaging; links: Pick<LineLinkService, 'recipient' | 'refused'>; appUrl: () => string }): NoticeChannel {
  return {
    name: 'line',
    reachable: async (db, memberId) => (await deps.links.recipient(db, memberId)) !== null,
    async send(db, notice) {
      const recipient = await deps.links.recipient(db, notice.memberId);
      if (!recipient) return { status: 'unreachable', why: 'line_not_linked_or_not_following' };
      let outcome;
      try {
        outcome = await deps.messaging.push(recipient.lineUserId, noticeMessages(notice, deps.appUrl()), notice.id);
      } catch (error) {
        if (!(error instanceof LineError)) throw error;
        throw new ChannelError(error.message, error.retryable, error.retryAfterSeconds);
      }
      if (outcome.status === 'sent') return outcome;
      await deps.links.refused(db, recipient.linkId);
      return { status: 'unreachable', why: outcome.why };
    },
  };
}
