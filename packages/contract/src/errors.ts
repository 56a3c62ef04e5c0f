/** Why a slip was refused or is waiting (SPEC §8 slip reason codes table). */
export const SLIP_REASONS = [
  'UPLOADED_FILE_NOT_EXIST',
  'IMG_SIZE_UNABLE_TO_PROCESS',
  'CANNOT_READ_CROPPED_IMAGE',
  'DEST_ACC_INVALID',
  'SLIP_REFNO_DUPLICATED',
  'UNSTABLE_REFNO_ON_SLIP',
  'TRIPPLE_WRONG_CAPTCHA',
  'INVALID_SLIP',
  'NOT_MATCH',
  'EXPIRED_SLIP',
  'UNKNOW_ERROR',
] as const;
export type SlipReason = (typeof SLIP_REASONS)[number];

/**
 * The error-code catalogue (SPEC §8) plus the few codes we added where none fitted
 * (each with its ADR in docs/adr/, listed in docs/README.md). Every code has th/lo/en text in the web locales;
 * a test holds that.
 */
export const ERROR_CODES = [
  // Auth
  'UNAUTHORIZED',
  'EXPIRED_AUTH_TOKEN',
  'INVALID_USER_1',
  'INVALID_USER_2',
  'INVALID_USER_3',
  'INVALID_USER_4',
  'INVALID_IP',
  'INACTIVE_USER',
  'NO_USER',
  'WRONG_PASSWORD',
  'WRONG_CREDENTIAL',
  'LOGIN_FAIL',
  'invalid-token',
  'gone',
  // Game provider
  'NOT_AREASLOT',
  'NOT_UFABET',
  // OTP
  'OTP_BLOCK',
  'REQUEST_LIMIT',
  'REQUEST_LIMIT_1MIN',
  'OTP_TOKEN_INVALID',
  'OTP_NOT_EXIST',
  'OTP_VERIFIED',
  'OTP_EXPIRED',
  'OTP_CODE_INVALID',
  'OTP_CODE_VALID',
  'OTP_SEND_FAIL',
  'OTP_VERIFY_FAIL',
  'UNVERIFIED_OTP',
  // Registration
  'EXISTING_USER',
  'EXISTING_BANK',
  'INVALID_USER_INFO',
  'GAME_ACTIVATION_FAIL',
  'INVALID_BANK',
  'BANK_ACCOUNT_NAME_ENG',
  'REGISTER_FAIL',
  'PHONE_NUMBER_REQUIRE_10_DIGIT',
  // Bonus
  'BONUS_REMAINING',
  'BONUS_ALREADY_ACTIVE',
  'BONUS_MAX_CLAIMED',
  'BONUS_CONDITION',
  'BONUS_CLEAR',
  'BONUS_FULL',
  // Invite
  'INVITE_COLLECT',
  'INVITE_INACTIVE',
  'NO_INVITE_BONUS',
  'NO_INVITEE_PLAY_INFO',
  'INVITE_BONUS_SUCCESS',
  'INVITE_BONUS_FAIL',
  // General
  'INTERNAL_SERVER_ERROR',
  'OK',
  'SUCCESS',
  'KEY_MISSING',
  'KEY_INVALID',
  'NO_DATA',
  // Promotion and QR
  'NO_PROMOTION',
  'PROMOTION_RECEIVED',
  'QR_FAIL',
  // Refund
  'NO_REFUND',
  'REFUND_CONDITION',
  'REFUND_SUCCESS',
  'REFUND_INACTIVE',
  'REFUND_MINIMUM',
  // Wallet and slot
  'NO_BANK',
  'NO_WALLET',
  'SLOT_ALREADY_ACTIVE',
  'SLOT_ACTIVATE_FAIL',
  'SLOT_NO_ACCOUNT',
  'SLOT_RESET_PASSWORD_FAIL',
  // Transfer
  'TRANSFER_MINIMUM',
  'NO_GAME',
  'MONEY_NOT_ENOUGH',
  'TRANSFER_FAIL',
  // Slip upload
  'SLIP_UPLOAD_FAIL',
  'SLIP_NO_FILE',
  'SLIP_INVALID_FILE',
  // True wallet link
  'TRUELINK_DUPLICATE',
  'TRUELINK_INVALID',
  // Spin coupon
  'NO_CLAIMABLE_COUPON',
  'INVALID_PRIZE_CODE',
  'INVALID_CODE',
  'INVALID_COUPON_TYPE',
  'COUPON_EXPIRED',
  ...SLIP_REASONS,
  // Added by us (docs/adr/0006-new-error-codes.md and later ADRs)
  'BANK_CHANGE_NOT_ALLOWED',
  'PASSWORD_LENGTH',
  'TRANSFER_PENDING',
  'WITHDRAW_MINIMUM',
  'WITHDRAW_MAXIMUM',
  'DEPOSIT_MINIMUM',
  // A bonus or promotion claimed without enough deposit since the last one; the answer names the minimum.
  'BONUS_DEPOSIT_MINIMUM',
  'DEPOSIT_MANUAL_OFF',
  'SLIP_UPLOAD_CLOSED',
  'SPINWHEEL_INACTIVE',
  'NO_COIN',
  // Rewards that hold (DESIGN §6 "no gain without play")
  'BONUS_OTHER_MONEY',
  'BONUS_FIRST_DEPOSIT',
  'DEPOSIT_UNDER_CONDITION',
  'CHAT_TEXT_EMPTY',
  'CHAT_TEXT_LENGTH',
  'CHAT_FILE_UNSUPPORTED',
  'CHAT_FILE_TOO_LARGE',
  // The agreement changed between showing it and accepting it: the new one is to be read first.
  'AGREEMENT_CHANGED',
  // The database is briefly away (a restart, a failover): nothing was done, the same call may be sent again.
  'SERVICE_UNAVAILABLE',
  // The node is overloaded and refused the call before doing anything: the same call may be sent again after Retry-After.
  'BUSY',
  // The operator has paused deposits (two operators decided it): no new deposit starts; money already on its way is still credited.
  'DEPOSITS_PAUSED',
  // A risk rule stopped this movement; nothing moved. Which rule is never said; support can have it released.
  'RISK_BLOCKED',
  // An investigator froze the member's withdrawals; support has told the member why.
  'WITHDRAWALS_FROZEN',
  // Player protection: the answer names the limit (`limit`) and when its period resets or the restriction ends (`until`).
  'DEPOSIT_LIMIT',
  'LOSS_LIMIT',
  'TRANSFER_LIMIT',
  'ON_BREAK',
  'SELF_EXCLUDED',
  // A self-exclusion without end, or one whose time has not passed, cannot be ended early.
  'EXCLUSION_NOT_OVER',
  // The member's session-time limit has passed since they signed in: money goes to games again after signing in anew.
  'SESSION_TIME_LIMIT',
  // A reality-check interval outside 10 to 120 whole minutes; the setting stays as it was.
  'REALITY_CHECK_INTERVAL',
  // A withdrawal the bank refused to pay (a withdrawal's reason, not an answer): the account is closed, or another refusal.
  'PAYOUT_ACCOUNT_CLOSED',
  'PAYOUT_REFUSED_BY_BANK',
  // Web push is not configured on this site: the app offers the other channels.
  'PUSH_NOT_AVAILABLE',
  // Linking LINE for notices (docs/adr/0414-line-official-account-notices.md): the link was not
  // finished within 10 minutes or was used already; the LINE account is linked to another member;
  // LINE Login was cancelled or did not check out.
  'LINE_LINK_EXPIRED',
  'LINE_ACCOUNT_TAKEN',
  'LINE_LOGIN_FAILED',
] as const;

/**
 * Codes only the operator console receives (its own routes): translated by the console, so the
 * member app carries none of them.
 */
export const OPERATOR_ERROR_CODES = ['TOTP_REQUIRED', 'TOTP_INVALID', 'OPERATOR_EXISTS', 'LAST_ADMIN', 'FOUR_EYES', 'OFFER_EXISTS', 'ALREADY_DECIDED', 'WITHDRAW_MIN_ABOVE_MAX', 'OFFER_REWARD_SHAPE', 'NO_OPERATOR', 'NO_MEMBER_NAMED', 'PROPOSAL_OPEN', 'RULE_CHANGED', 'CASE_NOT_REVIEWED', 'AUTO_PAYOUT_IN_FLIGHT', 'TEMPLATE_PLACEHOLDER', 'TEMPLATE_AMOUNT_MISSING', 'TEMPLATE_TOO_LONG'] as const;

export type MemberErrorCode = (typeof ERROR_CODES)[number];
export type OperatorErrorCode = (typeof OPERATOR_ERROR_CODES)[number];
export type ErrorCode = MemberErrorCode | OperatorErrorCode;

const ALL_ERROR_CODES: readonly string[] = [...ERROR_CODES, ...OPERATOR_ERROR_CODES];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && ALL_ERROR_CODES.includes(value);
}

/** Every error answer has this body (DESIGN §4). */
export interface ErrorBody {
  message: ErrorCode;
  /** With BONUS_DEPOSIT_MINIMUM: the least qualifying deposit, in the member's currency. */
  minimum?: number;
  /** With ALREADY_DECIDED: the operator who took the decision first. */
  decidedBy?: string;
  /** With a protection refusal: the limit that refused it. */
  limit?: string;
  /** With a protection refusal: when the limit's period resets or the restriction ends (epoch ms; absent: no end). */
  until?: number;
}
