/** Business constants of SPEC §9. Operator-tunable values live in server settings instead. */
export const APP_VERSION = '1.1.14';

export const REQUEST_TIMEOUT_MS = 60_000;
export const UPLOAD_TIMEOUT_MS = 300_000;
export const LOADING_DELAY_MS = 200;

export const PHONE_LENGTH_TH = 10;
/** DESIGN §6: the Laos build accepts 8–11 digits. */
export const PHONE_LENGTH_LA = { min: 8, max: 11 } as const;

export const LAOS_CURRENCIES = ['LAK', 'BAHT'] as const;
export type Currency = 'THB' | (typeof LAOS_CURRENCIES)[number];

/** SPEC §5: these banks need the account holder name in English letters only. */
export const ENGLISH_NAME_BANKS = ['KTB', 'TMB', 'TTB', 'BBL'] as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;

export const TRANSFER_MINIMUM_BAHT = 1;
export const GATEWAY_QR_MINIMUM_BAHT = 100;
export const TRUEWALLET_MINIMUM_BAHT = 2;
export const QR_QUICK_PICKS_BANK = [10, 20, 50, 100, 500, 1000] as const;
export const QR_QUICK_PICKS_GATEWAY = [100, 200, 300, 500, 1000] as const;

export const PAGE_SIZE = {
  invite: 10,
  refund: 10,
  coupon: 3,
  statement: 10,
  slip: 10,
  maxLimit: 50,
} as const;

export const DELAYS_MS = {
  agreementModal: 1500,
  registrationRedirect: 2000,
  toast: 4000,
  copyAfterBankNameSave: 1000,
  conditionsLookup: 200,
} as const;

/** Local storage keys of SPEC §3. */
export const STORAGE_KEYS = {
  token: 'token',
  locale: 'locale',
  rememberAgreement: 'remember-agreement',
  lastSync: 'last_sync',
  inviteCode: 'code',
  guestId: 'guest-id',
} as const;

/** The cookie holding the language in upper case (SPEC §3). */
export const LANGUAGE_COOKIE = 'lang';

export const LANGUAGES = ['th', 'lo', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const CLIENT_HEADER = { name: 'X-Client', value: 'wallet-user' } as const;

export const OTP_RULES = {
  length: 6,
  validMs: 5 * 60_000,
  resendGapMs: 60_000,
  maxSendsPerHour: 5,
  maxWrongCodes: 5,
  blockMs: 60 * 60_000,
  /** How long a verified OTP may be used to create the account. */
  verifiedUseMs: 30 * 60_000,
} as const;

export const LOGIN_LIMITS = {
  windowMs: 15 * 60_000,
  maxFailuresPerPhone: 5,
  maxFailuresPerIp: 50,
  /** A device the member signed in on before has its own allowance (docs/adr/0066-a-stranger-cannot-lock-a-member-out.md). */
  maxFailuresPerDevice: 5,
} as const;

export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60_000;
