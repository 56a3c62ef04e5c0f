import { z } from 'zod';
import { cappedTotalFields } from './schemas.js';

// ---------- Offer campaigns (console: marketing sends an offer notice to a segment of members)

export const CAMPAIGN_LANGUAGES = ['th', 'lo', 'en'] as const;
export type CampaignLanguage = (typeof CAMPAIGN_LANGUAGES)[number];

/**
 * Where a campaign's notice may open the member app: screens every member can open. A notice's
 * tap lands on one of these, never on an address an operator typed.
 */
export const CAMPAIGN_PATHS = ['/user/home', '/user/bonus', '/user/statement', '/user/profile', '/user/howto'] as const;
export type CampaignPath = (typeof CAMPAIGN_PATHS)[number];

/**
 * A title fits a phone's lock screen and a LINE card's heading; a body a push notification's
 * expanded text (LINE takes far more: 5,000 characters a message, 400 for a card's preview).
 */
export const CAMPAIGN_TITLE_MAX = 60;
export const CAMPAIGN_BODY_MAX = 300;
/** Days a segment looks back at most: ten years. */
export const SEGMENT_DAYS_MAX = 3650;

/** No placeholders: a campaign's text is sent as written, so braces that look like one are refused. */
const NO_PLACEHOLDER = /^[^{}<>]*$/;
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;
// eslint-disable-next-line no-control-regex -- control characters other than a line break are what this refuses
const LINES = /^[^\u0000-\u0009\u000b-\u001f\u007f]*$/;

const campaignTitle = z
  .string({ error: (issue) => (issue.input === undefined ? 'KEY_MISSING' : 'KEY_INVALID') })
  .trim()
  .min(1, { error: 'KEY_MISSING' })
  .max(CAMPAIGN_TITLE_MAX, { error: 'KEY_INVALID' })
  .regex(ONE_LINE, { error: 'KEY_INVALID' })
  .regex(NO_PLACEHOLDER, { error: 'KEY_INVALID' });
const campaignBodyText = z
  .string({ error: (issue) => (issue.input === undefined ? 'KEY_MISSING' : 'KEY_INVALID') })
  .trim()
  .min(1, { error: 'KEY_MISSING' })
  .max(CAMPAIGN_BODY_MAX, { error: 'KEY_INVALID' })
  .regex(LINES, { error: 'KEY_INVALID' })
  .regex(NO_PLACEHOLDER, { error: 'KEY_INVALID' });
export const campaignText = z.object({ title: campaignTitle, body: campaignBodyText });
export type CampaignText = z.infer<typeof campaignText>;

const days = z.number({ error: 'KEY_INVALID' }).int({ error: 'KEY_INVALID' }).min(1, { error: 'KEY_INVALID' }).max(SEGMENT_DAYS_MAX, { error: 'KEY_INVALID' });

/** Deposits: any member, those who deposited within N days, those who did not (lapsed or never), or those who never did. */
export const segmentDeposits = z.discriminatedUnion(
  'kind',
  [z.object({ kind: z.literal('any') }), z.object({ kind: z.literal('within'), days }), z.object({ kind: z.literal('not_within'), days }), z.object({ kind: z.literal('never') })],
  { error: 'KEY_INVALID' },
);

/**
 * Which members a campaign goes to: every active member, narrowed by each filter given. The
 * language is the one notices are written in (the member's app language; the site's until they
 * choose); active means signed in.
 */
export const campaignSegment = z.object({
  languages: z.array(z.enum(CAMPAIGN_LANGUAGES, { error: 'KEY_INVALID' })).max(CAMPAIGN_LANGUAGES.length, { error: 'KEY_INVALID' }).default([]),
  currency: z.enum(['THB', 'LAK'], { error: 'KEY_INVALID' }).nullable().default(null),
  /** Where the member said they heard of us at registration (a source code). */
  sourceCode: z.string({ error: 'KEY_INVALID' }).trim().max(32, { error: 'KEY_INVALID' }).regex(/^[A-Za-z0-9_-]*$/, { error: 'KEY_INVALID' }).nullable().default(null),
  registeredWithinDays: days.nullable().default(null),
  activeWithinDays: days.nullable().default(null),
  deposits: segmentDeposits.default({ kind: 'any' }),
});
export type CampaignSegment = z.infer<typeof campaignSegment>;

/** How many members a segment matches, and how many of them an offer can reach: consented to an offers channel, no break or self-exclusion in force. */
export const segmentCountsResponse = z.object({ matched: z.number(), reachable: z.number() });

/**
 * A campaign: its segment, its texts (every language the segment's members read: all three when
 * the segment takes every language) and where its notice opens the app.
 */
export const offerCampaignBody = z
  .object({
    name: z.string({ error: (issue) => (issue.input === undefined ? 'KEY_MISSING' : 'KEY_INVALID') }).trim().min(1, { error: 'KEY_MISSING' }).max(80, { error: 'KEY_INVALID' }).regex(ONE_LINE, { error: 'KEY_INVALID' }),
    segment: campaignSegment,
    texts: z.object({ th: campaignText.optional(), lo: campaignText.optional(), en: campaignText.optional() }),
    path: z.enum(CAMPAIGN_PATHS, { error: 'KEY_INVALID' }).default('/user/home'),
  })
  .superRefine((campaign, context) => {
    for (const language of languagesNeeded(campaign.segment)) {
      if (!campaign.texts[language]) context.addIssue({ code: 'custom', path: ['texts', language], message: 'KEY_MISSING' });
    }
  });
export type OfferCampaignBody = z.infer<typeof offerCampaignBody>;

/** The languages a campaign must be written in: those its segment selects, or all three. */
export function languagesNeeded(segment: Pick<CampaignSegment, 'languages'>): CampaignLanguage[] {
  return segment.languages.length > 0 ? CAMPAIGN_LANGUAGES.filter((language) => segment.languages.includes(language)) : [...CAMPAIGN_LANGUAGES];
}

export const OFFER_CAMPAIGN_STATUSES = ['draft', 'sending', 'sent'] as const;
export const offerCampaignItem = z.object({
  _id: z.string(),
  name: z.string(),
  segment: campaignSegment,
  texts: z.object({ th: campaignText.optional(), lo: campaignText.optional(), en: campaignText.optional() }),
  path: z.enum(CAMPAIGN_PATHS),
  status: z.enum(OFFER_CAMPAIGN_STATUSES),
  createdBy: z.string(),
  createdAt: z.string(),
  sentBy: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** Members the segment matched when it was sent. */
  matched: z.number().nullable(),
  /** What became of its notices: one per member matched. */
  notices: z.object({ written: z.number(), pending: z.number(), sent: z.number(), suppressed: z.number(), undelivered: z.number() }),
});
export type OfferCampaignItem = z.infer<typeof offerCampaignItem>;
export const offerCampaignListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const offerCampaignListResponse = z.object({ ...cappedTotalFields, campaigns: z.array(offerCampaignItem) });
export const offerCampaignParams = z.object({ id: z.uuid({ error: 'KEY_INVALID' }) });
