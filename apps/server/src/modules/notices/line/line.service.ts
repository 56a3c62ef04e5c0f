import crypto from 'node:crypto';
import type { ErrorCode } from '@wallet/contract';
import { type LineLogin, LineError } from '../../../adapters/line.js';
import { type Db, isUniqueViolation } from '../../../db/database.js';
import * as repo from './line.repository.js';

/** A LINE Login started from the app must come back within this long, once. */
export const LINK_STATE_MS = 10 * 60_000;

export type LinkResult = 'linked' | Extract<ErrorCode, 'LINE_LINK_EXPIRED' | 'LINE_ACCOUNT_TAKEN' | 'LINE_LOGIN_FAILED'>;

/** LINE's webhook events this module acts on; others (messages, postbacks) are taken and ignored. */
export type LineFriendshipEvent = { type: 'follow' | 'unfollow'; lineUserId: string };

export type LineLinkService = ReturnType<typeof createLineLinkService>;

/**
 * Linking a member's LINE account (LINE Login) and keeping whether they follow the Official Account
 * (LINE's webhook). A LINE account is linked to one member at a time; a member to one LINE account.
 */
export function createLineLinkService(deps: { db: Db; now: () => Date; login: LineLogin; onError: (error: unknown, what: string) => void }) {
  const { db, now, login } = deps;

  return {
    async status(memberId: bigint) {
      const link = await repo.openLinkOfMember(db, memberId);
      return { linked: Boolean(link), following: link?.following ?? false, linkedAt: link ? link.linkedAt.getTime() : null };
    },

    /** LINE's consent page for this member: the state is theirs alone, good once, for 10 minutes. */
    async startLink(memberId: bigint, redirectUri: string): Promise<string> {
      await repo.forgetStatesBefore(db, new Date(now().getTime() - LINK_STATE_MS));
      const state = crypto.randomBytes(24).toString('base64url');
      const nonce = crypto.randomBytes(24).toString('base64url');
      await repo.insertState(db, { state, memberId, nonce, redirectUri, createdAt: now() });
      return login.authorizeUrl({ redirectUri, state, nonce });
    },

    /** LINE Login came back: the state names the member, the code (exchanged, its id_token checked) names the LINE account. */
    async finishLink(answer: { state?: string | undefined; code?: string | undefined; error?: string | undefined }): Promise<LinkResult> {
      const started = answer.state ? await repo.takeState(db, answer.state) : undefined;
      if (!started || started.createdAt.getTime() < now().getTime() - LINK_STATE_MS) return 'LINE_LINK_EXPIRED';
      if (answer.error || !answer.code) return 'LINE_LOGIN_FAILED';
      let identity;
      try {
        identity = await login.signIn({ code: answer.code, redirectUri: started.redirectUri, nonce: started.nonce });
      } catch (error) {
        if (!(error instanceof LineError)) throw error;
        deps.onError(error, 'LINE Login: the code exchange failed');
        return 'LINE_LOGIN_FAILED';
      }
      const { userId, friend } = identity;
      try {
        return await db.transaction().execute(async (trx) => {
          const holder = await repo.openLinkOfLineUserForUpdate(trx, userId);
          if (holder && holder.memberId !== started.memberId) return 'LINE_ACCOUNT_TAKEN' as const;
          if (holder) {
            await repo.setFollowing(trx, holder.id, friend);
            return 'linked' as const;
          }
          // Linking another LINE account replaces the member's previous one.
          await repo.closeOpenLink(trx, started.memberId, now());
          await repo.insertLink(trx, { memberId: started.memberId, lineUserId: userId, following: friend, linkedAt: now() });
          return 'linked' as const;
        });
      } catch (error) {
        // Another member linked the same LINE account at the same instant: the unique index decided.
        if (isUniqueViolation(error, 'member_line_links_line_user_open_idx')) return 'LINE_ACCOUNT_TAKEN';
        throw error;
      }
    },

    async unlink(memberId: bigint): Promise<void> {
      await repo.closeOpenLink(db, memberId, now());
    },

    /** Follow and unfollow (LINE's word for block) from the webhook; a LINE account nobody linked changes nothing. */
    async friendshipChanged(events: LineFriendshipEvent[]): Promise<void> {
      for (const event of events) await repo.setFollowingOfLineUser(db, event.lineUserId, event.type === 'follow');
    },

    /** Where a notice for this member goes on LINE: their linked account, when they follow the Official Account. */
    async recipient(handle: Db, memberId: bigint): Promise<{ linkId: bigint; lineUserId: string } | null> {
      const link = await repo.openLinkOfMember(handle, memberId);
      return link?.following ? { linkId: link.id, lineUserId: link.lineUserId } : null;
    },

    /** LINE refused the user (blocked us): the link stops counting as reachable until they follow again. */
    async refused(handle: Db, linkId: bigint): Promise<void> {
      await repo.setFollowing(handle, linkId, false);
    },
  };
}
