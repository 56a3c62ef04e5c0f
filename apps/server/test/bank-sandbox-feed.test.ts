import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankStatementError, createHttpBankStatement } from '../src/adapters/bank-statement.js';
import { maintenanceLeft, maskAccount } from '../src/sandbox/bank.sandbox.js';
import { type TestServer, startTestServer } from './harness.js';

// The sandbox bank's statement feed as automatic crediting will meet it (ADR 0396): senders shown as
// banks show them, late postings, repeated entries, maintenance windows and slow answers, each
// through real HTTP and the real adapter.

let server: TestServer;
let statement: ReturnType<typeof createHttpBankStatement>;
beforeAll(async () => {
  server = await startTestServer();
  statement = createHttpBankStatement({ baseUrl: () => `${server.url}/sandbox/bank/api`, timeoutMs: 5_000 });
});
afterAll(() => server.close());

const faults = async (body: object) => expect((await server.api('PUT', '/sandbox/bank/faults', { body })).status).toBe(200);
let accounts = 0;
/** An operator account of its own per test, so counts and windows hold nothing else. */
const freshAccount = () => `40788800${String(++accounts).padStart(2, '0')}`;

async function transfer(body: { toAccountNo: string; amount?: number; fromBankCode?: string; toBankCode?: string; fromAccountNo?: string; fromName?: string; minutesAgo?: number }) {
  const made = await server.api('POST', '/sandbox/bank/transfers', { body: { amount: 100, ...body } });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.transRef as string;
}

/** The statement of the hour either side of the sandbox's now, or of a span starting at `from`. */
function lines(accountNo: string, from = new Date(server.clock.now().getTime() - 3600_000), to = new Date(server.clock.now().getTime() + 3600_000)) {
  return statement.statement(accountNo, from, to);
}

describe('the sender as the statement shows it', () => {
  it('shows a same-bank sender in full with their name, another bank\'s masked, named only where that bank passes names', async () => {
    const account = freshAccount();
    const sender = '1112223334';
    const same = await transfer({ toAccountNo: account, toBankCode: 'SCB', fromBankCode: 'SCB', fromAccountNo: sender, fromName: 'SOMCHAI JAIDEE' });
    const sameNoName = await transfer({ toAccountNo: account, toBankCode: '014', fromBankCode: 'SCB', fromAccountNo: sender });
    const passing = await transfer({ toAccountNo: account, toBankCode: 'SCB', fromBankCode: 'KBANK', fromAccountNo: sender, fromName: 'SOMCHAI JAIDEE' });
    const silent = await transfer({ toAccountNo: account, toBankCode: 'SCB', fromBankCode: 'GSB', fromAccountNo: sender, fromName: 'SOMCHAI JAIDEE' });
    const unnamed = await transfer({ toAccountNo: account, toBankCode: 'SCB', fromBankCode: 'KTB', fromAccountNo: sender });
    const entries = await lines(account);
    const shown = (ref: string) => entries.find((entry) => entry.bankRef === ref)?.counterparty;
    expect(shown(same)).toEqual({ bank: '014', account: sender, name: 'SOMCHAI JAIDEE' });
    expect(shown(sameNoName)).toEqual({ bank: '014', account: sender, name: null });
    expect(shown(passing)).toEqual({ bank: '004', account: maskAccount(sender), name: 'SOMCHAI JAIDEE' });
    expect(maskAccount(sender)).toBe('xxxxx2333x');
    expect(shown(silent)).toEqual({ bank: '030', account: maskAccount(sender), name: null });
    expect(shown(unnamed)).toEqual({ bank: '006', account: maskAccount(sender), name: null });
  });

  it('takes the receiving account as KBANK when the transfer does not say, and refuses an unknown bank', async () => {
    const account = freshAccount();
    const fromKbank = await transfer({ toAccountNo: account, fromAccountNo: '5556667778', fromName: 'NAME' });
    const fromScb = await transfer({ toAccountNo: account, fromBankCode: 'SCB', fromAccountNo: '5556667778', fromName: 'NAME' });
    const entries = await lines(account);
    expect(entries.find((entry) => entry.bankRef === fromKbank)?.counterparty).toEqual({ bank: '004', account: '5556667778', name: 'NAME' });
    expect(entries.find((entry) => entry.bankRef === fromScb)?.counterparty).toEqual({ bank: '014', account: 'xxxxx6777x', name: 'NAME' });
    const refused = await server.api('POST', '/sandbox/bank/transfers', { body: { amount: 1, toAccountNo: account, toBankCode: 'NOBANK' } });
    expect(refused.status).toBe(400);
  });
});

describe('the posting delay', () => {
  it('keeps a transfer off the statement until the delay has passed on the sandbox clock, then shows it at its own time', async () => {
    const account = freshAccount();
    await faults({ postingDelaySeconds: 300 });
    const older = await transfer({ toAccountNo: account, minutesAgo: 10 });
    const made = server.clock.now();
    const fresh = await transfer({ toAccountNo: account });
    const window = { from: new Date(made.getTime() - 3600_000), to: new Date(made.getTime() + 60_000) };
    expect((await statement.statement(account, window.from, window.to)).map((entry) => entry.bankRef)).toEqual([older]);
    server.clock.advance(301_000);
    const later = await statement.statement(account, window.from, window.to);
    await faults({});
    expect(later.map((entry) => entry.bankRef)).toEqual([older, fresh]);
    // Its time is when it was made, inside the window already read: a reader must read windows again.
    expect(Math.abs(later[1]!.at.getTime() - made.getTime())).toBeLessThan(5_000);
  });

  it('shows everything at once with the default delay of 0', async () => {
    const account = freshAccount();
    const ref = await transfer({ toAccountNo: account });
    expect((await lines(account)).map((entry) => entry.bankRef)).toEqual([ref]);
  });
});

describe('repeated entries', () => {
  it('answers a named entry twice, and again in a later window, with the same bankRef', async () => {
    const account = freshAccount();
    const repeated = await transfer({ toAccountNo: account, amount: 11, minutesAgo: 20 });
    const single = await transfer({ toAccountNo: account, amount: 12, minutesAgo: 10 });
    await faults({ repeat: [repeated] });
    const now = server.clock.now();
    const window = await statement.statement(account, new Date(now.getTime() - 3600_000), now);
    const laterWindow = await statement.statement(account, now, new Date(now.getTime() + 3600_000));
    await faults({});
    expect(window.map((entry) => entry.bankRef)).toEqual([repeated, repeated, single]);
    expect(window[0]).toEqual(window[1]);
    expect(laterWindow.map((entry) => entry.bankRef)).toEqual([repeated]);
    expect(laterWindow[0]).toMatchObject({ amount: 1_100n, at: window[0]!.at });
    // Without the fault the later window is empty again.
    expect(await statement.statement(account, now, new Date(now.getTime() + 3600_000))).toEqual([]);
  });

  it('repeats every Nth incoming transfer of the account', async () => {
    const account = freshAccount();
    const refs: string[] = [];
    for (const minutesAgo of [40, 30, 20, 10, 5]) refs.push(await transfer({ toAccountNo: account, minutesAgo }));
    await faults({ repeatEvery: 2 });
    const entries = await lines(account);
    const now = server.clock.now();
    const laterWindow = await statement.statement(account, now, new Date(now.getTime() + 3600_000));
    await faults({});
    expect(entries.map((entry) => entry.bankRef)).toEqual([refs[0], refs[1], refs[1], refs[2], refs[3], refs[3], refs[4]]);
    expect(laterWindow.map((entry) => entry.bankRef)).toEqual([refs[1], refs[3]]);
  });
});

/** HH:MM in Bangkok, `minutes` from an instant. */
function bangkokClock(at: Date, minutes: number): string {
  const local = new Date(at.getTime() + (7 * 60 + minutes) * 60_000);
  return `${String(local.getUTCHours()).padStart(2, '0')}:${String(local.getUTCMinutes()).padStart(2, '0')}`;
}

describe('maintenance windows', () => {
  it('answers 503 MAINTENANCE with Retry-After inside the window, which the adapter throws as BankStatementError', async () => {
    const account = freshAccount();
    await transfer({ toAccountNo: account });
    const now = server.clock.now();
    await faults({ maintenance: { from: bangkokClock(now, -1), to: bangkokClock(now, 3) } });
    const raw = await fetch(`${server.url}/sandbox/bank/api/statements?${new URLSearchParams({ accountNo: account, from: new Date(now.getTime() - 3600_000).toISOString(), to: now.toISOString() })}`);
    expect(raw.status).toBe(503);
    expect(await raw.json()).toMatchObject({ error: 'MAINTENANCE', message: expect.stringContaining('maintenance') });
    const failure = await lines(account).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BankStatementError);
    expect((failure as BankStatementError).message).toMatch(/503 MAINTENANCE/);
    const retryAfter = (failure as BankStatementError).answer?.retryAfterSeconds ?? 0;
    expect((failure as BankStatementError).answer?.status).toBe(503);
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(4 * 60);
    // Once the window is over (on the sandbox's clock) the feed answers again.
    server.clock.advance(4 * 60_000);
    await expect(lines(account)).resolves.toHaveLength(1);
    await faults({});
  });

  it('answers outside the window, including one that wraps midnight', () => {
    const wrap = { from: '23:30', to: '01:00' };
    const bangkok = (hhmm: string) => new Date(`2026-11-29T${hhmm}:00+07:00`);
    expect(maintenanceLeft(wrap, bangkok('23:29'))).toBe(0);
    expect(maintenanceLeft(wrap, bangkok('23:30'))).toBe(90 * 60);
    expect(maintenanceLeft(wrap, bangkok('00:30'))).toBe(30 * 60);
    expect(maintenanceLeft(wrap, bangkok('01:00'))).toBe(0);
    expect(maintenanceLeft({ from: '02:00', to: '03:00' }, bangkok('02:59'))).toBe(60);
    expect(maintenanceLeft({ from: '02:00', to: '02:00' }, bangkok('02:00'))).toBe(0);
  });
});

describe('a slow feed', () => {
  it('makes the adapter time out with a BankStatementError, and answers in time again once the fault is lifted', async () => {
    const account = freshAccount();
    await transfer({ toAccountNo: account });
    await faults({ slowMs: 1_500 });
    const impatient = createHttpBankStatement({ baseUrl: () => `${server.url}/sandbox/bank/api`, timeoutMs: 300 });
    const started = Date.now();
    const failure = await impatient.statement(account, new Date(server.clock.now().getTime() - 3600_000), server.clock.now()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BankStatementError);
    expect((failure as BankStatementError).message).toMatch(/unreachable/);
    expect(Date.now() - started).toBeLessThan(1_400);
    await faults({});
    await expect(impatient.statement(account, new Date(server.clock.now().getTime() - 3600_000), server.clock.now())).resolves.toHaveLength(1);
  });
});
