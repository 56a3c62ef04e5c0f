import { type SmsSender, SmsSendError } from '../../adapters/sms.js';
import type { Members } from '../account/members.js';
import { ChannelError, type NoticeChannel } from './channel.js';

/**
 * SMS, the last resort, for service messages only (the rules never give it another): the text
 * alone, to the member's registered phone, under the notice's id so the gateway sends it once.
 */
export function createSmsChannel(sms: SmsSender, members: Pick<Members, 'registered'>): NoticeChannel {
  return {
    name: 'sms',
    reachable: async (db, memberId) => (await members.registered(db, memberId)) !== undefined,
    async send(db, notice) {
      // The phone is never changed once registered: the node's kept facts have it.
      const member = await members.registered(db, notice.memberId);
      if (!member) return { status: 'unreachable', why: 'no_member' };
      try {
        await sms.send(member.phone, `${notice.title}: ${notice.body}`, { reference: notice.id });
      } catch (error) {
        if (error instanceof SmsSendError) throw new ChannelError(error.message, true);
        throw error;
      }
      return { status: 'sent' };
    },
  };
}
