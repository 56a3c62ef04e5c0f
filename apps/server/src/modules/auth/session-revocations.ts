/** Where the list reads revocations: the database, through auth.repository. */
export interface RevocationSource {
  /** Sessions revoked at or after `since`, by the database's clock, and not yet expired. */
  revokedSince(since: Date): Promise<{ id: string; expires_at: Date; read_at: Date }[]>;
  inactiveMembers(): Promise<bigint[]>;
  stateOf(memberId: bigint): Promise<{ status: string | undefined; sessions: { id: string; expires_at: Date }[] }>;
}

/** A revocation's transaction may commit this long after its now() and still be read. */
const OVERLAP_MS = 60_000;

/**
 * The sessions revoked and the members not active, as this node knows them (a member's
 * session is checked without a query on each call). A signed token names its session and member;
 * the session is live unless it is on this list. The list is read whole at start, then every
 * `refreshMs` from the database. A revocation reaches it through the revocation bus as soon as it
 * is made, on this node before its call answers; the reads bound how long one the bus lost is
 * honoured. While the list is not in step with the database (not yet read, or the last reads
 * failed), `check` answers undefined and the caller asks the database itself.
 */
export function createRevocationList(options: {
  source: RevocationSource;
  refreshMs: number;
  sessionLifetimeMs: number;
  onError: (error: unknown) => void;
  /** The clock tokens' expiries are checked with: an entry past it could not be used anyway. */
  now?: () => Date;
}) {
  const { source, refreshMs } = options;
  const now = options.now ?? (() => new Date());
  /** With no reads (bound 0) the list is never consulted, so it keeps nothing. */
  const keeping = refreshMs > 0;
  /** Session id → its expiry (ms), to forget it once it could not be used anyway. */
  const revoked = new Map<string, number>();
  let inactive = new Set<bigint>();
  /** Members this node changed, with when: a read that began before a change does not undo it. */
  const changedHere = new Map<bigint, { active: boolean; at: number }>();
  let since = new Date(Date.now() - options.sessionLifetimeMs - OVERLAP_MS);
  /** performance.now() of the last read that succeeded; the tests' moved clocks do not touch it. */
  let readAt = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;
  let reading = false;

  /** Every read, whatever it found: the list holds no more than the sessions that could still be used. */
  function forgetExpired(): void {
    const at = now().getTime();
    for (const [id, expiresAt] of revoked) if (expiresAt <= at) revoked.delete(id);
  }

  async function refresh(): Promise<void> {
    const started = performance.now();
    const [sessions, members] = await Promise.all([source.revokedSince(since), source.inactiveMembers()]);
    for (const session of sessions) revoked.set(session.id, session.expires_at.getTime());
    inactive = new Set(members);
    for (const [memberId, change] of changedHere) {
      if (change.at < started) changedHere.delete(memberId);
      else if (change.active) inactive.delete(memberId);
      else inactive.add(memberId);
    }
    const databaseNow = sessions[0]?.read_at;
    if (databaseNow) since = new Date(databaseNow.getTime() - OVERLAP_MS);
    forgetExpired();
    readAt = started;
  }

  const inStep = () => refreshMs > 0 && performance.now() - readAt < 3 * refreshMs;

  return {
    /** Reads the list, then keeps reading it; nothing when the bound is 0 (every call asks the database). */
    async start(): Promise<void> {
      if (refreshMs <= 0 || timer) return;
      await refresh().catch(options.onError);
      timer = setInterval(() => {
        // One read at a time: a slow database is not asked again meanwhile.
        if (reading) return;
        reading = true;
        void refresh()
          .catch(options.onError)
          .finally(() => (reading = false));
      }, refreshMs);
      timer.unref();
    },
    stop(): void {
      clearInterval(timer);
      timer = undefined;
    },
    /** Reads the whole list now (the revocation bus was down: what it carried meanwhile is lost). */
    async refreshNow(): Promise<void> {
      if (!keeping || reading) return;
      reading = true;
      await refresh()
        .catch(options.onError)
        .finally(() => (reading = false));
    },
    /** How many revoked sessions the list holds (its memory is bounded by their expiries). */
    size: () => revoked.size,
    /** What the list says of a session with a valid signature, or undefined when it cannot say. */
    check(sessionId: string, memberId: bigint): 'live' | 'revoked' | 'inactive' | undefined {
      if (!inStep()) return undefined;
      if (revoked.has(sessionId)) return 'revoked';
      return inactive.has(memberId) ? 'inactive' : 'live';
    },
    /** A session just revoked (a logout), here or on another node. */
    revokedHere(sessionId: string, expiresAt: number): void {
      if (keeping) revoked.set(sessionId, expiresAt);
    },
    /** Reads one member again after a committed change to their status or sessions, made here or on another node. */
    async memberChanged(memberId: bigint): Promise<void> {
      if (!keeping) return;
      const state = await source.stateOf(memberId);
      for (const session of state.sessions) revoked.set(session.id, session.expires_at.getTime());
      const active = state.status === 'active';
      changedHere.set(memberId, { active, at: performance.now() });
      if (active) inactive.delete(memberId);
      else inactive.add(memberId);
    },
  };
}
export type RevocationList = ReturnType<typeof createRevocationList>;
