import { z } from 'zod';
import { SLIP_REASONS } from './errors.js';
import { moneyAmount } from './money.js';

/** `WALLET` or a slot code, in transfers (SPEC §7 Wallet). */
export const WALLET_CODE = 'WALLET';
const accountCode = z
  .string({ error: (issue) => (issue.input === undefined ? 'KEY_MISSING' : 'KEY_INVALID') })
  .trim()
  .min(1, { error: 'KEY_MISSING' })
  .max(20, { error: 'KEY_INVALID' })
  .regex(/^[A-Z0-9]+$/, { error: 'KEY_INVALID' });

export const slotCodeParams = z.object({ slotCode: accountCode });

export const slot = z.object({
  code: z.string(),
  name: z.string(),
  category: z.enum(['slot', 'sport', 'lotto']),
  isActive: z.boolean(),
  /** Provider balance in provider units; the card shows amount × ftWalletSlot. */
  amount: z.number(),
  ftWalletSlot: z.number(),
  logo: z.string(),
  background: z.string(),
  web: z.string().nullable(),
  android: z.string().nullable(),
  ios: z.string().nullable(),
  username: z.string().nullable(),
  /** Never sent in the list; GET /api/wallet/account/{slotCode} gives it on demand. */
  password: z.null(),
  /** A login form to post for JOKER, SLOTXO and UFABET (SPEC §7). */
  loginForm: z.boolean(),
  balanceSyncedAt: z.string().nullable(),
});
export type Slot = z.infer<typeof slot>;

export const walletResponse = z.object({
  profile: z.object({ name: z.string(), username: z.string(), coin: z.number(), _id: z.string() }),
  bankAccount: z.object({
    bank: z.object({ nameTH: z.string(), nameEN: z.string() }),
    bankCode: z.string(),
    bankAccountName: z.string(),
    bankAccountNo: z.string(),
  }),
  wallet: z.object({ amount: z.number() }),
  invite: z.object({ amount: z.number(), success: z.number(), fail: z.number() }),
  slots: z.array(slot),
});
export type WalletResponse = z.infer<typeof walletResponse>;

export const refreshResponse = z.object({ message: z.string(), failed: z.array(z.string()) });

export const gameAccountResponse = z.object({
  username: z.string(),
  password: z.string(),
  event: z.object({ action: z.string(), method: z.literal('POST') }).nullable(),
});
export type GameAccountResponse = z.infer<typeof gameAccountResponse>;

export const resetPasswordResponse = z.object({ message: z.string(), password: z.string() });

export const transferBody = z.object({ from: accountCode, to: accountCode, amount: moneyAmount });
export type TransferBody = z.infer<typeof transferBody>;
export const transferAllBody = z.object({ to: accountCode });
export const transferResponse = z.object({ message: z.enum(['SUCCESS', 'TRANSFER_PENDING']) });
export const transferAllResponse = z.object({ message: z.enum(['SUCCESS', 'TRANSFER_PENDING']), failed: z.array(z.string()) });

export const autoLoginResponse = z.object({ link: z.string() });

/** SPEC §7 Auto-login: route segment → slot code. */
export const AUTO_LOGIN_ROUTES = {
  pg: { code: 'PG', withPassword: false },
  betflix: { code: 'BETFLIX', withPassword: false },
  askmebet: { code: 'ASKMEBET', withPassword: true },
  imi: { code: 'IMI', withPassword: true },
  usun: { code: 'USUN', withPassword: true },
  areaslot: { code: 'AREASLOT', withPassword: false },
  circus: { code: 'CIRCUS', withPassword: true },
  slotracha: { code: 'SLOTRACHA', withPassword: true },
  pgslot: { code: 'PGSLOT', withPassword: true },
  joker2: { code: 'JOKER2', withPassword: false },
  huayhd: { code: 'HUAYHD', withPassword: false },
} as const;
export type AutoLoginRoute = keyof typeof AUTO_LOGIN_ROUTES;

// ---------- Withdrawals (SPEC §7 Wallet withdraw / withdrawAll; DESIGN §6)
/** `{amount}` in baht: withdraw, withdrawAll and the manual deposit notice. */
export const amountBody = z.object({ amount: moneyAmount });
export const withdrawal = z.object({
  _id: z.string(),
  amount: z.number(),
  status: z.enum(['in_progress', 'SUCCESS', 'FAILED']),
  createdAt: z.string(),
  bankCode: z.string(),
  bankAccountNo: z.string(),
  bankAccountName: z.string(),
  reason: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawal>;
export const withdrawResponse = z.object({ message: z.literal('SUCCESS'), withdrawal });

/** Paging through a queue an operator works on (withdrawals, deposit notices). */
export const operatorQueueQuery = z.object({
  status: z.enum(['pending', 'SUCCESS', 'FAILED']).default('pending'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const adminWithdrawal = withdrawal.extend({ username: z.string(), memberName: z.string(), decidedBy: z.string().nullable() });
export const adminWithdrawalsResponse = z.object({ total: z.number(), withdrawals: z.array(adminWithdrawal) });
export const operatorItemParams = z.object({ id: z.uuid({ error: 'KEY_INVALID' }) });
export const failReasonBody = z.object({
  reason: z.string({ error: (issue) => (issue.input === undefined ? 'KEY_MISSING' : 'KEY_INVALID') }).trim().min(1, { error: 'KEY_MISSING' }).max(200, { error: 'KEY_INVALID' }),
});

// ---------- Statement (SPEC §3 Statement entry, §7 Statement)
export const pageBody = z.object({
  page: z.number({ error: (issue) => (issue.input === undefined ? 'KEY_MISSING' : 'KEY_INVALID') }).int({ error: 'KEY_INVALID' }).min(1, { error: 'KEY_INVALID' }),
  limit: z.number({ error: (issue) => (issue.input === undefined ? 'KEY_MISSING' : 'KEY_INVALID') }).int({ error: 'KEY_INVALID' }).min(1, { error: 'KEY_INVALID' }).max(50, { error: 'KEY_INVALID' }),
});
export const statementEntry = z.object({
  _id: z.string(),
  statementType: z.enum(['deposit', 'bonus', 'finish_bonus', 'withdraw', 'transfer']),
  from: z.string(),
  to: z.string(),
  status: z.enum(['in_progress', 'SUCCESS', 'FAILED']),
  amount: z.number(),
  createdAt: z.string(),
  reason: z.string().nullable(),
});
export type StatementEntry = z.infer<typeof statementEntry>;
export const statementResponse = z.object({ total: z.number(), statements: z.array(statementEntry) });

// ---------- QR deposits (SPEC §3 QR code record, §7 QR)
export const qrRecord = z.union([
  z.object({
    hasQrcode: z.literal(true),
    qrcodeId: z.string(),
    /** SVG markup of the QR (SPEC §3); the web draws its own from `payload`. */
    qrcode: z.string(),
    payload: z.string(),
    amount: z.number(),
    /** Epoch milliseconds when the QR stops being payable. */
    expireIn: z.number(),
  }),
  z.object({
    hasQrcode: z.literal(false),
    message: z.string().optional(),
    /** The member's latest QR for this method was paid: its id and the amount credited (issue 8 §2). */
    paid: z.object({ qrcodeId: z.string(), amount: z.number() }).optional(),
  }),
]);
export type QrRecord = z.infer<typeof qrRecord>;
export const bankCodeParams = z.object({ bankCode: z.string().regex(/^[A-Z0-9]{2,20}$/, { error: 'KEY_INVALID' }) });
export const qrcodeIdParams = z.object({ qrcodeId: z.uuid({ error: 'KEY_INVALID' }) });
export const createQrBody = z.object({ amount: moneyAmount });

// ---------- TrueMoney gift link (SPEC §7 POST /api/wallet/truelink)
export const truelinkBody = z.object({
  link: z.string({ error: (issue) => (issue.input === undefined ? 'KEY_MISSING' : 'KEY_INVALID') }).min(1, { error: 'KEY_MISSING' }).max(4000, { error: 'TRUELINK_INVALID' }),
});
export const truelinkResponse = z.object({ message: z.literal('SUCCESS'), amount: z.number() });
/** The shared key's default (issue "Money in and out" §3); real builds set TRUELINK_KEY / VITE_TRUELINK_KEY. */
export const DEFAULT_TRUELINK_KEY = 'dev-truelink-shared-key';

// ---------- Manual deposit notices (SPEC §7 POST /api/wallet/add)
export const depositNotice = z.object({
  _id: z.string(),
  amount: z.number(),
  status: z.enum(['in_progress', 'SUCCESS', 'FAILED']),
  createdAt: z.string(),
  reason: z.string().nullable(),
});
export const depositNoticeResponse = z.object({ message: z.literal('SUCCESS'), notice: depositNotice });
export const adminDepositNoticesResponse = z.object({
  total: z.number(),
  notices: z.array(depositNotice.extend({ username: z.string(), memberName: z.string(), decidedBy: z.string().nullable() })),
});

// ---------- Bank slips (SPEC §3 Slip, §7 POST /api/wallet/slip and /api/statement/slip; §8 reason codes)
export const slipRecord = z.object({
  createdAt: z.string(),
  /** Baht; 0 until the bank has told us the amount (the list shows a dash). */
  amount: z.number(),
  status: z.enum(['in_progress', 'SUCCESS', 'FAILED']),
  note: z.enum(SLIP_REASONS).nullable(),
  /** The image, through a signed address that works for 15 minutes. */
  link: z.string(),
  reference: z.string(),
});
export type SlipRecord = z.infer<typeof slipRecord>;
export const slipUploadResponse = z.object({ message: z.literal('SUCCESS'), slip: slipRecord });
export const slipListResponse = z.object({ total: z.number(), slips: z.array(slipRecord) });
export const slipReferenceParams = z.object({ reference: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'KEY_INVALID' }) });
export const slipImageResponse = z.object({ url: z.string() });
export const adminSlip = slipRecord.extend({
  _id: z.string(),
  username: z.string(),
  memberName: z.string(),
  sendingBank: z.string().nullable(),
  transRef: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export const adminSlipsResponse = z.object({ total: z.number(), slips: z.array(adminSlip) });
/** An operator approving a slip names the amount when the bank could not tell us. */
export const slipApproveBody = z.object({ amount: moneyAmount.optional() });

// ---------- TrueMoney wallet transfers waiting for an operator (unknown sender, under the minimum)
export const adminWalletTransfer = z.object({
  _id: z.string(),
  senderMobile: z.string(),
  amount: z.number(),
  status: z.enum(['credited', 'unmatched', 'below_minimum', 'returned']),
  createdAt: z.string(),
  decidedBy: z.string().nullable(),
  reason: z.string().nullable(),
});
export const adminWalletTransfersResponse = z.object({ total: z.number(), transfers: z.array(adminWalletTransfer) });
export const walletTransferParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{4,64}$/, { error: 'KEY_INVALID' }) });
/** Whose money it is: a member's phone; the sender's own number when left out. */
export const walletTransferAssignBody = z.object({ phone: z.string().regex(/^\d{8,11}$/, { error: 'KEY_INVALID' }).optional() });
