import { z } from 'zod';

// ---------- Notices (member app: what the member is told when the app is closed, and where)

/** The ways a notice reaches a member, in the order they are tried. */
export const NOTICE_CHANNELS = ['line', 'push', 'sms'] as const;
export type NoticeChannelName = (typeof NOTICE_CHANNELS)[number];

/** What a member is told of. */
export const NOTICE_KINDS = ['deposit_credited', 'withdrawal_paid', 'withdrawal_refused', 'support_reply', 'bonus_reached', 'bonus_expiring', 'limit_raised', 'break_ended', 'offer'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * The groups a member chooses channels for. `money`, `support` and `account` are service messages
 * (about the member's own money, support, limits and breaks): sent in quiet hours and during a
 * self-exclusion. `offers` (bonuses and the operator's offers) are marketing: sent only with the
 * member's consent (none by default), outside quiet hours, never under a protection restriction.
 */
export const NOTICE_GROUPS = ['money', 'support', 'account', 'offers'] as const;
export type NoticeGroup = (typeof NOTICE_GROUPS)[number];
export const NOTICE_GROUP_OF: Record<NoticeKind, NoticeGroup> = {
  deposit_credited: 'money',
  withdrawal_paid: 'money',
  withdrawal_refused: 'money',
  support_reply: 'support',
  limit_raised: 'account',
  break_ended: 'account',
  bonus_reached: 'offers',
  bonus_expiring: 'offers',
  offer: 'offers',
};
export const isServiceGroup = (group: NoticeGroup): boolean => group !== 'offers';

export type NoticeChannelChoices = Record<NoticeGroup, NoticeChannelName[]>;

const channelList = z.array(z.enum(NOTICE_CHANNELS, { error: 'KEY_INVALID' }), { error: 'KEY_INVALID' }).max(NOTICE_CHANNELS.length, { error: 'KEY_INVALID' });
/** Minutes after midnight, in the site's time zone. */
const minuteOfDay = z.number({ error: 'KEY_INVALID' }).int({ error: 'KEY_INVALID' }).min(0, { error: 'KEY_INVALID' }).max(1439, { error: 'KEY_INVALID' });
export const noticeLanguage = z.enum(['th', 'lo', 'en'], { error: 'KEY_INVALID' });

export const noticeSettings = z.object({
  language: noticeLanguage,
  channels: z.object({ money: channelList, support: channelList, account: channelList, offers: channelList }),
  /** Quiet hours, from and to (minutes of the day); equal: none. */
  quietFrom: minuteOfDay,
  quietTo: minuteOfDay,
});
export type NoticeSettings = z.infer<typeof noticeSettings>;

/** The member's settings, and which channels can reach them now (LINE linked and followed, an installed app subscribed, a phone). */
export const noticeSettingsResponse = noticeSettings.extend({
  reachable: z.object({ line: z.boolean(), push: z.boolean(), sms: z.boolean() }),
});

/** A browser's push subscription, as `PushSubscription.toJSON()` gives it. */
export const pushSubscriptionBody = z.object({
  endpoint: z.url({ error: 'KEY_INVALID' }).max(2000, { error: 'KEY_INVALID' }),
  keys: z.object({
    p256dh: z.string({ error: 'KEY_INVALID' }).regex(/^[A-Za-z0-9_-]{80,100}$/, { error: 'KEY_INVALID' }),
    auth: z.string({ error: 'KEY_INVALID' }).regex(/^[A-Za-z0-9_-]{16,32}$/, { error: 'KEY_INVALID' }),
  }),
});
/** The key browsers subscribe under; null where web push is not configured. */
export const pushKeyResponse = z.object({ publicKey: z.string().nullable() });
export const pushUnsubscribeBody = z.object({ endpoint: z.string({ error: 'KEY_MISSING' }).max(2000, { error: 'KEY_INVALID' }) });

/** The console's view of a member's notices: each with every try on a channel. */
export const noticeHistoryResponse = z.object({
  notices: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(NOTICE_KINDS),
      state: z.enum(['pending', 'sent', 'suppressed', 'undelivered']),
      channel: z.enum(NOTICE_CHANNELS).nullable(),
      outcome: z.string().nullable(),
      createdAt: z.string(),
      finishedAt: z.string().nullable(),
      attempts: z.array(z.object({ channel: z.enum(NOTICE_CHANNELS), outcome: z.enum(['sent', 'failed', 'unreachable']), detail: z.string().nullable(), at: z.string() })),
    }),
  ),
});

/** The console's dashboard: what became of the last day's notices, and each channel's tries and delays. */
export const noticeFiguresResponse = z.object({
  hours: z.number(),
  written: z.number(),
  sent: z.number(),
  suppressed: z.number(),
  undelivered: z.number(),
  pending: z.number(),
  /** Of the notices sent, those the channel took within 30 s of their event. */
  sentWithin30Seconds: z.number(),
  channels: z.array(
    z.object({
      channel: z.enum(NOTICE_CHANNELS),
      sent: z.number(),
      failed: z.number(),
      unreachable: z.number(),
      /** From the event to this channel taking the notice, for the notices it delivered. */
      medianSeconds: z.number().nullable(),
      p95Seconds: z.number().nullable(),
    }),
  ),
});
