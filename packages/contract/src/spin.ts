import { z } from 'zod';
import { PAGE_SIZE } from './constants.js';
import { toMinor } from './money.js';
import { currencyCode } from './money-schemas.js';
import { REWARD_MAX_MAJOR, localizedName, localizedText, rewardAmountAllowed } from './promotions.js';
import { requiredText } from './schemas.js';

/**
 * The spin wheel. Member shapes follow SPEC §3 (Spin setup, Coupon, Spin result) and §7
 * field by field; the fairness data, coupon status and expiry are ours (docs/adr/0154-verifiable-draw-commit-reveal.md,
 * docs/adr/0156-coupons-are-the-spins-that-won-something.md).
 */

/** What a slice pays: baht to the wallet, a bonus that opens a condition, more coins, or nothing ('try again'). */
export const PRIZE_KINDS = ['cash', 'bonus', 'coins', 'none'] as const;
export type PrizeKind = (typeof PRIZE_KINDS)[number];
export const COUPON_STATUSES = ['claimable', 'claimed', 'expired', 'voided'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

// ---------- Member side
export const spinActiveResponse = z.object({ isActive: z.boolean() });

/** SPEC §3 Spin setup slice. */
export const spinSlice = z.object({ code: z.string(), label: z.string(), bgColor: z.string(), textColor: z.string(), htmlDescription: z.string() });
export type SpinSlice = z.infer<typeof spinSlice>;

/** The member's current seed pair: the server seed's hash is shown before any spin it decides. */
export const spinSeed = z.object({ serverSeedHash: z.string(), clientSeed: z.string(), nonce: z.number() });
export type SpinSeed = z.infer<typeof spinSeed>;

export const spinSetupResponse = z.object({
  activeSpinwheel: z.object({ _id: z.string(), name: z.string(), slices: z.array(spinSlice) }).nullable(),
  userCoin: z.number(),
  /** Baht of deposits that earn one coin. */
  coinBaht: z.number(),
});
export type SpinSetup = z.infer<typeof spinSetupResponse>;

/** SPEC §3 Spin result, with what the member needs to verify the spin later. */
export const spinResultResponse = z.object({
  success: z.literal(true),
  result: z.object({
    _id: z.string(),
    code: z.string(),
    label: z.string(),
    remainingCoin: z.number(),
    kind: z.enum(PRIZE_KINDS),
    amount: z.number(),
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    nonce: z.number(),
  }),
});
export type SpinResult = z.infer<typeof spinResultResponse>['result'];

/** SPEC §3 Coupon: prize (name, slice label), amount. */
export const couponItem = z.object({
  _id: z.string(),
  prize: z.object({ name: z.string(), label: z.string() }),
  kind: z.enum(PRIZE_KINDS),
  /** Baht for cash and bonus prizes, coins for coin prizes. */
  amount: z.number(),
  status: z.enum(COUPON_STATUSES),
  expiresAt: z.string(),
  claimedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof couponItem>;
export const couponQuery = z.object({
  page: z.coerce.number({ error: 'KEY_INVALID' }).int({ error: 'KEY_INVALID' }).min(1, { error: 'KEY_INVALID' }).default(1),
  limit: z.coerce.number({ error: 'KEY_INVALID' }).int({ error: 'KEY_INVALID' }).min(1, { error: 'KEY_INVALID' }).max(50, { error: 'KEY_INVALID' }).default(PAGE_SIZE.coupon),
});
export const couponListResponse = z.object({ total: z.number(), coupons: z.array(couponItem) });

/** A coupon is named by its id; anything else is `INVALID_CODE` (SPEC §8). */
export const couponClaimBody = z.object({ coupon: z.uuid({ error: 'INVALID_CODE' }) });
export const couponClaimResponse = z.object({ success: z.literal(true), message: z.literal('SUCCESS'), coupon: couponItem });

/** The campaign's published odds, the member's seeds, and recent spins with what verifies them. */
export const spinFairnessResponse = z.object({
  odds: z.array(z.object({ code: z.string(), label: z.string(), weight: z.number(), chance: z.number() })),
  seed: spinSeed,
  spins: z.array(
    z.object({
      _id: z.string(),
      code: z.string(),
      label: z.string(),
      weights: z.array(z.number()),
      serverSeedHash: z.string(),
      /** Revealed once the member has rotated away from the seed. */
      serverSeed: z.string().nullable(),
      clientSeed: z.string(),
      nonce: z.number(),
      createdAt: z.string(),
    }),
  ),
});
export type SpinFairness = z.infer<typeof spinFairnessResponse>;
export const clientSeed = z.string({ error: 'KEY_INVALID' }).trim().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'KEY_INVALID' });
export const seedRotateBody = z.object({ clientSeed: clientSeed.optional() });
export const seedRotateResponse = z.object({ revealed: z.object({ serverSeed: z.string(), serverSeedHash: z.string() }).nullable(), seed: spinSeed });

// ---------- Operator side
const color = z.string({ error: 'KEY_INVALID' }).regex(/^#[0-9a-fA-F]{6}$/, { error: 'KEY_INVALID' });
const sliceCode = z
  .string({ error: 'KEY_INVALID' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,30}$/, { error: 'KEY_INVALID' })
  .transform((value) => value.toUpperCase());
const wholePercent = z.number({ error: 'KEY_INVALID' }).int({ error: 'KEY_INVALID' }).min(0, { error: 'KEY_INVALID' }).max(10_000, { error: 'KEY_INVALID' });
const instant = z.iso.datetime({ offset: true, error: 'KEY_INVALID' });

export const spinSliceBody = z
  .object({
    code: sliceCode,
    label: localizedName,
    description: localizedText,
    bgColor: color,
    textColor: color,
    /** Relative odds: a slice lands weight / (sum of weights) of the time. */
    weight: z.number({ error: 'KEY_INVALID' }).int({ error: 'KEY_INVALID' }).min(0, { error: 'KEY_INVALID' }).max(1_000_000, { error: 'KEY_INVALID' }),
    prizeKind: z.enum(PRIZE_KINDS, { error: 'KEY_INVALID' }),
    /** Baht for cash and bonus, whole coins for coins, 0 for none. */
    prizeAmount: z.number({ error: 'KEY_INVALID' }).min(0, { error: 'KEY_INVALID' }).max(REWARD_MAX_MAJOR.LAK, { error: 'KEY_INVALID' }).multipleOf(0.01, { error: 'KEY_INVALID' }),
    /** A bonus prize's condition: a target above the base, a floor under it. */
    successPercent: wholePercent.min(101, { error: 'KEY_INVALID' }).nullable().default(null),
    failPercent: wholePercent.max(99, { error: 'KEY_INVALID' }).nullable().default(null),
    couponDays: z.number({ error: 'KEY_INVALID' }).int({ error: 'KEY_INVALID' }).min(1, { error: 'KEY_INVALID' }).max(365, { error: 'KEY_INVALID' }).default(7),
  })
  .refine((slice) => (slice.prizeKind === 'none') === (slice.prizeAmount === 0), { error: 'KEY_INVALID', path: ['prizeAmount'] })
  .refine((slice) => slice.prizeKind !== 'coins' || Number.isInteger(slice.prizeAmount), { error: 'KEY_INVALID', path: ['prizeAmount'] })
  .refine((slice) => (slice.prizeKind === 'bonus') === (slice.successPercent !== null && slice.failPercent !== null), { error: 'KEY_INVALID', path: ['successPercent'] });
export type SpinSliceBody = z.infer<typeof spinSliceBody>;

export const spinCampaignBody = z
  .object({
    name: localizedName,
    /** The wallets it is for: its prizes are in that currency; one campaign runs per currency. */
    currency: currencyCode.default('THB'),
    slices: z.array(spinSliceBody, { error: 'KEY_INVALID' }).min(2, { error: 'KEY_INVALID' }).max(16, { error: 'KEY_INVALID' }),
    startsAt: instant.nullable().default(null),
    endsAt: instant.nullable().default(null),
  })
  .refine((campaign) => campaign.slices.some((slice) => slice.weight > 0), { error: 'KEY_INVALID', path: ['slices'] })
  // Money prizes within the currency's reward bound (kip whole), whatever is approved.
  .refine((campaign) => campaign.slices.every((slice) => slice.prizeKind === 'coins' || slice.prizeKind === 'none' || rewardAmountAllowed(toMinor(slice.prizeAmount) ?? 0n, campaign.currency)), { error: 'KEY_INVALID', path: ['slices'] })
  .refine((campaign) => new Set(campaign.slices.map((slice) => slice.code)).size === campaign.slices.length, { error: 'KEY_INVALID', path: ['slices'] })
  .refine((campaign) => campaign.startsAt === null || campaign.endsAt === null || new Date(campaign.endsAt) > new Date(campaign.startsAt), { error: 'KEY_INVALID', path: ['endsAt'] });
export type SpinCampaignBody = z.infer<typeof spinCampaignBody>;

export const adminSpinSlice = z.object({
  code: z.string(),
  label: localizedName,
  description: localizedText,
  bgColor: z.string(),
  textColor: z.string(),
  weight: z.number(),
  prizeKind: z.enum(PRIZE_KINDS),
  prizeAmount: z.number(),
  successPercent: z.number().nullable(),
  failPercent: z.number().nullable(),
  couponDays: z.number(),
});
export const adminSpinCampaign = z.object({
  _id: z.string(),
  name: localizedName,
  currency: currencyCode,
  status: z.enum(CAMPAIGN_STATUSES),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  slices: z.array(adminSpinSlice),
  spins: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminSpinCampaign = z.infer<typeof adminSpinCampaign>;
export const adminSpinCampaignsResponse = z.object({ campaigns: z.array(adminSpinCampaign) });
export const campaignParams = z.object({ id: z.uuid({ error: 'KEY_INVALID' }) });

/** Prizes paid against the odds, per slice. */
export const spinReportResponse = z.object({
  campaignId: z.string(),
  spins: z.number(),
  slices: z.array(
    z.object({
      code: z.string(),
      label: z.string(),
      prizeKind: z.enum(PRIZE_KINDS),
      weight: z.number(),
      /** Share of spins the weights promise, and the share that landed, 0–1. */
      expectedShare: z.number(),
      spins: z.number(),
      observedShare: z.number(),
      claimed: z.number(),
      /** Baht for cash and bonus slices, coins for coin slices. */
      paid: z.number(),
    }),
  ),
  paidBaht: z.number(),
  paidCoins: z.number(),
});
export type SpinReport = z.infer<typeof spinReportResponse>;

export const adminSpinRow = z.object({
  _id: z.string(),
  campaignId: z.string(),
  campaignName: z.string(),
  code: z.string(),
  label: z.string(),
  kind: z.enum(PRIZE_KINDS),
  amount: z.number(),
  draw: z.number(),
  nonce: z.number(),
  status: z.enum([...COUPON_STATUSES, 'none']),
  expiresAt: z.string(),
  claimedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminSpinRow = z.infer<typeof adminSpinRow>;
export const adminMemberSpinsResponse = z.object({ coins: z.number(), total: z.number(), spins: z.array(adminSpinRow) });
export const adminMemberSpinsQuery = z.object({ page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(100).default(25) });
export const couponVoidBody = z.object({ reason: requiredText(500) });
