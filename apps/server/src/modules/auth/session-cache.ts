import type { CurrencyCode } from '@wallet/contract';

export interface CachedSession {
  memberId: bigint;
  status: string;
  currency: CurrencyCode;
  expiresAt: number;
}

/**
 * Live sessions this node has checked lately, so a busy member's calls skip the session query
 * (issue 16 §1). Exact on this node: whatever ends a session or changes a member's status forgets
 * the member here once it has committed. Another node learns of it when its entry ages out, so a
 * revoked session may be honoured there for at most `ttlMs` (docs/decisions.md, "Performance").
 */
export function createSessionCache(options: { ttlMs: number; maxEntries: number; now: () => number }) {
  const entries = new Map<string, CachedSession & { checkedAt: number }>();
  const sessionsOf = new Map<bigint, Set<string>>();

  function forgetSession(sessionId: string): void {
    const entry = entries.get(sessionId);
    if (!entry) return;
    entries.delete(sessionId);
    const ids = sessionsOf.get(entry.memberId);
    ids?.delete(sessionId);
    if (ids?.size === 0) sessionsOf.delete(entry.memberId);
  }

  return {
    get(sessionId: string): CachedSession | undefined {
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      const now = options.now();
      if (now - entry.checkedAt >= options.ttlMs || now >= entry.expiresAt) {
        forgetSession(sessionId);
        return undefined;
      }
      return entry;
    },
    remember(sessionId: string, session: CachedSession): void {
      if (entries.size >= options.maxEntries) {
        entries.clear();
        sessionsOf.clear();
      }
      entries.set(sessionId, { ...session, checkedAt: options.now() });
      const ids = sessionsOf.get(session.memberId) ?? new Set<string>();
      ids.add(sessionId);
      sessionsOf.set(session.memberId, ids);
    },
    forgetSession,
    /** Every session of the member: they were revoked, or the member was blocked or unblocked. */
    forgetMember(memberId: bigint): void {
      for (const sessionId of sessionsOf.get(memberId) ?? []) entries.delete(sessionId);
      sessionsOf.delete(memberId);
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
