import { z } from 'zod';
import { LANGUAGES } from './constants.js';
import { currencyCode, moneyAmount } from './money-schemas.js';
import { requiredText } from './schemas.js';

/**
 * Promotions: bonuses, promotion codes, invite rewards, refunds, their withdrawal
 * conditions, banners and agreements. Member shapes follow SPEC §3 and §7 field by field; where
 * the spec names a field only (`banners`, `userBonus`), the rest is ours and documented in
 * apps/server/src/modules/promotions/README.md and the ADRs it lists.
 */

// ---------- Codes
/** Offer codes are upper-cased before lookup and activation (SPEC §5). */
export const offerCode = z
  .string({ error: (issue) => (issue.input === undefined ? 'KEY_MISSING' : 'KEY_INVALID') })
  .trim()
  .min(1, { error: 'KEY_MISSING' })
  .max(30, { error: 'KEY_INVALID' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'KEY_INVALID' })
  .transform((value) => value.toUpperCase());
export const offerCodeParams = z.object({ code: offerCode });

export const BONUS_TYPES = ['limit', 'day', 'week'] as const;
export type BonusType = (typeof BONUS_TYPES)[number];
export const CONDITION_KINDS = ['bonus', 'promotion', 'refund', 'invite', 'spin'] as const;
export type ConditionKind = (typeof CONDITION_KINDS)[number];

/** What a reward without an offer is called, in each language (the statement, the condition). */
export const PROGRAMME_NAMES = {
  invite: { th: 'โบนัสชวนเพื่อน', lo: 'ໂບນັດແນະນຳໝູ່', en: 'Invite bonus' },
  refund: { th: 'คืนยอดเสีย', lo: 'ຄືນຍອດເສຍ', en: 'Loss refund' },
  spin: { th: 'รางวัลวงล้อ', lo: 'ລາງວັນວົງລໍ້', en: 'Spin wheel prize' },
} as const;

// ---------- Member side
export const bannerItem = z.object({ image: z.string(), html: z.string() });
export type BannerItem = z.infer<typeof bannerItem>;
export const bannersResponse = z.object({ banners: z.array(bannerItem) });

/** SPEC §3 Bonus. `userBonus` is null until the member has taken this bonus at least once. */
export const bonusItem = z.object({
  code: z.string(),
  name: z.string(),
  type: z.enum(BONUS_TYPES),
  maxReceived: z.number(),
  percentFail: z.number(),
  percentSuccess: z.number(),
  /** What the member receives: a share of the qualifying deposit (capped), or a fixed amount. */
  reward: z.object({ mode: z.enum(['share', 'fixed']), percent: z.number().nullable(), amount: z.number().nullable(), cap: z.number().nullable() }),
  minimumDeposit: z.number(),
  /** Whether taking it puts the balances under a withdrawal condition. */
  hasCondition: z.boolean(),
  banners: z.array(bannerItem),
  userBonus: z
    .object({
      _id: z.string(),
      isActive: z.boolean(),
      /** Claims counted against maxReceived in the current period (all, today, this week). */
      received: z.array(z.object({ updatedAt: z.string() })),
    })
    .nullable(),
});
export type BonusItem = z.infer<typeof bonusItem>;
export const bonusListResponse = z.object({ bonuses: z.array(bonusItem) });

/** A claim's answer (SPEC §7: "the response becomes the user bonus"). */
export const claimResponse = z.object({
  message: z.literal('SUCCESS'),
  _id: z.string(),
  code: z.string(),
  kind: z.enum(CONDITION_KINDS),
  amount: z.number(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type ClaimResponse = z.infer<typeof claimResponse>;

/** The member's one withdrawal condition with the figures behind it (the progress bar). */
export const conditionStatus = z.object({
  kind: z.enum(CONDITION_KINDS),
  code: z.string(),
  name: z.string(),
  /** Deposit plus reward, baht. */
  base: z.number(),
  successPercent: z.number(),
  failPercent: z.number(),
  /** Withdrawal allowed at or above this total. */
  successTarget: z.number(),
  /** The member may end the condition below this total. */
  failFloor: z.number(),
  /** Wallet plus game balances now. */
  total: z.number(),
  /**
   * Deposits credited while the condition held (money that arrived anyway, e.g. a QR paid late):
   * the member's own, so the target and the floor above already include them, and ending never
   * takes them.
   */
  ownDeposits: z.number(),
  /** What ending now would take (0 when nothing is cleared or ending is not yet allowed). */
  endTakes: z.number(),
  /** What clearing takes: everything left under the condition, at most the reward, or nothing. */
  clearMode: z.enum(['remaining', 'reward', 'none']),
  createdAt: z.string(),
});
export type ConditionStatus = z.infer<typeof conditionStatus>;
/** SPEC §7 `GET /api/bonus/check/active` returns status and type. */
export const bonusActiveResponse = z.object({
  status: z.boolean(),
  type: z.enum(CONDITION_KINDS).nullable(),
  condition: conditionStatus.nullable(),
});
export type BonusActiveResponse = z.infer<typeof bonusActiveResponse>;
export const bonusMinimumResponse = z.object({
  /** Deposits since the last condition or claim, which a bonus would be a share of. */
  qualifyingDeposit: z.number(),
  /** The smallest minimum deposit among the bonuses on offer. */
  minimum: z.number(),
});

/**
 * What taking a reward would do, in the member's own currency, before they accept it (DESIGN §6
 * "no gain without play"): the reward, everything that becomes locked, the target, the floor and
 * what ending takes. `allowed` false with `refusal` (an error code the claim would answer) when it
 * cannot be taken now.
 */
export const rewardPreview = z.object({
  kind: z.enum(CONDITION_KINDS),
  code: z.string(),
  currency: currencyCode,
  /** The reward that would be paid (0 when it cannot be computed yet, e.g. no qualifying deposit). */
  amount: z.number(),
  allowed: z.boolean(),
  refusal: z.string().nullable(),
  /** Wallet, game balances and transfers to games in flight, now. */
  held: z.number(),
  /** The deposit the reward is a share of (offers), else 0, and the least the offer asks for (0 for none). */
  qualifyingDeposit: z.number(),
  minimumDeposit: z.number(),
  /** Money held beyond the qualifying deposit, and the most of it a conditional reward may be taken with. */
  otherMoney: z.number(),
  otherMoneyLimit: z.number(),
  /** Null when the reward carries no withdrawal condition. */
  condition: z
    .object({
      /** Everything under the condition once paid: what is held plus the reward. */
      locked: z.number(),
      successPercent: z.number(),
      failPercent: z.number(),
      /** Nothing can be withdrawn until wallet and games together reach this. */
      target: z.number(),
      /** The condition can be ended once wallet and games together are below this. */
      floor: z.number(),
      clearMode: z.enum(['remaining', 'reward', 'none']),
      /** The most ending can take: just under the floor (remaining), the reward, or nothing. */
      endTakesAtMost: z.number(),
    })
    .nullable(),
});
export type RewardPreview = z.infer<typeof rewardPreview>;
export const couponPreviewParams = z.object({ coupon: z.uuid({ error: 'INVALID_CODE' }) });

/** What ending the member's condition would do now (shown in the end-bonus dialog before it is confirmed). */
export const clearPreview = z.object({
  allowed: z.boolean(),
  refusal: z.string().nullable(),
  currency: currencyCode,
  /** Wallet and games now, the floor, and the member's own deposits made during the condition. */
  total: z.number(),
  floor: z.number(),
  ownDeposits: z.number(),
  /** Exactly what ending now takes, and what the member keeps. */
  takes: z.number(),
  keeps: z.number(),
});
export type ClearPreview = z.infer<typeof clearPreview>;

/** SPEC §3 Promotion. */
export const promotionResponse = z.object({
  code: z.string(),
  percentFail: z.number(),
  percentSuccess: z.number(),
  description: z.string(),
  reward: bonusItem.shape.reward,
  validUntil: z.string().nullable(),
});
export type PromotionInfo = z.infer<typeof promotionResponse>;
export const currentPromotionResponse = z.object({ promotion: promotionResponse.nullable() });

/** SPEC §3 Invite row. */
export const inviteRow = z.object({ from: z.object({ name: z.string() }), amount: z.number(), createdAt: z.string(), status: z.enum(['accrued', 'claimed', 'review', 'refused']) });
export const inviteListResponse = z.object({ total: z.number(), invites: z.array(inviteRow) });
/** SPEC §3 Refund log row. */
export const refundRow = z.object({ refundAmount: z.number(), createdAt: z.string() });
export const refundListResponse = z.object({ total: z.number(), refunds: z.array(refundRow) });
/** SPEC §3 Refund check. */
export const refundCheckResponse = z.object({
  result: z.boolean(),
  bonus: z.boolean(),
  info: z.string(),
  refundAmount: z.number(),
  refundSuccess: z.number(),
  refundFail: z.number(),
  /** Net game losses since the last refund, and the operator's rate of it. */
  netLoss: z.number(),
  ratePercent: z.number(),
});
export type RefundCheck = z.infer<typeof refundCheckResponse>;
/** SPEC §3 Invite data. */
export const inviteInfoResponse = z.object({
  inviteSuccess: z.number(),
  inviteFail: z.number(),
  ratePercent: z.number(),
  enabled: z.boolean(),
  info: z.string(),
  /** Rewards are paid in the inviter's currency only on friends whose wallet holds the same one; others earn nothing. */
  sameCurrencyOnly: z.literal(true),
});
export const rewardMessageResponse = z.object({ message: z.enum(['INVITE_BONUS_SUCCESS', 'REFUND_SUCCESS', 'BONUS_CLEAR', 'SUCCESS']), amount: z.number() });

// ---------- Operator side
const localized = (max: number) => z.object({ th: z.string().max(max, { error: 'KEY_INVALID' }), lo: z.string().max(max, { error: 'KEY_INVALID' }), en: z.string().max(max, { error: 'KEY_INVALID' }) });
export const localizedText = localized(20_000);
export type LocalizedText = z.infer<typeof localizedText>;
export const localizedName = z.object({ th: requiredText(120), lo: requiredText(120), en: requiredText(120) });
const percent = z.number({ error: 'KEY_INVALID' }).min(0, { error: 'KEY_INVALID' }).max(10_000, { error: 'KEY_INVALID' }).multipleOf(0.01, { error: 'KEY_INVALID' });
/** Condition percentages are whole numbers (member_conditions keeps integers). */
const wholePercent = z.number({ error: 'KEY_INVALID' }).int({ error: 'KEY_INVALID' }).min(0, { error: 'KEY_INVALID' }).max(10_000, { error: 'KEY_INVALID' });
const optionalMoney = moneyAmount.nullable();
/** A share of a deposit or of losses: never more than the amount it is a share of. */
const sharePercent = percent.max(100, { error: 'KEY_INVALID' });
/** A fail floor at or above the base would let a member end a condition without losing anything. */
const failPercent = wholePercent.max(99, { error: 'KEY_INVALID' });

/** The largest reward amount per currency, in major units (kip whole): a sane bound whatever is approved. */
export const REWARD_MAX_MAJOR = { THB: 1_000_000, LAK: 300_000_000 } as const;
/** Whether a reward amount (minor units) is within its currency's bound and, for kip, whole. */
export function rewardAmountAllowed(amount: bigint, currency: keyof typeof REWARD_MAX_MAJOR): boolean {
  return amount <= BigInt(REWARD_MAX_MAJOR[currency]) * 100n && (currency !== 'LAK' || amount % 100n === 0n);
}
/** A condition's target at or under its base is met without play (DESIGN §6: no gain without play). */
export const targetNeedsPlay = (terms: { hasCondition: boolean; successPercent: number }) => !terms.hasCondition || terms.successPercent > 100;
const instant = z.iso.datetime({ offset: true, error: 'KEY_INVALID' });

export const OFFER_STATUSES = ['active', 'paused', 'retired'] as const;
/** What ending a condition takes back ("what the offer's terms say is cleared"). */
export const CLEAR_MODES = ['remaining', 'reward', 'none'] as const;

const offerFields = {
  name: localizedName,
  description: localizedText,
  rewardMode: z.enum(['share', 'fixed'], { error: 'KEY_INVALID' }),
  /** Share of the qualifying deposit, percent (share mode). */
  rewardPercent: sharePercent.nullable(),
  /** Fixed amount (fixed mode), baht. */
  rewardAmount: optionalMoney,
  /** Upper bound of a share, baht; null for none. */
  rewardCap: optionalMoney,
  minimumDeposit: z.number().min(0).max(100_000_000).multipleOf(0.01),
  hasCondition: z.boolean(),
  /** Claimable only on a member's first deposit, with no offer taken before it. */
  firstDepositOnly: z.boolean({ error: 'KEY_INVALID' }).optional(),
  successPercent: wholePercent.min(1, { error: 'KEY_INVALID' }),
  failPercent,
  clearMode: z.enum(CLEAR_MODES, { error: 'KEY_INVALID' }),
  startsAt: instant.nullable(),
  endsAt: instant.nullable(),
};
/**
 * The wallets an offer is for, fixed at creation: its amounts are in that currency,
 * and only members whose wallet holds it see and claim it. Nothing converts.
 */
const offerCurrency = { currency: currencyCode.default('THB') };
/** The bounds that hold whatever a second operator approves. */
/**
 * A share names a percent and no fixed amount, a fixed reward an amount and no percent (the offers
 * table holds it so): the figure of the other mode is refused rather than dropped unseen.
 */
export const rewardShapeConsistent = (offer: { rewardMode: 'share' | 'fixed'; rewardPercent: number | null; rewardAmount: bigint | null }) =>
  offer.rewardMode === 'share' ? offer.rewardAmount === null : offer.rewardPercent === null;
const amountsWithinBounds = (offer: { currency: 'THB' | 'LAK'; rewardAmount: bigint | null; rewardCap: bigint | null }) =>
  [offer.rewardAmount, offer.rewardCap].every((amount) => amount === null || rewardAmountAllowed(amount, offer.currency));
export const bonusBody = z
  .object({
    code: offerCode,
    type: z.enum(BONUS_TYPES, { error: 'KEY_INVALID' }),
    maxReceived: z.number().int().min(1).max(1000),
    sortOrder: z.number().int().min(0).max(10_000).default(0),
    ...offerCurrency,
    ...offerFields,
  })
  .refine(amountsWithinBounds, { error: 'KEY_INVALID', path: ['rewardAmount'] })
  .refine(rewardShapeConsistent, { error: 'OFFER_REWARD_SHAPE', path: ['rewardMode'] })
  .refine(targetNeedsPlay, { error: 'KEY_INVALID', path: ['successPercent'] });
export type BonusBody = z.infer<typeof bonusBody>;
export const promotionBody = z
  .object({
    code: offerCode,
    /** Claims across all members; null for no cap. */
    globalCap: z.number().int().min(1).max(10_000_000).nullable(),
    ...offerCurrency,
    ...offerFields,
  })
  .refine(amountsWithinBounds, { error: 'KEY_INVALID', path: ['rewardAmount'] })
  .refine(rewardShapeConsistent, { error: 'OFFER_REWARD_SHAPE', path: ['rewardMode'] })
  .refine(targetNeedsPlay, { error: 'KEY_INVALID', path: ['successPercent'] });
export type PromotionBody = z.infer<typeof promotionBody>;
export const offerPatchBody = z
  .object({ status: z.enum(OFFER_STATUSES, { error: 'KEY_INVALID' }), type: z.enum(BONUS_TYPES), maxReceived: z.number().int().min(1).max(1000), globalCap: z.number().int().min(1).max(10_000_000).nullable(), sortOrder: z.number().int().min(0).max(10_000), ...offerFields })
  .partial();
export type OfferPatchBody = z.infer<typeof offerPatchBody>;

export const adminOffer = z.object({
  code: z.string(),
  kind: z.enum(['bonus', 'promotion']),
  currency: currencyCode,
  status: z.enum(OFFER_STATUSES),
  type: z.enum(BONUS_TYPES).nullable(),
  maxReceived: z.number(),
  globalCap: z.number().nullable(),
  claimed: z.number(),
  sortOrder: z.number(),
  name: localizedName,
  description: localizedText,
  rewardMode: z.enum(['share', 'fixed']),
  rewardPercent: z.number().nullable(),
  rewardAmount: z.number().nullable(),
  rewardCap: z.number().nullable(),
  minimumDeposit: z.number(),
  hasCondition: z.boolean(),
  firstDepositOnly: z.boolean(),
  successPercent: z.number(),
  failPercent: z.number(),
  clearMode: z.enum(CLEAR_MODES),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** Paid out so far, baht. */
  paid: z.number(),
  banners: z.array(z.object({ _id: z.string(), image: z.string(), html: localizedText })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminOffer = z.infer<typeof adminOffer>;
export const adminOffersQuery = z.object({ kind: z.enum(['bonus', 'promotion']).optional(), status: z.enum(OFFER_STATUSES).optional() });
export const adminOffersResponse = z.object({ offers: z.array(adminOffer) });

export const PROGRAMMES = ['invite', 'refund'] as const;
export type Programme = (typeof PROGRAMMES)[number];
export const programmeParams = z.object({ programme: z.enum(PROGRAMMES, { error: 'KEY_INVALID' }) });
const programmeFields = z.object({
  enabled: z.boolean(),
  /** Invite: share of each invitee deposit; refund: share of net game losses. Percent. */
  ratePercent: sharePercent,
  hasCondition: z.boolean(),
  successPercent: wholePercent.min(1, { error: 'KEY_INVALID' }),
  failPercent,
  info: localizedText,
});
export const programmeBody = programmeFields.refine(targetNeedsPlay, { error: 'KEY_INVALID', path: ['successPercent'] });
export type ProgrammeBody = z.infer<typeof programmeBody>;
export const programmeResponse = programmeFields.extend({ programme: z.enum(PROGRAMMES), updatedAt: z.string().nullable() });
export type ProgrammeSettings = z.infer<typeof programmeResponse>;

export const BANNER_PLACEMENTS = ['invite', 'refund', 'bonus'] as const;
export type BannerPlacement = (typeof BANNER_PLACEMENTS)[number];
/** Multipart fields of `POST /api/admin/banners` beside the `file`. */
export const bannerFields = z.object({
  placement: z.enum(BANNER_PLACEMENTS, { error: 'KEY_INVALID' }),
  /** The bonus the banner belongs to (placement bonus). */
  offerCode: offerCode.optional(),
  position: z.coerce.number().int().min(0).max(1000).default(0),
  html: localizedText,
});
export const adminBanner = z.object({ _id: z.string(), placement: z.enum(BANNER_PLACEMENTS), offerCode: z.string().nullable(), position: z.number(), image: z.string(), html: localizedText, createdAt: z.string() });
export type AdminBanner = z.infer<typeof adminBanner>;
export const adminBannersResponse = z.object({ banners: z.array(adminBanner) });
export const bannerPatchBody = z
  .object({ position: z.number().int().min(0).max(1000), html: localizedText })
  .partial()
  .refine((patch) => patch.position !== undefined || patch.html !== undefined, { error: 'KEY_MISSING' });
export const bannerParams = z.object({ id: z.uuid({ error: 'KEY_INVALID' }) });

export const languageTexts = z.object(Object.fromEntries(LANGUAGES.map((language) => [language, z.array(z.string().max(20_000)).max(20)])) as Record<(typeof LANGUAGES)[number], z.ZodArray<z.ZodString>>);
/** Agreements (SPEC §3): html strings per language. */
export const agreementsBody = z.object({ agreements: languageTexts });
/** The bonus notice; `{percentFail}` is replaced by the member app (SPEC §7). */
export const noticeBody = z.object({ notice: localizedText });

export const conditionEndBody = z.object({ reason: requiredText(500) });
export const adminConditionResponse = z.object({
  condition: conditionStatus
    .extend({
      _id: z.string(),
      status: z.enum(['active', 'completed', 'ended']),
      /** What an operator's ending takes back now: the reward still held (at most the reward), whatever the total. */
      operatorEndTakes: z.number(),
    })
    .nullable(),
});

export const INVITE_SIGNALS = ['same_bank_account', 'same_account_name', 'same_device', 'same_address'] as const;
export const inviteReview = z.object({
  _id: z.string(),
  inviterId: z.string(),
  inviterName: z.string(),
  inviteeId: z.string(),
  inviteeName: z.string(),
  amount: z.number(),
  signals: z.array(z.enum(INVITE_SIGNALS)),
  status: z.enum(['review', 'accrued', 'refused', 'claimed']),
  createdAt: z.string(),
});
export const inviteReviewsResponse = z.object({ total: z.number(), reviews: z.array(inviteReview) });
/** An invite reward held for review, approved (accrued) or refused: the review's new status. */
export const inviteReviewDecisionResponse = z.object({ message: z.literal('SUCCESS'), status: z.string() });
export const inviteReviewsQuery = z.object({ page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(100).default(25) });
