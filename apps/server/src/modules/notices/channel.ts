import type { NoticeChannelName, NoticeKind } from '@wallet/contract';
import type { Db } from '../../db/database.js';

export { NOTICE_CHANNELS as CHANNELS, NOTICE_KINDS } from '@wallet/contract';
export type { NoticeChannelChoices, NoticeKind } from '@wallet/contract';
export type ChannelName = NoticeChannelName;

/** What a notice's texts are filled with (the amount in minor units, as a string, and currency; a reason code), and what it points at. */
export type NoticeFacts = Partial<Record<'amount' | 'currency' | 'reason' | 'offer' | 'conversation' | 'seq' | 'campaign', string>>;

/** A notice ready for a channel: already in the member's language, with the template applied. */
export interface RenderedNotice {
  /** The notice's id (a UUID): channels that can deduplicate are given it, so a resend after a crash is shown once. */
  id: string;
  memberId: bigint;
  kind: NoticeKind;
  language: 'th' | 'lo' | 'en';
  title: string;
  body: string;
  /** The money the notice is about, when there is one, for a card that shows it. */
  amount?: { minor: bigint; currency: 'THB' | 'LAK' };
  /** Where tapping it opens the app: a path of the member app (`/user/statement`). */
  path: string;
  /** A service message (about the member's own money or support): sent in quiet hours and during a self-exclusion. */
  service: boolean;
}

/** `unreachable`: this member cannot be reached on this channel now (not linked, blocked us, no subscription); the next channel is tried at once. */
export type ChannelOutcome = { status: 'sent' } | { status: 'unreachable'; why: string };

/** The channel failed to take the notice. Retryable failures are tried again on this channel before the next one is; others move on at once. */
export class ChannelError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

export interface NoticeChannel {
  name: ChannelName;
  /** Whether this member can be reached here at all (linked, subscribed, has a phone): the member's settings list only these. */
  reachable(db: Db, memberId: bigint): Promise<boolean>;
  /** Sends once; throws ChannelError when the channel did not take it. */
  send(db: Db, notice: RenderedNotice): Promise<ChannelOutcome>;
}
