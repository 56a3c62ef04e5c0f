import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../src/db/database.js';
import { type ProviderBooks, databaseBooks, memoryBooks } from '../src/sandbox/provider.books.js';
import { seedReferenceData } from '../src/seed/seed.js';
import { freshDatabase } from './harness.js';

// The sandbox provider keeps its books in the database, or in memory when it runs alone for the
// bench: both must answer as a provider does, or the bench would measure a provider we do not test.
let handle: DatabaseHandle;
let drop: () => Promise<void>;
let db: Db;

beforeAll(async () => {
  ({ handle, drop } = await freshDatabase());
  db = handle.db;
  await seedReferenceData(db);
});
afterAll(async () => {
  await handle.close();
  await drop();
});

let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}-${Date.now()}`;

describe.each([
  ['in the database', () => Promise.resolve(databaseBooks(db))],
  ['in memory', () => memoryBooks(db)],
] as const)("the sandbox provider's books %s", (_where, open: () => Promise<ProviderBooks>) => {
  it('opens a player once: opening again answers the same player', async () => {
    const books = await open();
    const username = unique('open');
    const first = await books.openPlayer('PG', username, 'secret-1');
    expect(await books.openPlayer('PG', username, 'secret-2')).toEqual(first);
    expect(first).toMatchObject({ username, password: 'secret-1', credits: 0n });
    expect(await books.setPassword('PG', username, 'secret-3')).toBe(true);
    expect((await books.player('PG', username))?.password).toBe('secret-3');
    expect(await books.setPassword('PG', unique('nobody'), 'x')).toBe(false);
  });

  it('applies a movement once per transaction id, and answers a repeat with its first outcome', async () => {
    const books = await open();
    const username = unique('once');
    await books.openPlayer('PG', username, 'p');
    const txId = unique('tx');
    expect(await books.apply(txId, 'PG', username, 'deposit', 500n)).toEqual({ status: 'success', reason: null, credits: 500n });
    expect(await books.apply(txId, 'PG', username, 'deposit', 500n)).toEqual({ status: 'success', reason: null, credits: 500n });
    expect(await books.transaction(txId)).toEqual({ status: 'success', reason: null });
    expect((await books.player('PG', username))?.credits).toBe(500n);
  });

  it('refuses what the player cannot afford and a player it does not know, and records both as failed', async () => {
    const books = await open();
    const username = unique('short');
    await books.openPlayer('PG', username, 'p');
    await books.apply(unique('tx'), 'PG', username, 'deposit', 100n);
    const short = unique('tx');
    expect(await books.apply(short, 'PG', username, 'withdraw', 101n)).toEqual({ status: 'failed', reason: 'INSUFFICIENT_BALANCE', credits: 100n });
    expect(await books.transaction(short)).toEqual({ status: 'failed', reason: 'INSUFFICIENT_BALANCE' });
    // A refused transaction stays refused, even once the player could afford it.
    await books.apply(unique('tx'), 'PG', username, 'win', 50n);
    expect((await books.apply(short, 'PG', username, 'withdraw', 101n)).status).toBe('failed');
    const stranger = unique('tx');
    expect(await books.apply(stranger, 'PG', unique('nobody'), 'deposit', 1n)).toEqual({ status: 'failed', reason: 'PLAYER_NOT_FOUND', credits: null });
    expect((await books.player('PG', username))?.credits).toBe(150n);
  });

  it('never lets concurrent withdrawals take a player below zero', async () => {
    const books = await open();
    const username = unique('race');
    await books.openPlayer('PG', username, 'p');
    await books.apply(unique('tx'), 'PG', username, 'deposit', 1_000n);
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => books.apply(unique('tx'), 'PG', username, 'withdraw', 300n)));
    expect(outcomes.filter((outcome) => outcome.status === 'success')).toHaveLength(3);
    expect((await books.player('PG', username))?.credits).toBe(100n);
  });

  it('keeps a refusal made before applying, unless the transaction is known already', async () => {
    const books = await open();
    const username = unique('fault');
    await books.openPlayer('PG', username, 'p');
    const applied = unique('tx');
    await books.apply(applied, 'PG', username, 'deposit', 10n);
    await books.recordRefusal(applied, 'PG', username, 'deposit', 10n, 'PROVIDER_ERROR');
    expect(await books.transaction(applied)).toEqual({ status: 'success', reason: null });
    const refused = unique('tx');
    await books.recordRefusal(refused, 'PG', username, 'deposit', 10n, 'PROVIDER_ERROR');
    expect(await books.transaction(refused)).toEqual({ status: 'failed', reason: 'PROVIDER_ERROR' });
    expect(await books.transaction(unique('never'))).toBeUndefined();
  });

  it('opens a game session on each launch, and ends them all at once', async () => {
    const books = await open();
    const username = unique('launch');
    await books.openPlayer('PG', username, 'p');
    await books.openSession('PG', username, `${username}-phone`);
    await books.openSession('PG', username, `${username}-computer`);
    expect((await books.playerByLaunchToken(`${username}-phone`))?.username).toBe(username);
    expect((await books.playerByLaunchToken(`${username}-computer`))?.username).toBe(username);
    expect(await books.openSessions('PG', username)).toBe(2);
    expect(await books.endSessions('PG', username)).toBe(2);
    expect(await books.playerByLaunchToken(`${username}-phone`)).toBeUndefined();
    expect(await books.openSessions('PG', username)).toBe(0);
    // Nothing open is no error: a second call ends none.
    expect(await books.endSessions('PG', username)).toBe(0);
    expect(await books.endSessions('PG', unique('nobody'))).toBeUndefined();
    // A launch after the end opens a session again.
    await books.openSession('PG', username, `${username}-again`);
    expect((await books.playerByLaunchToken(`${username}-again`))?.username).toBe(username);
  });
});

it('starts its memory from the players and open sessions in the database, as the bench seeds them', async () => {
  const username = unique('seeded');
  await databaseBooks(db).openPlayer('PG', username, 'seeded-password');
  await databaseBooks(db).openSession('PG', username, `${username}-open`);
  const books = await memoryBooks(db);
  expect(await books.player('PG', username)).toMatchObject({ username, password: 'seeded-password', credits: 0n });
  expect((await books.playerByLaunchToken(`${username}-open`))?.username).toBe(username);
});
