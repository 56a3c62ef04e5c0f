import { z } from 'zod';
import type { CurrencyCode } from './currency.js';
import { formatMoney, toMajor } from './money.js';

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
      /** The operator who sent it as a test from the console; null for a notice of a real event. */
      testBy: z.string().nullable(),
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

// ---------- Notice templates (console: the operator's words for each kind of notice, per language)

export const NOTICE_LANGUAGES = ['th', 'lo', 'en'] as const;
export type NoticeLanguage = (typeof NOTICE_LANGUAGES)[number];

/** The one thing a template may be filled with: the notice's amount, spoken with its currency. */
export const NOTICE_AMOUNT_PLACEHOLDER = '{amount}';

/**
 * How long a template may be, in characters before `{amount}` is filled in. The title is a lock
 * screen's and a LINE card's one line; an SMS is `title: body` (Thai and Lao go as UCS-2, 67
 * characters a part), so 50 + 200 with an amount stays within five parts, a push payload well
 * under its 4 kB, and a LINE preview (title and amount) under its 400.
 */
export const NOTICE_TEMPLATE_BOUNDS = { title: 50, body: 200 } as const;

/** The operator roles that edit the texts of notices (the words members read are marketing's, and an admin's). */
export const NOTICE_TEMPLATE_EDITORS = ['admin', 'marketing'] as const;

/** An amount shown in a preview and sent by a test notice, in minor units: 1,250 baht, 50,000 kip. */
export const SAMPLE_NOTICE_AMOUNT: Record<CurrencyCode, bigint> = { THB: 125_000n, LAK: 5_000_000n };

const CURRENCY_WORDS: Record<CurrencyCode, Record<NoticeLanguage, string>> = {
  THB: { th: 'บาท', lo: 'ບາດ', en: 'THB' },
  LAK: { th: 'กีบ', lo: 'ກີບ', en: 'LAK' },
};

/** An amount as a notice says it: "1,250.00 บาท", "50,000 ກີບ", "1,250.00 THB". */
export function spokenNoticeAmount(minor: bigint, currency: CurrencyCode, language: NoticeLanguage): string {
  return `${formatMoney(toMajor(minor), language, currency)} ${CURRENCY_WORDS[currency][language]}`;
}

export interface NoticeTexts {
  title: string;
  body: string;
}

/** A template filled: `{amount}` replaced, in the title and the body, by the spoken amount. */
export function fillNoticeTemplate(template: NoticeTexts, amount: string): NoticeTexts {
  return { title: template.title.replaceAll(NOTICE_AMOUNT_PLACEHOLDER, amount), body: template.body.replaceAll(NOTICE_AMOUNT_PLACEHOLDER, amount) };
}

/** Why a template cannot be saved, as the error code the console shows. */
export type NoticeTemplateProblem = 'TEMPLATE_PLACEHOLDER' | 'TEMPLATE_AMOUNT_MISSING' | 'TEMPLATE_TOO_LONG' | 'KEY_MISSING' | 'KEY_INVALID';

const usesAmount = (texts: NoticeTexts) => texts.title.includes(NOTICE_AMOUNT_PLACEHOLDER) || texts.body.includes(NOTICE_AMOUNT_PLACEHOLDER);

/**
 * What is wrong with a template, or null. `{amount}` is the only placeholder, and only for a kind
 * whose built-in text has it (the others carry no amount to fill it with); a kind whose built-in
 * text tells the amount must keep telling it. Any other brace is refused: a `{name}` would reach the
 * member as it was typed. The title is one line. The server and the console's editor both ask this.
 */
export function noticeTemplateProblem(template: NoticeTexts, builtIn: NoticeTexts): NoticeTemplateProblem | null {
  for (const part of ['title', 'body'] as const) {
    if (template[part].trim() === '') return 'KEY_MISSING';
    if (template[part].length > NOTICE_TEMPLATE_BOUNDS[part]) return 'TEMPLATE_TOO_LONG';
  }
  if (/[\r\n]/.test(template.title)) return 'KEY_INVALID';
  const amountAllowed = usesAmount(builtIn);
  for (const part of [template.title, template.body]) {
    const rest = amountAllowed ? part.replaceAll(NOTICE_AMOUNT_PLACEHOLDER, '') : part;
    if (/[{}]/.test(rest)) return 'TEMPLATE_PLACEHOLDER';
  }
  if (amountAllowed && !usesAmount(template)) return 'TEMPLATE_AMOUNT_MISSING';
  return null;
}

export const noticeTemplateParams = z.object({ kind: z.enum(NOTICE_KINDS, { error: 'KEY_INVALID' }), language: noticeLanguage });

const templateText = (bound: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'KEY_MISSING' : 'KEY_INVALID') })
    .trim()
    .min(1, { error: 'KEY_MISSING' })
    .max(bound, { error: 'TEMPLATE_TOO_LONG' });
/** An operator's title and body for one kind of notice in one language. */
export const noticeTemplateBody = z.object({ title: templateText(NOTICE_TEMPLATE_BOUNDS.title), body: templateText(NOTICE_TEMPLATE_BOUNDS.body) });
export type NoticeTemplateBody = z.infer<typeof noticeTemplateBody>;

/** One kind in one language: what is sent now (the operator's text, or the built-in one) and the built-in text reset returns to. */
export const noticeTemplateItem = z.object({
  kind: z.enum(NOTICE_KINDS),
  language: noticeLanguage,
  title: z.string(),
  body: z.string(),
  defaultTitle: z.string(),
  defaultBody: z.string(),
  /** Whether an operator's text is in force (false: the built-in one). */
  edited: z.boolean(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type NoticeTemplateItem = z.infer<typeof noticeTemplateItem>;
export const noticeTemplatesResponse = z.object({
  templates: z.array(noticeTemplateItem),
  /** What a preview fills `{amount}` with: the site's currency (baht on the Thai site, kip on the Lao one), in minor units as a string. */
  sample: z.object({ amount: z.string(), currency: z.enum(['THB', 'LAK']) }),
});
export type NoticeTemplatesResponse = z.infer<typeof noticeTemplatesResponse>;

/** A test notice of this kind to one member, through the outbox like any notice. */
export const testNoticeBody = z.object({ kind: z.enum(NOTICE_KINDS, { error: 'KEY_INVALID' }) });
export const testNoticeResponse = z.object({ message: z.literal('SUCCESS'), noticeId: z.string() });
