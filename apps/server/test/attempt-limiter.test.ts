import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.js';
import { createAttemptLimiter } from '../src/modules/limits/attempt-limiter.js';
import { freshDatabase } from './harness.js';

let database: { handle: DatabaseHandle; drop(): Promise<void> };
let offset = 0;
const now = () => new Date(Date.UTC(2030, 0, 1) + offset);
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database.handle.close();
  await database.drop();
});

describe('attempt limiter', () => {
  const limiter = () => createAttemptLimiter({ db: database.handle.db, now });
  const limit = (key: string, max = 2) => ({ key, max, windowMs: 60_000 });

  it('refuses past the limit, takes all keys or none, and starts a new window when one is over', async () => {
    const attempts = limiter();
    expect((await attempts.reserve([limit('a')])).ok).toBe(true);
    expect((await attempts.reserve([limit('a')])).ok).toBe(true);
    const refused = await attempts.reserve([limit('b'), limit('a')]);
    expect(refused).toMatchObject({ ok: false, refused: { key: 'a' } });
    // 'b' was not taken by the refused reservation: it still has both attempts.
    expect((await attempts.reserve([limit('b')])).ok).toBe(true);
    expect((await attempts.reserve([limit('b')])).ok).toBe(true);
    offset += 60_001;
    const fresh = await attempts.reserve([limit('a')]);
    expect(fresh).toMatchObject({ ok: true, reservation: { attempts: [1] } });
  });

  it('gives an attempt back to its own window only', async () => {
    const attempts = limiter();
    const first = await attempts.reserve([limit('c', 1)]);
    if (!first.ok) throw new Error('refused');
    expect((await attempts.reserve([limit('c', 1)])).ok).toBe(false);
    await first.reservation.release();
    const second = await attempts.reserve([limit('c', 1)]);
    expect(second.ok).toBe(true);
    offset += 60_001;
    const third = await attempts.reserve([limit('c', 1)]);
    if (!second.ok || !third.ok) throw new Error('refused');
    await second.reservation.release(); // from the window that is over: changes nothing now
    expect((await attempts.reserve([limit('c', 1)])).ok).toBe(false);
  });

  it('prunes counters whose window ended long ago', async () => {
    const attempts = limiter();
    await attempts.reserve([limit('old')]);
    offset += 3 * 60 * 60_000;
    await attempts.reserve([limit('new')]);
    await attempts.prune();
    const keys = (await database.handle.db.selectFrom('attempt_counters').select('key').execute()).map((row) => row.key);
    expect(keys).toContain('new');
    expect(keys).not.toContain('old');
  });
});
