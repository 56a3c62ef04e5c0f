import { describe, expect, it } from 'vitest';
import { type RevocationSource, createRevocationList } from './session-revocations.js';

const DAY = 24 * 3600_000;
const later = new Date(Date.now() + DAY);

/** A database stand-in: its revoked sessions and inactive members, changed by the test. */
function fakeDatabase() {
  const revoked = new Map<string, Date>();
  const inactive = new Set<bigint>();
  let failing = false;
  let reads = 0;
  /** While set, a read takes what the database held when it began and answers only once released. */
  let held: Promise<void> | undefined;
  const source: RevocationSource = {
    async revokedSince() {
      reads += 1;
      if (failing) throw new Error('database down');
      return [...revoked].map(([id, expiresAt]) => ({ id, expires_at: expiresAt, read_at: new Date() }));
    },
    async inactiveMembers() {
      const seen = [...inactive];
      await held;
      return seen;
    },
    async stateOf(memberId) {
      return { status: inactive.has(memberId) ? 'blocked' : 'active', sessions: [] };
    },
  };
  const hold = () => {
    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    return () => {
      held = undefined;
      release();
    };
  };
  return { source, revoked, inactive, hold, fail: (on: boolean) => (failing = on), reads: () => reads };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('session revocation list', () => {
  it('cannot answer before its first read, and answers nothing when its bound is 0', async () => {
    const database = fakeDatabase();
    const list = createRevocationList({ source: database.source, refreshMs: 50, sessionLifetimeMs: DAY, onError: () => {} });
    expect(list.check('s1', 1n)).toBeUndefined();
    await list.start();
    expect(list.check('s1', 1n)).toBe('live');
    list.stop();
    const off = createRevocationList({ source: database.source, refreshMs: 0, sessionLifetimeMs: DAY, onError: () => {} });
    await off.start();
    expect(off.check('s1', 1n)).toBeUndefined();
    expect(database.reads()).toBe(1);
  });

  it('learns of another node’s revocations and blocks within its bound', async () => {
    const database = fakeDatabase();
    const list = createRevocationList({ source: database.source, refreshMs: 30, sessionLifetimeMs: DAY, onError: () => {} });
    await list.start();
    database.revoked.set('s1', later);
    database.inactive.add(2n);
    await sleep(100);
    expect(list.check('s1', 1n)).toBe('revoked');
    expect(list.check('s2', 2n)).toBe('inactive');
    expect(list.check('s3', 3n)).toBe('live');
    database.inactive.delete(2n);
    await sleep(100);
    expect(list.check('s2', 2n)).toBe('live');
    list.stop();
  });

  it('knows its own node’s changes at once, and an older read does not undo them', async () => {
    const database = fakeDatabase();
    const list = createRevocationList({ source: database.source, refreshMs: 60_000, sessionLifetimeMs: DAY, onError: () => {} });
    // The first read begins before the block and answers after it.
    const release = database.hold();
    const starting = list.start();
    database.inactive.add(5n);
    await list.memberChanged(5n);
    release();
    await starting;
    expect(list.check('any', 5n)).toBe('inactive');
    list.revokedHere('mine', Date.now() + DAY);
    expect(list.check('mine', 1n)).toBe('revoked');
    list.stop();
  });

  it('stops answering when its reads fail, so the caller asks the database', async () => {
    const database = fakeDatabase();
    const errors: unknown[] = [];
    const list = createRevocationList({ source: database.source, refreshMs: 20, sessionLifetimeMs: DAY, onError: (error) => errors.push(error) });
    await list.start();
    expect(list.check('s1', 1n)).toBe('live');
    database.fail(true);
    await sleep(120);
    expect(list.check('s1', 1n)).toBeUndefined();
    expect(errors.length).toBeGreaterThan(0);
    database.fail(false);
    await sleep(60);
    expect(list.check('s1', 1n)).toBe('live');
    list.stop();
  });

  it('forgets sessions once they have expired, on every read, even one that finds nothing new', async () => {
    const database = fakeDatabase();
    let now = Date.now();
    const list = createRevocationList({ source: database.source, refreshMs: 20, sessionLifetimeMs: DAY, onError: () => {}, now: () => new Date(now) });
    await list.start();
    list.revokedHere('soon-expired', now + 1_000);
    list.revokedHere('still-good', now + DAY);
    expect(list.size()).toBe(2);
    now += 2_000;
    await sleep(80);
    expect(list.size()).toBe(1);
    expect(list.check('still-good', 1n)).toBe('revoked');
    list.stop();
    // With no reads at all (bound 0) the list is never consulted, and keeps nothing.
    const off = createRevocationList({ source: database.source, refreshMs: 0, sessionLifetimeMs: DAY, onError: () => {} });
    off.revokedHere('any', Date.now() + DAY);
    expect(off.size()).toBe(0);
  });
});
