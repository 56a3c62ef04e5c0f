import { z } from 'zod';
import { NAME_MAX } from './constants.js';
import { bankAccountNo, cappedTotalFields, requiredText } from './schemas.js';

// ---------- The operator's view of members
export const memberSearchQuery = z.object({
  /** A phone number, a member id, a name, a bank account number or an invite code. */
  q: z.string().trim().max(64).default(''),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export const memberIdParams = z.object({ id: z.string().regex(/^\d{1,18}$/, { error: 'KEY_INVALID' }) });

export const memberSummary = z.object({
  _id: z.string(),
  phone: z.string(),
  name: z.string(),
  status: z.enum(['active', 'blocked']),
  bankCode: z.string(),
  bankAccountNo: z.string(),
  inviteCode: z.string(),
  createdAt: z.string(),
  /** Wallet balance in baht. */
  wallet: z.number(),
});
export const memberSearchResponse = z.object({ ...cappedTotalFields, members: z.array(memberSummary) });

export const memberAccount = z.object({ code: z.string(), kind: z.enum(['member_wallet', 'member_game']), providerCode: z.string().nullable(), balance: z.number() });
export const memberDetailResponse = memberSummary.extend({
  bankAccountName: z.string(),
  bankName: z.string(),
  currency: z.string(),
  sourceCode: z.string().nullable(),
  inviter: z.object({ _id: z.string(), phone: z.string(), name: z.string() }).nullable(),
  invitees: z.number(),
  accounts: z.array(memberAccount),
  condition: z
    .object({ kind: z.string(), source: z.string(), baseAmount: z.number(), successTarget: z.number(), createdAt: z.string() })
    .nullable(),
  sessions: z.array(z.object({ _id: z.string(), createdAt: z.string(), expiresAt: z.string(), ip: z.string().nullable(), userAgent: z.string().nullable() })),
});
export type MemberDetail = z.infer<typeof memberDetailResponse>;

export const memberLedgerQuery = z.object({
  account: z.string().max(80).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const memberLedgerResponse = z.object({
  total: z.number(),
  lines: z.array(
    z.object({
      _id: z.string(),
      createdAt: z.string(),
      account: z.string(),
      /** The other side of the transfer. */
      counterpart: z.string(),
      kind: z.string(),
      reference: z.string().nullable(),
      /** Signed, in baht: positive into the member's account. */
      amount: z.number(),
      /** The request (its `x-request-id`, the `reqId` of its log lines) or job run that caused the transfer; null when none was recorded. */
      requestId: z.string().nullable().optional(),
    }),
  ),
});

export const memberInviteesResponse = z.object({ total: z.number(), invitees: z.array(memberSummary) });

const reason = z.string({ error: 'KEY_MISSING' }).trim().min(3, { error: 'KEY_MISSING' }).max(500, { error: 'KEY_INVALID' });
export const memberReasonBody = z.object({ reason });
export const memberBankChangeBody = z.object({
  bankCode: z.string({ error: 'KEY_MISSING' }).regex(/^[A-Z0-9]{2,10}$/, { error: 'INVALID_BANK' }),
  bankAccountNo,
  bankAccountName: requiredText(NAME_MAX),
  reason,
});
export type MemberBankChangeBody = z.infer<typeof memberBankChangeBody>;

/** A page of one member's records on the member page (statement, slips, withdrawals). */
export const memberPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

// ---------- Linked members: who shares something identifying with a member (docs/operations.md "Linked members")
/**
 * What two members share. `device`: a browser (its user agent) on one address, at registration or
 * sign-in; `address`: an IP address alone; `bank_account`: an account one holds now or was paid to;
 * `account_holder`: the bank account holder's name, which is also the payer on every slip credited to
 * them (a slip is taken only from the member's own account); `phone`: a member's phone, or one a
 * TrueMoney transfer credited to them was sent from; `inviter`: the linked member invited this one;
 * `invitee`: this member invited the linked one.
 */
export const MEMBER_LINK_KINDS = ['device', 'address', 'bank_account', 'account_holder', 'phone', 'inviter', 'invitee'] as const;
export type MemberLinkKind = (typeof MEMBER_LINK_KINDS)[number];
/** Members shown at most, and members shown at most for one shared value. */
export const MEMBER_LINKS_MAX = 100;
export const MEMBER_LINKS_PER_VALUE = 50;

export const memberLinkShare = z.object({
  kind: z.enum(MEMBER_LINK_KINDS),
  /** The shared value, masked where it is sensitive: an account or a phone shows its last 4 digits. */
  value: z.string(),
});
export const linkedMember = z.object({
  _id: z.string(),
  phone: z.string(),
  name: z.string(),
  status: z.enum(['active', 'blocked']),
  shares: z.array(memberLinkShare),
});
export const memberLinksResponse = z.object({
  members: z.array(linkedMember),
  /** More members share a value than are shown (a busy address, a common name), or more than MEMBER_LINKS_MAX are linked. */
  more: z.boolean(),
});
export type LinkedMember = z.infer<typeof linkedMember>;
export type MemberLinkShare = z.infer<typeof memberLinkShare>;
