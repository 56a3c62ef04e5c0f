import crypto from 'node:crypto';
import { z } from 'zod';
import { type CurrencyCode, type DepositPause, QR_QUICK_PICKS_BANK, REALITY_CHECK_MINUTES, depositPause } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { badRequest } from '../../errors.js';
import { lockSetting, mergeSetting, readOrCreateSetting, readSetting } from './settings.repository.js';

/**
 * What the operator sets per wallet currency. The baht figures are the top-level
 * settings they always were; kip has its own (docs/adr/0178-kip-amounts-laos-build.md).
 */
const kipRules = z.object({
  depositMinimum: z.number().default(1_000),
  withdrawMin: z.number().default(50_000),
  withdrawMax: z.number().default(30_000_000),
  withdrawSecondApprovalAbove: z.number().default(0),
  autoPayoutMax: z.number().default(0),
  autoPayoutDailyBudget: z.number().default(0),
  spinCoinAmount: z.number().default(50_000),
  bankQrQuickPicks: z.array(z.number()).default([10_000, 20_000, 50_000, 100_000, 500_000, 1_000_000]),
  rewardOtherMoneyLimit: z.number().default(50_000),
});
export type MoneyRules = z.infer<typeof kipRules>;

/** Operator settings (DESIGN §6: "all values are operator settings"), with their defaults. */
export const siteSettingsSchema = z.object({
  terminated: z.boolean().default(false),
  registerOTP: z.boolean().default(true),
  // On since support chat exists: visitors reach support from the contact screen.
  enableChatWidget: z.boolean().default(true),
  siteName: z.string().default('Baht Wallet'),
  website: z.string().default('http://localhost:8080'),
  /** Fail percentage put into the notice text when the caller names none. */
  defaultPercentFail: z.number().default(10),
  depositMinimum: z.number().default(1),
  isManualDeposit: z.boolean().default(false),
  withdrawMin: z.number().default(100),
  withdrawMax: z.number().default(50000),
  /** Withdrawals above this many baht need a second operator's approval; 0 turns it off. */
  withdrawSecondApprovalAbove: z.number().default(0),
  /**
   * Withdrawals up to this many baht are paid by the bank's transfer API without an operator while
   * the day's auto-paid total stays within the budget; 0 turns auto-payout off. Raising either waits
   * for a second operator.
   */
  autoPayoutMax: z.number().default(0),
  autoPayoutDailyBudget: z.number().default(0),
  /** Daily slip-upload window, Asia/Bangkok wall-clock HH:mm. */
  slipOpenFrom: z.string().default('00:00'),
  slipOpenUntil: z.string().default('23:59'),
  slipMaxAgeMinutes: z.number().default(60),
  /** Invite-bonus condition percentages (DESIGN §6 Conditions). */
  inviteSuccessPercent: z.number().default(300),
  inviteFailPercent: z.number().default(10),
  /** Invite programme: the inviter earns this share of each invitee deposit. */
  inviteEnabled: z.boolean().default(true),
  inviteRatePercent: z.number().default(5),
  inviteHasCondition: z.boolean().default(true),
  inviteInfo: z.object({ th: z.string(), lo: z.string(), en: z.string() }).default({
    th: '<p>ชวนเพื่อนสมัครด้วยลิงก์ของคุณ รับโบนัสทุกครั้งที่เพื่อนฝากเงิน</p>',
    lo: '<p>ແນະນຳໝູ່ສະໝັກດ້ວຍລິ້ງຂອງທ່ານ ຮັບໂບນັດທຸກຄັ້ງທີ່ໝູ່ຝາກເງິນ</p>',
    en: '<p>Invite friends with your link and earn a bonus on every deposit they make.</p>',
  }),
  /** Refund programme (DESIGN §6 Refund): this share of net game losses since the last refund. */
  refundEnabled: z.boolean().default(true),
  refundRatePercent: z.number().default(5),
  refundHasCondition: z.boolean().default(true),
  // Above 100: the base is everything the member holds, so a target of 100 % is met without play.
  refundSuccessPercent: z.number().default(200),
  refundFailPercent: z.number().default(10),
  refundInfo: z.object({ th: z.string(), lo: z.string(), en: z.string() }).default({
    th: '<p>รับคืนยอดเสียจากการเล่นเกมตั้งแต่การรับคืนครั้งก่อน</p>',
    lo: '<p>ຮັບຄືນຍອດເສຍຈາກການຫຼິ້ນເກມນັບແຕ່ການຮັບຄືນຄັ້ງກ່ອນ</p>',
    en: '<p>Get back a share of your game losses since your last refund.</p>',
  }),
  /** Spin coins: one coin per this many baht that games kept (net game losses), the remainder carried. */
  spinCoinBaht: z.number().default(100),
  /** The condition every money prize of the wheel opens when its slice names none (DESIGN §6). */
  spinPrizeSuccessPercent: z.number().default(300),
  spinPrizeFailPercent: z.number().default(10),
  /**
   * A reward with a condition is taken only while the money a member holds beyond the deposit it
   * rewards is at most this many baht (SPEC's /api/bonus/check/minimum): a small reward never locks
   * a large balance of the member's own.
   */
  rewardOtherMoneyLimit: z.number().default(100),
  /**
   * Player protection: null (unset) is the site profile's default (protection/site-defaults.ts);
   * loosening any of them waits for a second operator (approvals.rules.ts).
   */
  protectionCoolingHours: z.number().min(0).max(24 * 90).nullable().default(null),
  protectionStrict: z.boolean().nullable().default(null),
  protectionLimitPrompt: z.boolean().nullable().default(null),
  protectionRealityCheckMinutes: z.number().int().min(REALITY_CHECK_MINUTES.min).max(REALITY_CHECK_MINUTES.max).nullable().default(null),
  /** Above these, money-making configuration waits for a second operator (contract: siteSettingsBody). */
  approvalRewardAbove: z.number().default(1_000),
  approvalRewardAboveKip: z.number().default(300_000),
  approvalSharePercentAbove: z.number().default(100),
  approvalRatePercentAbove: z.number().default(10),
  /** Signals of an invitee overlapping their inviter are looked for this many days back. */
  inviteOverlapDays: z.number().default(30),
  /** SPEC §5's quick picks for bank QRs, in baht. */
  bankQrQuickPicks: z.array(z.number()).default([...QR_QUICK_PICKS_BANK]),
  lak: kipRules.default(kipRules.parse({})),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** The amounts that apply to a wallet in `currency`. */
export function moneyRules(site: SiteSettings, currency: CurrencyCode): MoneyRules {
  if (currency === 'LAK') return site.lak;
  const { depositMinimum, withdrawMin, withdrawMax, withdrawSecondApprovalAbove, autoPayoutMax, autoPayoutDailyBudget, spinCoinBaht, bankQrQuickPicks, rewardOtherMoneyLimit } = site;
  return { depositMinimum, withdrawMin, withdrawMax, withdrawSecondApprovalAbove, autoPayoutMax, autoPayoutDailyBudget, spinCoinAmount: spinCoinBaht, bankQrQuickPicks, rewardOtherMoneyLimit };
}

/** A change to the settings: any top-level setting, and any of the kip amounts alone. */
export type SettingsChange = Omit<Partial<SiteSettings>, 'lak'> & { lak?: Partial<MoneyRules> | undefined };
/** What a change did, key by key (a kip amount as `lak.<name>`): the audit's before and after. */
export type ChangedValues = Record<string, unknown>;

/** Each setting as one entry, the kip amounts under `lak.`: a change is compared and audited per figure. */
function flatten(settings: SiteSettings): ChangedValues {
  const { lak, ...rest } = settings;
  return { ...rest, ...Object.fromEntries(Object.entries(lak).map(([key, value]) => [`lak.${key}`, value])) };
}

const SITE_KEY = 'site';
/** Its own key, never part of the site settings: the settings screen cannot change it alone. */
const DEPOSIT_PAUSE_KEY = 'depositPause';
const NOT_PAUSED: DepositPause = { paused: false, since: null, proposedBy: null, approvedBy: null, reason: null };
/** Its own key too: one operator's switch, read on every decision. */
const AUTO_PAYOUT_PAUSE_KEY = 'autoPayoutPause';
const autoPayoutPause = z.object({ paused: z.boolean(), by: z.string().nullable(), at: z.string().nullable(), reason: z.string().nullable() });
export type AutoPayoutPause = z.infer<typeof autoPayoutPause>;
// Several nodes share the database: a short cache keeps a change visible everywhere within 2 s
// without a query on every request.
const CACHE_MS = 2000;

export interface SettingsService {
  /**
   * Inside a transaction, pass it: the embedded database has one connection, and a read outside the
   * transaction that holds it would wait for that transaction forever.
   */
  site(trx?: Db): Promise<SiteSettings>;
  /**
   * Applies a change in the caller's transaction, the settings locked so that limits checked
   * together (withdrawMin ≤ withdrawMax in each currency) hold against a concurrent change; answers
   * the figures that changed, before and after.
   */
  updateSite(change: SettingsChange, trx?: Db): Promise<SettingsDiff>;
  /** What `updateSite` would do, checked and with the settings locked, without writing it. */
  previewSite(change: SettingsChange, trx: Db): Promise<SettingsDiff & { current: SiteSettings }>;
  /**
   * Whether deposits are paused, read from the database on every call (no cache): a pause two
   * operators decided holds on every node from the moment it commits.
   */
  depositPause(trx?: Db): Promise<DepositPause>;
  /** Sets the pause in the caller's transaction (the approval that decides it). */
  setDepositPause(pause: DepositPause, trx: Db): Promise<void>;
  /** Whether auto-payout is paused, read from the database on every call (no cache), as the deposit pause. */
  autoPayoutPause(trx?: Db): Promise<AutoPayoutPause>;
  setAutoPayoutPause(pause: AutoPayoutPause, trx: Db): Promise<void>;
}
export interface SettingsDiff {
  settings: SiteSettings;
  before: ChangedValues;
  after: ChangedValues;
}

/** The change that sets these figures (as `before`/`after` name them, a kip amount as `lak.<name>`). */
export function changeOf(values: ChangedValues): SettingsChange {
  const lak = Object.fromEntries(Object.entries(values).filter(([key]) => key.startsWith('lak.')).map(([key, value]) => [key.slice('lak.'.length), value]));
  const rest = Object.fromEntries(Object.entries(values).filter(([key]) => !key.startsWith('lak.')));
  return { ...rest, ...(Object.keys(lak).length > 0 ? { lak } : {}) } as SettingsChange;
}

export function createSettingsService(db: Db, now: () => number = Date.now): SettingsService {
  let cached: { value: SiteSettings; at: number } | undefined;
  // Calls that find the cache stale together share one read (a busy node asked once per call before).
  let reading: Promise<SiteSettings> | undefined;

  async function load(trx: Db): Promise<SiteSettings> {
    const value = siteSettingsSchema.parse((await readSetting(trx, SITE_KEY)) ?? {});
    cached = { value, at: now() };
    return value;
  }

  async function site(trx: Db = db): Promise<SiteSettings> {
    if (cached && now() - cached.at < CACHE_MS) return cached.value;
    if (trx !== db) return load(trx);
    reading ??= load(db).finally(() => {
      reading = undefined;
    });
    return reading;
  }

  async function previewSite(change: SettingsChange, trx: Db) {
    const current = siteSettingsSchema.parse((await lockSetting(trx, SITE_KEY)) ?? {});
    const defined = <T extends object>(values: T) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
    const { lak = {}, ...rest } = change;
    const next = siteSettingsSchema.parse({ ...current, ...defined(rest), lak: { ...current.lak, ...defined(lak) } });
    // Each currency's limits hold together (DESIGN §6: between withdrawMin and withdrawMax).
    if (next.withdrawMin > next.withdrawMax || next.lak.withdrawMin > next.lak.withdrawMax) throw badRequest('WITHDRAW_MIN_ABOVE_MAX');
    const [before, after] = [flatten(current), flatten(next)];
    const changed = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
    return {
      current,
      settings: next,
      before: Object.fromEntries(changed.map((key) => [key, before[key]])),
      after: Object.fromEntries(changed.map((key) => [key, after[key]])),
    };
  }

  return {
    site,
    previewSite,
    async depositPause(trx = db) {
      const stored = await readSetting(trx, DEPOSIT_PAUSE_KEY);
      return stored === undefined ? NOT_PAUSED : depositPause.parse(stored);
    },
    async setDepositPause(pause, trx) {
      await mergeSetting(trx, DEPOSIT_PAUSE_KEY, depositPause.parse(pause));
    },
    async autoPayoutPause(trx = db) {
      const stored = await readSetting(trx, AUTO_PAYOUT_PAUSE_KEY);
      return stored === undefined ? { paused: false, by: null, at: null, reason: null } : autoPayoutPause.parse(stored);
    },
    async setAutoPayoutPause(pause, trx) {
      await mergeSetting(trx, AUTO_PAYOUT_PAUSE_KEY, autoPayoutPause.parse(pause));
    },
    async updateSite(change, trx = db) {
      const { settings, before, after } = await previewSite(change, trx);
      // The stored row keeps whole settings: the kip amounts are one object.
      const stored = new Set(Object.keys(after).map((key) => (key.startsWith('lak.') ? 'lak' : key)));
      await mergeSetting(trx, SITE_KEY, Object.fromEntries([...stored].map((key) => [key, settings[key as keyof SiteSettings]])));
      cached = undefined;
      return { settings, before, after };
    },
  };
}

/** The server's own secret (tokens, peppers, derived keys): made once, on the first start, and kept in the database. */
export async function serverSecret(db: Db): Promise<string> {
  return String(await readOrCreateSetting(db, 'jwtSecret', () => crypto.randomBytes(48).toString('base64url')));
}
