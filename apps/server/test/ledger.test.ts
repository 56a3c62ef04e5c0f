import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../src/db/database.js';
import { type AccountRef, accounts, inCurrency } from '../src/modules/ledger/accounts.js';
import { type Ledger, createLedger } from '../src/modules/ledger/ledger.service.js';
import { seedReferenceData } from '../src/seed/seed.js';
import { freshDatabase, insertTestMember } from './harness.js';

let handle: DatabaseHandle;
let drop: () => Promise<void>;
let db: Db;
let ledger: Ledger;
let keyCounter = 0;
const key = (label: string) => `test:${label}:${(keyCounter += 1)}`;

beforeAll(async () => {
  ({ handle, drop } = await freshDatabase());
  db = handle.db;
  await seedReferenceData(db);
  ledger = createLedger(db);
});
afterAll(async () => {
  await handle.close();
  await drop();
});

async function fund(memberId: bigint, amount: bigint) {
  await ledger.post({ key: key('fund'), from: accounts.adjustments(), to: accounts.wallet(memberId), amount, kind: 'adjustment' });
}
async function balance(ref: AccountRef): Promise<bigint> {
  return (await ledger.balances([ref.code])).get(ref.code) ?? 0n;
}
const failureCode = (promise: Promise<unknown>) => promise.then(() => 'OK', (error: { code?: string }) => error.code);

describe('ledger', () => {
  it('moves money between two accounts in one transfer and keeps the invariants', async () => {
    const member = await insertTestMember(db);
    await fund(member, 10_000n);
    await ledger.post({ key: key('move'), from: accounts.wallet(member), to: accounts.game(member, 'PG'), amount: 2_500n, kind: 'provider_post' });
    expect(await balance(accounts.wallet(member))).toBe(7_500n);
    expect(await balance(accounts.game(member, 'PG'))).toBe(2_500n);
    expect(await ledger.verify()).toMatchObject({ ok: true, sumOfBalances: { THB: 0n } });
  });

  it('refuses to take a member below zero, and changes nothing', async () => {
    const member = await insertTestMember(db);
    await fund(member, 100n);
    const attempt = ledger.post({ key: key('over'), from: accounts.wallet(member), to: accounts.game(member, 'PG'), amount: 101n, kind: 'provider_post' });
    expect(await failureCode(attempt)).toBe('MONEY_NOT_ENOUGH');
    expect(await balance(accounts.wallet(member))).toBe(100n);
  });

  it('applies a key once: a replay answers the first transfer, a reuse with other content is refused', async () => {
    const member = await insertTestMember(db);
    await fund(member, 1_000n);
    const request = { key: key('once'), from: accounts.wallet(member), to: accounts.game(member, 'JOKER'), amount: 300n, kind: 'provider_post' as const };
    const first = await ledger.post(request);
    const again = await ledger.post(request);
    expect(again).toEqual({ id: first.id, replayed: true });
    expect(await balance(accounts.wallet(member))).toBe(700n);
    expect(await failureCode(ledger.post({ ...request, amount: 1n }))).toBe('KEY_INVALID');
  });

  it('refuses zero and negative amounts', async () => {
    const member = await insertTestMember(db);
    for (const amount of [0n, -5n]) {
      const attempt = ledger.post({ key: key('zero'), from: accounts.adjustments(), to: accounts.wallet(member), amount, kind: 'adjustment' });
      expect(await failureCode(attempt)).toBe('TRANSFER_MINIMUM');
    }
  });

  it('keeps transfers immutable in the database itself', async () => {
    const member = await insertTestMember(db);
    await fund(member, 50n);
    await expect(db.updateTable('ledger_transfers').set({ amount: 1n }).execute()).rejects.toThrow(/immutable/);
    await expect(db.deleteFrom('ledger_transfers').execute()).rejects.toThrow(/immutable/);
  });

  it('is refused by the database when code bypasses it to push a member negative', async () => {
    const member = await insertTestMember(db);
    await fund(member, 10n);
    await expect(
      db.updateTable('ledger_accounts').set({ balance: -1n }).where('code', '=', accounts.wallet(member).code).execute(),
    ).rejects.toThrow(/member_balance_not_negative/);
  });
});

describe('holds: a two-phase transfer', () => {
  const held = async (member: bigint, amount: bigint) => {
    await fund(member, amount);
    return ledger.hold({ key: key('hold'), from: accounts.wallet(member), via: accounts.withdrawalsPayable(), to: accounts.bankPayouts(), amount, kind: 'withdrawal' });
  };

  it('takes the amount into the holding account at once; posting sends it on, once; the same key replays', async () => {
    const member = await insertTestMember(db);
    const { holdId } = await held(member, 5_000n);
    expect(await balance(accounts.wallet(member))).toBe(0n);
    const payoutsBefore = await balance(accounts.bankPayouts());
    const posted = await ledger.postHold({ key: `post:${holdId}`, holdId, kind: 'withdrawal' });
    expect(await ledger.postHold({ key: `post:${holdId}`, holdId, kind: 'withdrawal' })).toEqual({ id: posted.id, replayed: true });
    expect(await balance(accounts.bankPayouts())).toBe(payoutsBefore + 5_000n);
    expect(await failureCode(ledger.voidHold({ key: `void:${holdId}`, holdId, kind: 'withdrawal_return' }))).toBe('KEY_INVALID');
    expect(await failureCode(ledger.postHold({ key: `post-again:${holdId}`, holdId, kind: 'withdrawal' }))).toBe('KEY_INVALID');
    expect(await balance(accounts.wallet(member))).toBe(0n);
    expect((await ledger.verify()).ok).toBe(true);
  });

  it('voiding gives the amount back to where it came from', async () => {
    const member = await insertTestMember(db);
    const { holdId } = await held(member, 1_234n);
    await ledger.voidHold({ key: `void:${holdId}`, holdId, kind: 'withdrawal_return' });
    expect(await balance(accounts.wallet(member))).toBe(1_234n);
    const row = await db.selectFrom('ledger_holds').select(['status', 'resolution_transfer_id']).where('id', '=', holdId).executeTakeFirstOrThrow();
    expect(row.status).toBe('voided');
    expect(row.resolution_transfer_id).not.toBeNull();
  });

  it('resolves once when posts and voids race on one hold', async () => {
    const member = await insertTestMember(db);
    const { holdId } = await held(member, 700n);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        failureCode(index % 2 ? ledger.voidHold({ key: `void:${holdId}:${index}`, holdId, kind: 'withdrawal_return' }) : ledger.postHold({ key: `post:${holdId}:${index}`, holdId, kind: 'withdrawal' })),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'OK')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'KEY_INVALID')).toHaveLength(9);
    const resolutions = await db.selectFrom('ledger_transfers').select('id').where('idempotency_key', 'like', `%:${holdId}:%`).execute();
    expect(resolutions).toHaveLength(1);
    expect((await ledger.verify()).ok).toBe(true);
  });
});

describe('reversing a transfer', () => {
  it('posts the opposite transfer linked to it, once; the same key replays, another is refused', async () => {
    const member = await insertTestMember(db);
    const credit = await ledger.post({ key: key('mistake'), from: accounts.adjustments(), to: accounts.wallet(member), amount: 900n, kind: 'adjustment' });
    const reversal = await ledger.reverse({ key: `reverse:${credit.id}`, transferId: credit.id, reason: 'credited to the wrong member' });
    expect(await balance(accounts.wallet(member))).toBe(0n);
    expect(await ledger.reverse({ key: `reverse:${credit.id}`, transferId: credit.id, reason: 'again' })).toEqual({ id: reversal.id, replayed: true });
    expect(await failureCode(ledger.reverse({ key: `reverse-twice:${credit.id}`, transferId: credit.id, reason: 'again' }))).toBe('KEY_INVALID');
    const row = await db.selectFrom('ledger_transfers').select(['reverses_transfer_id', 'kind', 'reference']).where('id', '=', reversal.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ reverses_transfer_id: credit.id, kind: 'reversal', reference: 'credited to the wrong member' });
  });

  it('never takes a member below zero: money already spent cannot be reversed', async () => {
    const member = await insertTestMember(db);
    const credit = await ledger.post({ key: key('spent'), from: accounts.adjustments(), to: accounts.wallet(member), amount: 500n, kind: 'adjustment' });
    await ledger.post({ key: key('spend'), from: accounts.wallet(member), to: accounts.game(member, 'PG'), amount: 200n, kind: 'provider_post' });
    expect(await failureCode(ledger.reverse({ key: key('reverse'), transferId: credit.id, reason: 'too late' }))).toBe('MONEY_NOT_ENOUGH');
    expect(await balance(accounts.wallet(member))).toBe(300n);
  });
});

describe('currencies', () => {
  async function laoMember(): Promise<bigint> {
    const member = await insertTestMember(db);
    await db.updateTable('members').set({ currency: 'LAK' }).where('id', '=', member).execute();
    return member;
  }

  it("books a kip wallet in kip against the operator's kip accounts, and the database refuses a transfer between kip and baht", async () => {
    const member = await laoMember();
    await ledger.post({ key: key('kip-in'), from: accounts.adjustments(), to: accounts.wallet(member), amount: 2_000n, kind: 'adjustment' });
    const currencies = await db.selectFrom('ledger_accounts').select(['code', 'currency']).where('code', 'in', [accounts.wallet(member).code, 'operator:adjustments:LAK']).orderBy('code').execute();
    expect(currencies).toEqual([{ code: 'operator:adjustments:LAK', currency: 'LAK' }, { code: accounts.wallet(member).code, currency: 'LAK' }]);
    const bahtAdjustments = inCurrency(accounts.adjustments(), 'THB');
    await expect(ledger.post({ key: key('baht-into-kip'), from: bahtAdjustments, to: accounts.wallet(member), amount: 1_000n, kind: 'adjustment' })).rejects.toThrow(/across currencies/);
    await expect(ledger.post({ key: key('kip-into-baht'), from: accounts.wallet(member), to: inCurrency(accounts.bankPayouts(), 'THB'), amount: 1_000n, kind: 'withdrawal' })).rejects.toThrow(/across currencies/);
    expect(await balance(accounts.wallet(member))).toBe(2_000n);
  });

  it("holds a kip withdrawal through the operator's kip accounts", async () => {
    const member = await laoMember();
    await ledger.post({ key: key('kip-fund'), from: accounts.adjustments(), to: accounts.wallet(member), amount: 90_000n, kind: 'adjustment' });
    const { holdId } = await ledger.hold({ key: key('kip-hold'), from: accounts.wallet(member), via: accounts.withdrawalsPayable(), to: accounts.bankPayouts(), amount: 60_000n, kind: 'withdrawal' });
    await ledger.postHold({ key: key('kip-paid'), holdId, kind: 'withdrawal' });
    const balances = await ledger.balances([accounts.wallet(member).code, 'operator:bank-payouts:LAK', 'operator:withdrawals-payable:LAK']);
    expect(Object.fromEntries(balances)).toEqual({ [accounts.wallet(member).code]: 30_000n, 'operator:bank-payouts:LAK': 60_000n, 'operator:withdrawals-payable:LAK': 0n });
    expect((await ledger.verify()).ok).toBe(true);
  });

  it('sums each currency apart: kip never offsets baht', async () => {
    const member = await laoMember();
    await ledger.post({ key: key('kip'), from: accounts.adjustments(), to: accounts.wallet(member), amount: 50_000n, kind: 'adjustment' });
    const transfers = await db.selectFrom('ledger_transfers').select('currency').where('credit_account_id', '=', (eb) => eb.selectFrom('ledger_accounts').select('id').where('code', '=', accounts.wallet(member).code)).execute();
    expect(transfers.map((transfer) => transfer.currency)).toEqual(['LAK']);
    const report = await ledger.verify();
    expect(report).toMatchObject({ ok: true, transfersAcrossCurrencies: 0 });
    expect(report.sumOfBalances).toEqual({ LAK: 0n, THB: 0n });
  });
});

describe('ledger under concurrency', () => {
  it('lets exactly one of 200 concurrent moves of the whole balance through', async () => {
    const member = await insertTestMember(db);
    await fund(member, 50_000n);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        failureCode(
          ledger.post({
            key: key(`race-${index}`),
            from: accounts.wallet(member),
            to: accounts.game(member, index % 2 ? 'PG' : 'UFABET'),
            amount: 50_000n,
            kind: 'provider_post',
          }),
        ),
      ),
    );
    expect(results.filter((result) => result === 'OK')).toHaveLength(1);
    expect(results.filter((result) => result === 'MONEY_NOT_ENOUGH')).toHaveLength(199);
    expect(await balance(accounts.wallet(member))).toBe(0n);
    expect(await ledger.verify()).toMatchObject({ ok: true });
  });

  it('moves money once when the same key is posted 50 times at once', async () => {
    const member = await insertTestMember(db);
    await fund(member, 1_000n);
    const request = { key: key('same'), from: accounts.wallet(member), to: accounts.game(member, 'PG'), amount: 400n, kind: 'provider_post' as const };
    const results = await Promise.all(Array.from({ length: 50 }, () => ledger.post(request)));
    expect(new Set(results.map((result) => result.id)).size).toBe(1);
    expect(await balance(accounts.wallet(member))).toBe(600n);
  });

  it('does not deadlock when transfers cross the same accounts in both directions', async () => {
    const a = await insertTestMember(db);
    await fund(a, 100_000n);
    await ledger.post({ key: key('seed-game'), from: accounts.wallet(a), to: accounts.game(a, 'PG'), amount: 50_000n, kind: 'provider_post' });
    await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        index % 2
          ? ledger.post({ key: key('ab'), from: accounts.wallet(a), to: accounts.game(a, 'PG'), amount: 10n, kind: 'provider_post' })
          : ledger.post({ key: key('ba'), from: accounts.game(a, 'PG'), to: accounts.wallet(a), amount: 10n, kind: 'provider_post' }),
      ),
    );
    expect((await balance(accounts.wallet(a))) + (await balance(accounts.game(a, 'PG')))).toBe(100_000n);
  });

  it("keeps an operator account's balance exact when many members' transfers pass through it at once", async () => {
    // A provider's in-flight account is in every transfer to and from it; its balance is kept in
    // slices so that concurrent transfers do not queue on one row (migration 043).
    const inFlight = accounts.providerInFlight('SLOTXO');
    const before = await balance(inFlight);
    const members = await Promise.all(Array.from({ length: 40 }, () => insertTestMember(db)));
    await Promise.all(members.map((member) => fund(member, 1_000n)));
    const holds = await Promise.all(
      members.map((member) =>
        ledger.hold({ key: key('slices'), from: accounts.wallet(member), via: inFlight, to: accounts.game(member, 'SLOTXO'), amount: 300n, kind: 'provider_hold' }),
      ),
    );
    expect(await balance(inFlight)).toBe(before + 40n * 300n);
    // Half go on to the game, half come back: what is left in flight is exactly what is still held.
    await Promise.all(
      holds.map(({ holdId }, index) =>
        index % 2 ? ledger.postHold({ key: key('slices-post'), holdId, kind: 'provider_post' }) : ledger.voidHold({ key: key('slices-void'), holdId, kind: 'provider_void' }),
      ),
    );
    expect(await balance(inFlight)).toBe(before);
    expect(await balance(accounts.wallet(members[0]!))).toBe(1_000n);
    expect(await balance(accounts.game(members[1]!, 'SLOTXO'))).toBe(300n);
    expect(await ledger.verify()).toMatchObject({ ok: true, mismatches: [] });
  });
});

describe('ledger properties', () => {
  type Operation = { kind: 'fund' | 'toGame' | 'toWallet' | 'win' | 'lose'; member: number; provider: 'PG' | 'JOKER'; amount: number };
  const operation = fc.record({
    kind: fc.constantFrom('fund', 'toGame', 'toWallet', 'win', 'lose'),
    member: fc.integer({ min: 0, max: 2 }),
    provider: fc.constantFrom('PG', 'JOKER'),
    amount: fc.integer({ min: 1, max: 5_000 }),
  }) as fc.Arbitrary<Operation>;

  it('keeps every balance equal to a simple model, and the invariants, over random sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (operations) => {
        const members = [await insertTestMember(db), await insertTestMember(db), await insertTestMember(db)];
        const model = new Map<string, bigint>();
        const get = (ref: AccountRef) => model.get(ref.code) ?? 0n;
        for (const op of operations) {
          const member = members[op.member]!;
          const amount = BigInt(op.amount);
          const [from, to] = {
            fund: [accounts.adjustments(), accounts.wallet(member)],
            toGame: [accounts.wallet(member), accounts.game(member, op.provider)],
            toWallet: [accounts.game(member, op.provider), accounts.wallet(member)],
            win: [accounts.gameResults(op.provider), accounts.game(member, op.provider)],
            lose: [accounts.game(member, op.provider), accounts.gameResults(op.provider)],
          }[op.kind] as [AccountRef, AccountRef];
          const expectedToFail = from.kind !== 'operator' && get(from) < amount;
          const outcome = await failureCode(ledger.post({ key: key('prop'), from, to, amount, kind: 'adjustment' }));
          expect(outcome).toBe(expectedToFail ? 'MONEY_NOT_ENOUGH' : 'OK');
          if (!expectedToFail) {
            model.set(from.code, get(from) - amount);
            model.set(to.code, get(to) + amount);
          }
        }
        const actual = await ledger.balances([...model.keys()].filter((code) => !code.startsWith('operator:')));
        for (const [code, value] of actual) expect(value, code).toBe(model.get(code));
        expect(await ledger.verify()).toMatchObject({ ok: true, sumOfBalances: { THB: 0n } });
      }),
      { numRuns: 25 },
    );
  });
});
