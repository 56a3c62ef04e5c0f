import { z } from 'zod';
import { LAOS_CURRENCIES, NAME_MAX, PASSWORD_MAX } from './constants.js';
import { ERROR_CODES, OPERATOR_ERROR_CODES } from './errors.js';
import { REALITY_CHECK_MINUTES } from './figure-periods.js';
import { MAX_MAJOR_AMOUNT } from './money.js';
import { isSafeDisplayName } from './rules.js';

/**
 * Request and response shapes of SPEC §3 and §7, field names exactly as written there.
 * Validation messages are error codes: a field left out answers KEY_MISSING, a malformed one
 * KEY_INVALID (DESIGN §4). Rules that depend on the build (phone length) or on data
 * (unique phone) are the server's, not the schema's.
 */
const missingOrInvalid = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? 'KEY_MISSING' : 'KEY_INVALID';

// Any issue a schema does not name itself (a missing body, a wrong type) reads as a code too.
z.config({ customError: missingOrInvalid });

/** A required, trimmed, bounded string; blank counts as missing. */
export const requiredText = (max: number) =>
  z
    .string({ error: missingOrInvalid })
    .trim()
    .min(1, { error: 'KEY_MISSING' })
    .max(max, { error: 'KEY_INVALID' });

export const optionalText = (max: number) =>
  z.string({ error: 'KEY_INVALID' }).trim().max(max, { error: 'KEY_INVALID' }).optional();

/** Letters of any script, combining marks, digits, spaces and . ' - : no markup, no SQL. */
export const PERSON_NAME = /^[\p{L}\p{M}\p{N} .'-]+$/u;
/** A display name (others see it): NFKC-normalised, then refused when it could pass for another (rules.ts). */
export const personName = z
  .string({ error: missingOrInvalid })
  .trim()
  .normalize('NFKC')
  .min(1, { error: 'KEY_MISSING' })
  .max(NAME_MAX, { error: 'KEY_INVALID' })
  .regex(PERSON_NAME, { error: 'KEY_INVALID' })
  .refine(isSafeDisplayName, { error: 'KEY_INVALID' });

export const phoneNumber = requiredText(15);
export const password = z
  .string({ error: missingOrInvalid })
  .min(1, { error: 'KEY_MISSING' })
  .max(PASSWORD_MAX, { error: 'KEY_INVALID' });
export const code = requiredText(30).regex(/^[A-Za-z0-9_-]+$/, { error: 'KEY_INVALID' });
export const bankAccountNo = requiredText(20).regex(/^\d{6,20}$/, { error: 'KEY_INVALID' });
export const currency = z.enum(['THB', ...LAOS_CURRENCIES], { error: 'KEY_INVALID' });

export const messageResponse = z.object({ message: z.string() });
/** Every failure's body (DESIGN §4): a code of the catalogue. */
export const errorResponse = z.object({
  message: z.enum([...ERROR_CODES, ...OPERATOR_ERROR_CODES]),
  /** With BONUS_DEPOSIT_MINIMUM: the least qualifying deposit, in the member's currency. */
  minimum: z.number().optional(),
  /** With ALREADY_DECIDED: the operator who took the decision first. */
  decidedBy: z.string().optional(),
  /** With a player-protection refusal: the limit that refused it. */
  limit: z.string().optional(),
  /** With a player-protection refusal: when the limit's period resets or the restriction ends (epoch ms). */
  until: z.number().optional(),
});
export type MessageResponse = z.infer<typeof messageResponse>;

// ---------- Lookups (SPEC §3 Lookup results, §7 Lookups)
export const bankItem = z.object({
  code: z.string(),
  nameTH: z.string(),
  nameEN: z.string(),
  /** The name Lao screens show: Lao script for Lao banks, the English name for Thai ones. */
  nameLO: z.string(),
  slipCode: z.string().nullable(),
  country: z.enum(['TH', 'LA']),
});
export type BankItem = z.infer<typeof bankItem>;
export const banksResponse = z.object({ banks: z.array(bankItem) });

export const sourceItem = z.object({ code: z.string(), description: z.string() });
export type SourceItem = z.infer<typeof sourceItem>;
export const sourcesResponse = z.object({ sources: z.array(sourceItem) });

export const infoResponse = z.object({ name: z.string(), website: z.string() });
export const contactResponse = z.object({
  contactText: z.string(),
  lineLink: z.string().nullable(),
  lineName: z.string().nullable(),
  lineQR: z.string().nullable(),
});
export type ContactResponse = z.infer<typeof contactResponse>;
export const conditionsResponse = z.object({ conditions: z.array(z.string()) });
export const agreementsResponse = z.object({ agreements: z.array(z.string()) });
/**
 * The agreement's version: a SHA-256 (hex) of its content in every language, so a changed agreement
 * is a new version that every member is asked to accept again.
 */
export const agreementVersion = z.string({ error: 'KEY_INVALID' }).regex(/^[0-9a-f]{64}$/, { error: 'KEY_INVALID' });
/** Whether the signed-in member has accepted the agreement's current version. */
export const agreementStatusResponse = z.object({ version: agreementVersion, accepted: z.boolean() });
export type AgreementStatus = z.infer<typeof agreementStatusResponse>;
/** The version the member was shown and accepted; the member is the token's, never the body's. */
export const agreementAcceptBody = z.object({ version: agreementVersion });
export const noticeQuery = z.object({
  percentFail: z.coerce.number({ error: 'KEY_INVALID' }).min(0).max(1000).optional(),
});
export const noticeResponse = z.object({ notice: z.string() });
export const activeResponse = z.object({ active: z.literal(true) });
export const registerOtpResponse = z.object({ registerOTP: z.boolean() });
export const enableChatWidgetResponse = z.object({ enableChatWidget: z.boolean() });

export const depositBank = z.object({
  bankCode: z.string(),
  bankType: z.string(),
  mode: z.string(),
  currency: z.string(),
  /** The Thai name (SPEC §3); `bankNameEN` is shown in the Lao and English screens. */
  bankName: z.string(),
  bankNameEN: z.string(),
  bankNameLO: z.string(),
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
  /**
   * The server reads this account's statement and credits a transfer from the member's registered
   * account by itself: a bank account in AUTO mode at a bank whose interbank code statements name.
   */
  creditsByItself: z.boolean(),
});
export const depositWallet = z.object({
  mode: z.string(),
  walletAccountName: z.string(),
  /** The operator's TrueMoney number members send to (AUTO mode); null for gift links. */
  walletAccountNo: z.string().nullable(),
});
export const depositLookupResponse = z.object({
  banks: z.array(depositBank),
  wallets: z.array(depositWallet),
  isManual: z.boolean(),
  minimum: z.number(),
  /** What the operator set for each wallet currency: bank-QR minimum and quick picks. */
  currencies: z.record(z.string(), z.object({ minimum: z.number(), quickPicks: z.array(z.number()) })),
});
export type DepositLookup = z.infer<typeof depositLookupResponse>;
const withdrawLimits = z.object({ withdrawMin: z.number(), withdrawMax: z.number() });
/** SPEC's figures are the site's first currency's; `currencies` has each wallet currency's. */
export const withdrawLookupResponse = withdrawLimits.extend({ currencies: z.record(z.string(), withdrawLimits) });
/** SPEC §5: the daily window's times are not shown to members, only whether it is open now. */
export const slipLookupResponse = z.object({
  isOpen: z.boolean(),
  maxAgeMinutes: z.number(),
});

// ---------- Registration and account (SPEC §3 Registration payload, Profile…)
export const registrationBody = z.object({
  name: personName,
  username: phoneNumber,
  password,
  sourceCode: optionalText(30),
  inviteCode: optionalText(20),
  bankCode: code,
  bankAccountName: requiredText(NAME_MAX).regex(PERSON_NAME, { error: 'KEY_INVALID' }),
  bankAccountNo,
  currency: currency.optional(),
});
export type RegistrationBody = z.infer<typeof registrationBody>;

/** Validation runs per step, so every field but the phone may still be absent. */
export const registrationValidateBody = registrationBody.partial().extend({ username: phoneNumber });
export type RegistrationValidateBody = z.infer<typeof registrationValidateBody>;

export const registrationResponse = z.object({ message: z.literal('SUCCESS'), _id: z.string() });

export const profile = z.object({
  name: z.string(),
  _id: z.string(),
  createdAt: z.string(),
  username: z.string(),
});
export type Profile = z.infer<typeof profile>;
export const bankAccount = z.object({
  bank: z.object({ nameTH: z.string(), nameEN: z.string(), nameLO: z.string() }),
  bankCode: z.string(),
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
});
export type BankAccount = z.infer<typeof bankAccount>;
export const profileResponse = z.object({ profile, bankAccount });
export type ProfileResponse = z.infer<typeof profileResponse>;

export const profileUpdateBody = z.object({
  name: personName,
  bankCode: code.optional(),
  bankAccountName: optionalText(NAME_MAX),
  bankAccountNo: bankAccountNo.optional(),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

export const bankNameChangeBody = z.object({
  bankCode: code,
  bankAccountName: requiredText(NAME_MAX),
});
export type BankNameChangeBody = z.infer<typeof bankNameChangeBody>;

export const passwordChangeBody = z.object({ oldPassword: password, newPassword: password });
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>;

// ---------- OTP (SPEC §3 OTP, §7 OTP)
export const otpSendBody = z.object({ phoneNumber });
export const otpSendResponse = z.object({
  otpRef: z.string(),
  otpToken: z.string(),
  code: z.enum(['OTP_SENT', 'OTP_VERIFIED']),
});
export type OtpSendResponse = z.infer<typeof otpSendResponse>;
export const otpVerifyBody = z.object({
  otpToken: requiredText(200),
  otpCode: requiredText(12),
});
export const otpVerifyResponse = z.object({ code: z.literal('OTP_CODE_VALID') });

// ---------- Login (SPEC §7 Account)
export const loginBody = z.object({ username: phoneNumber, password });
export type LoginBody = z.infer<typeof loginBody>;
export const loginResponse = z.object({ token: z.string() });

// ---------- Forgotten password (docs/README.md#forgotten-password)
/** An SMS code to the member registered with the phone; the same answer for a phone nobody registered. */
export const passwordForgotBody = z.object({ phoneNumber });
export type PasswordForgotBody = z.infer<typeof passwordForgotBody>;
/** The reference printed beside the code in the SMS, shown on the code step. */
export const passwordForgotResponse = z.object({ otpRef: z.string() });
export type PasswordForgotResponse = z.infer<typeof passwordForgotResponse>;
export const passwordResetBody = z.object({ phoneNumber, otpRef: requiredText(8), otpCode: requiredText(12), newPassword: password });
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

// ---------- Operator (DESIGN §7)
export const adminLoginBody = z.object({
  username: requiredText(64),
  password,
  /** The authenticator code (or a recovery code) once the operator has turned on the second factor. */
  code: z.string({ error: missingOrInvalid }).trim().regex(/^[A-Za-z0-9-]{6,20}$/, { error: 'KEY_INVALID' }).optional(),
});
/** An operator's own sessions still in force; `current` is the one asking. */
export const operatorSessionsResponse = z.object({
  sessions: z.array(
    z.object({
      _id: z.string(),
      createdAt: z.string(),
      expiresAt: z.string(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
      current: z.boolean(),
    }),
  ),
});
export type OperatorSessionsResponse = z.infer<typeof operatorSessionsResponse>;
const settingNumber = (min: number, max: number) =>
  z.number({ error: missingOrInvalid }).min(min, { error: 'KEY_INVALID' }).max(max, { error: 'KEY_INVALID' });
const bahtSetting = (min: number, max: number) => settingNumber(min, max).multipleOf(0.01, { error: 'KEY_INVALID' });
/** Kip is paid and shown whole (docs/adr/0178-kip-amounts-laos-build.md): its settings are whole kip. */
const kipSetting = settingNumber(0, MAX_MAJOR_AMOUNT).int({ error: 'KEY_INVALID' });
/** A deposit screen's quick picks: one to twelve positive amounts. */
const quickPicks = (amount: z.ZodNumber) =>
  z.array(amount, { error: missingOrInvalid }).min(1, { error: 'KEY_INVALID' }).max(12, { error: 'KEY_INVALID' });
const wallClock = z.string({ error: missingOrInvalid }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'KEY_INVALID' });
/** Player protection's defaults of the site profile (Thai or Lao build): what applies while a setting is unset. */
export const protectionDefaults = z.object({
  /** Hours a raised or removed limit waits before it applies. */
  coolingHours: z.number(),
  /** Also at least 72 hours and until the limit's running period ends. */
  strict: z.boolean(),
  /** A new member is asked for a limit at registration and before the first deposit. */
  limitPrompt: z.boolean(),
  /** Minutes between two reality checks for a member who never chose. */
  realityCheckMinutes: z.number(),
});
export type ProtectionDefaults = z.infer<typeof protectionDefaults>;
/** Every operator setting of DESIGN §6, each optional in a change; limits are checked together on the server. */
export const siteSettingsBody = z.object({
  terminated: z.boolean({ error: missingOrInvalid }).optional(),
  registerOTP: z.boolean({ error: missingOrInvalid }).optional(),
  enableChatWidget: z.boolean({ error: missingOrInvalid }).optional(),
  isManualDeposit: z.boolean({ error: missingOrInvalid }).optional(),
  /** Shown as text wherever the site names itself: no markup. */
  siteName: requiredText(60).regex(/^[^<>]*$/, { error: 'KEY_INVALID' }).optional(),
  /** Linked from members' screens: a web address, never `javascript:` or `data:`. */
  website: z.url({ protocol: /^https?$/, error: 'KEY_INVALID' }).max(200, { error: 'KEY_INVALID' }).optional(),
  /** The daily slip-upload window, Bangkok wall-clock HH:mm; it may wrap past midnight. */
  slipOpenFrom: wallClock.optional(),
  slipOpenUntil: wallClock.optional(),
  slipMaxAgeMinutes: settingNumber(5, 1440).int({ error: 'KEY_INVALID' }).optional(),
  /** Baht. */
  depositMinimum: bahtSetting(1, 1_000_000).optional(),
  withdrawMin: bahtSetting(1, 10_000_000).optional(),
  withdrawMax: bahtSetting(1, 10_000_000).optional(),
  /** Withdrawals above this need a second operator's approval; 0 turns it off. */
  withdrawSecondApprovalAbove: bahtSetting(0, 10_000_000).optional(),
  /** Withdrawals up to this are paid by the bank's transfer API without an operator, up to the daily budget; 0 turns it off. */
  autoPayoutMax: bahtSetting(0, 10_000_000).optional(),
  autoPayoutDailyBudget: bahtSetting(0, 100_000_000).optional(),
  /** One spin coin per this many baht that games keep (net game losses); 0 gives none. */
  spinCoinBaht: bahtSetting(0, 1_000_000).optional(),
  bankQrQuickPicks: quickPicks(bahtSetting(0.01, MAX_MAJOR_AMOUNT)).optional(),
  /** The same amounts for kip wallets, whole kip; a change names only the ones it changes. */
  lak: z
    .object({
      depositMinimum: kipSetting.optional(),
      withdrawMin: kipSetting.optional(),
      withdrawMax: kipSetting.optional(),
      withdrawSecondApprovalAbove: kipSetting.optional(),
      autoPayoutMax: kipSetting.optional(),
      autoPayoutDailyBudget: kipSetting.optional(),
      spinCoinAmount: kipSetting.optional(),
      bankQrQuickPicks: quickPicks(kipSetting.min(1, { error: 'KEY_INVALID' })).optional(),
      rewardOtherMoneyLimit: kipSetting.optional(),
    }, { error: missingOrInvalid })
    .optional(),
  /** Percentages of a condition's base (DESIGN §6 Conditions). */
  defaultPercentFail: settingNumber(0, 100).int({ error: 'KEY_INVALID' }).optional(),
  /** A target above the base (a target at or under it is met without play), a floor under it. */
  inviteSuccessPercent: settingNumber(101, 10_000).int({ error: 'KEY_INVALID' }).optional(),
  inviteFailPercent: settingNumber(0, 99).int({ error: 'KEY_INVALID' }).optional(),
  /**
   * Thresholds above which money-making configuration needs a second operator (docs/adr/0159-above-thresholds-a-proposal.md): a reward amount or cap (baht, kip whole),
   * a share of a deposit, a programme's rate. Changing them needs a second operator too.
   */
  approvalRewardAbove: settingNumber(0, 1_000_000).multipleOf(0.01, { error: 'KEY_INVALID' }).optional(),
  approvalRewardAboveKip: settingNumber(0, 300_000_000).int({ error: 'KEY_INVALID' }).optional(),
  /**
   * Player protection (docs/adr/0392-loosening-player-protection-takes-two-operators.md): hours a
   * raised or removed limit waits, the strict rule (at least 72 hours and the running period's end),
   * whether a new member is asked for a limit, and the reality-check interval of a member who never
   * chose one. Null gives the setting back to the site profile's default; a change that loosens
   * protection waits for a second operator.
   */
  protectionCoolingHours: settingNumber(0, 24 * 90).int({ error: 'KEY_INVALID' }).nullable().optional(),
  protectionStrict: z.boolean({ error: missingOrInvalid }).nullable().optional(),
  protectionLimitPrompt: z.boolean({ error: missingOrInvalid }).nullable().optional(),
  protectionRealityCheckMinutes: settingNumber(REALITY_CHECK_MINUTES.min, REALITY_CHECK_MINUTES.max).int({ error: 'KEY_INVALID' }).nullable().optional(),
  approvalSharePercentAbove: settingNumber(0, 100).optional(),
  approvalRatePercentAbove: settingNumber(0, 100).optional(),
  /** Baht a member may hold beyond a deposit and still take a reward with a condition (DESIGN §6). */
  rewardOtherMoneyLimit: settingNumber(0, 1_000_000).multipleOf(0.01, { error: 'KEY_INVALID' }).optional(),
});
export type SiteSettingsBody = z.infer<typeof siteSettingsBody>;
export const siteSettingsResponse = z.object({
  terminated: z.boolean(),
  registerOTP: z.boolean(),
  enableChatWidget: z.boolean(),
  isManualDeposit: z.boolean(),
  siteName: z.string(),
  website: z.string(),
  slipOpenFrom: z.string(),
  slipOpenUntil: z.string(),
  slipMaxAgeMinutes: z.number(),
  depositMinimum: z.number(),
  withdrawMin: z.number(),
  withdrawMax: z.number(),
  withdrawSecondApprovalAbove: z.number(),
  autoPayoutMax: z.number(),
  autoPayoutDailyBudget: z.number(),
  spinCoinBaht: z.number(),
  bankQrQuickPicks: z.array(z.number()),
  lak: z.object({
    depositMinimum: z.number(),
    withdrawMin: z.number(),
    withdrawMax: z.number(),
    withdrawSecondApprovalAbove: z.number(),
    autoPayoutMax: z.number(),
    autoPayoutDailyBudget: z.number(),
    spinCoinAmount: z.number(),
    bankQrQuickPicks: z.array(z.number()),
    rewardOtherMoneyLimit: z.number(),
  }),
  defaultPercentFail: z.number(),
  inviteSuccessPercent: z.number(),
  inviteFailPercent: z.number(),
  approvalRewardAbove: z.number(),
  approvalRewardAboveKip: z.number(),
  approvalSharePercentAbove: z.number(),
  approvalRatePercentAbove: z.number(),
  rewardOtherMoneyLimit: z.number(),
  /** Player protection as set; null: the site profile's default, which `protectionDefaults` shows. */
  protectionCoolingHours: z.number().nullable(),
  protectionStrict: z.boolean().nullable(),
  protectionLimitPrompt: z.boolean().nullable(),
  protectionRealityCheckMinutes: z.number().nullable(),
  protectionDefaults: protectionDefaults,
});
/** Changes to the settings, newest first: who, when, from where, before and after. */
export const settingsHistoryResponse = z.object({
  total: z.number(),
  changes: z.array(
    z.object({
      _id: z.string(),
      actor: z.string(),
      ip: z.string().nullable(),
      createdAt: z.string(),
      before: z.record(z.string(), z.unknown()),
      after: z.record(z.string(), z.unknown()),
    }),
  ),
});

// ---------- Sandbox SMS (DESIGN §7, fixed tester-facing shape)
export const sandboxSmsQuery = z.object({ phone: phoneNumber });
export const sandboxSmsResponse = z.object({
  messages: z.array(
    z.object({ phone: z.string(), text: z.string(), otpCode: z.string(), createdAt: z.string() }),
  ),
});

/**
 * The size of an operator's list that grows without bound (every member, every decided slip or
 * withdrawal): `total` is exact unless `totalCapped`, when counting stopped at `total`
 * and there are more rows than that.
 */
export const cappedTotalFields = { total: z.number(), totalCapped: z.boolean() };
