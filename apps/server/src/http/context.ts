import type { CurrencyCode, OperatorRole } from '@wallet/contract';

/** The signed-in member a request comes from (`request.member`, set by the authentication hook). */
export interface MemberContext {
  memberId: bigint;
  sessionId: string;
  /** What the member's wallet holds: every amount they send or are shown is in it. */
  currency: CurrencyCode;
}

/** The signed-in operator a request comes from (`request.admin`, set by the authentication hook). */
export interface AdminContext {
  adminId: bigint;
  username: string;
  roles: readonly OperatorRole[];
  sessionId: string;
  /** The caller's address, as Fastify's `request.ip` gives it (TRUST_PROXY honoured); the audit log records it. */
  ip: string;
}
