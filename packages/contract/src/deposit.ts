import { z } from 'zod';
import { SLIP_REASONS } from './errors.js';
import { currencyCode, moneyAmount } from './money-schemas.js';
import { cappedTotalFields } from './schemas.js';

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
    /** With DEPOSIT_LIMIT: the limit, and when its period resets (epoch ms). */
    limit: z.string().optional(),
    until: z.number().optional(),
    /** The member's latest QR for this method was paid: its id and the amount credited. */
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
  notices: z.array(depositNotice.extend({ username: z.string(), memberName: z.string(), decidedBy: z.string().nullable(), reference: z.string() })),
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
  /** The member's wallet currency: what an operator's amount for the slip is in. */
  currency: currencyCode,
  username: z.string(),
  memberName: z.string(),
  sendingBank: z.string().nullable(),
  transRef: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export const adminSlipsResponse = z.object({ ...cappedTotalFields, slips: z.array(adminSlip) });
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
