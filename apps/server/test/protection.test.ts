import crypto from 'node:crypto';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { approvedBySecondOperator, createFixedBonus, fundWallet, playAndLose, registerMember, startTestServer, type TestServer } from './harness.js';

type Member = Awaited<ReturnType<typeof registerMember>>;

let server: TestServer;
let chief: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
  chief = (await server.api('POST', '/api/admin/login', { body: { username: 'chief', password: 'chief-pass-1' } })).body.token;
  expect((await server.api('PUT', '/api/admin/settings/site', { token: chief, body: { isManualDeposit: true } })).status).toBe(200);
});
afterAll(() => server.close());
afterEach(async () => {
  const report = await server.app.ledger.verify();
  expect(report.ok, JSON.stringify(report, (_key, value) => (typeof value === 'bigint' ? String(value) : value))).toBe(true);
});

const setLimit = (member: Member, kind: string, amount: number | null) => server.api('PUT', '/api/protection/limits', { token: member.token, body: { kind, amount } });
const status = async (member: Member) => (await server.api('GET', '/api/protection', { token: member.token })).body;
const notice = (member: Member, amount: number) => server.api('POST', '/api/wallet/add', { token: member.token, body: { amount } });
const createQr = (member: Member, method: string, amount: number) => server.api('POST', `/api/qrcode/${method}`, { token: member.token, body: { amount } });
const transfer = (member: Member, from: string, to: string, amount: number) => server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from, to, amount } });
const walletAmount = async (member: Member) => (await server.api('GET', '/api/wallet', { token: member.token })).body.wallet.amount as number;
const takeBreak = (member: Member, period = '24h') => server.api('POST', '/api/protection/break', { token: member.token, body: { period } });
const databaseNow = async () => (await server.db.selectNoFrom((eb) => eb.fn<Date>('now', []).as('now')).executeTakeFirstOrThrow()).now;
/** The next local midnight in Bangkok (UTC+7, no daylight saving), as epoch ms. */
const nextBangkokMidnight = (at: Date) => {
  const local = at.getTime() + 7 * 3_600_000;
  return local - (local % 86_400_000) + 86_400_000 - 7 * 3_600_000;
};
/** Moves a waiting raise or removal's time into the past, as the cooling period passing would. */
const coolDown = (member: Member, kind: string) =>
  server.db.updateTable('protection_limits').set({ next_at: new Date(Date.now() - 60_000) }).where('member_id', '=', BigInt(member.id)).where('kind', '=', kind).where('next_at', 'is not', null).execute();
async function inGame(member: Member, code = 'PG') {
  await server.api('GET', `/api/wallet/activate/${code}`, { token: member.token });
}

describe('deposit limits', () => {
  it('set, apply in the same request: a deposit past the day limit is refused naming the limit and when it resets', async () => {
    const member = await registerMember(server);
    expect(await setLimit(member, 'deposit_day', 500)).toMatchObject({ status: 200, body: { message: 'SUCCESS' } });
    expect((await notice(member, 300)).status).toBe(200);
    const refused = await notice(member, 300);
    expect(refused).toMatchObject({ status: 422, body: { message: 'DEPOSIT_LIMIT', limit: 'deposit_day' } });
    expect(refused.body.until).toBe(nextBangkokMidnight(await databaseNow()));
    // A QR answers in its own shape, with the same facts.
    expect((await createQr(member, 'KBANK', 300)).body).toMatchObject({ hasQrcode: false, message: 'DEPOSIT_LIMIT', limit: 'deposit_day', until: refused.body.until });
    expect((await createQr(member, 'KBANK', 200)).body).toMatchObject({ hasQrcode: true });
    // The QR's 200 is spoken for: nothing more until the day ends.
    expect((await notice(member, 1)).body.message).toBe('DEPOSIT_LIMIT');
    const shown = (await status(member)).limits.find((limit: { kind: string }) => limit.kind === 'deposit_day');
    expect(shown).toMatchObject({ amount: 500, used: 500, next: null, resetsAt: refused.body.until });
  });

  it('a new QR of the same method replaces the open one, so its amount is not counted twice', async () => {
    const member = await registerMember(server);
    await setLimit(member, 'deposit_week', 300);
    expect((await createQr(member, 'KBANK', 250)).body.hasQrcode).toBe(true);
    expect((await createQr(member, 'KBANK', 300)).body.hasQrcode).toBe(true);
    expect((await createQr(member, 'WW', 100)).body).toMatchObject({ hasQrcode: false, message: 'DEPOSIT_LIMIT', limit: 'deposit_week' });
  });

  it('raising or removing waits the cooling period, shown to the member; lowering meanwhile applies at once and drops the raise', async () => {
    const member = await registerMember(server);
    await setLimit(member, 'deposit_day', 200);
    const before = await databaseNow();
    const raised = await setLimit(member, 'deposit_day', 1_000);
    expect(raised.status).toBe(200);
    expect(raised.body.appliesAt - before.getTime()).toBeGreaterThanOrEqual(24 * 3_600_000 - 5_000);
    expect(raised.body.appliesAt - before.getTime()).toBeLessThanOrEqual(24 * 3_600_000 + 5_000);
    const waiting = (await status(member)).limits.find((limit: { kind: string }) => limit.kind === 'deposit_day');
    expect(waiting).toMatchObject({ amount: 200, next: { amount: 1_000, at: raised.body.appliesAt } });
    expect((await notice(member, 300)).body.message).toBe('DEPOSIT_LIMIT');

    await coolDown(member, 'deposit_day');
    expect((await notice(member, 300)).status).toBe(200);

    // Removing waits too; lowering in the meantime applies now and the removal is dropped.
    expect((await setLimit(member, 'deposit_day', null)).body.appliesAt).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect((await setLimit(member, 'deposit_day', 400)).status).toBe(200);
    expect((await status(member)).limits.find((limit: { kind: string }) => limit.kind === 'deposit_day')).toMatchObject({ amount: 400, next: null, used: 300 });
    expect((await notice(member, 150)).body.message).toBe('DEPOSIT_LIMIT');
    const history = (await status(member)).history as Array<{ kind: string; from: number | null; to: number | null; byOperator: boolean }>;
    expect(history.map((change) => [change.from, change.to])).toEqual([
      [1_000, 400],
      [1_000, null],
      [200, 1_000],
      [null, 200],
    ]);
  });

  it('a strict site profile relaxes no sooner than 72 hours and the end of the running period', async () => {
    expect((await server.api('PUT', '/api/admin/settings/site', { token: chief, body: { protectionStrict: true } })).status).toBe(200);
    try {
      const member = await registerMember(server);
      await setLimit(member, 'deposit_month', 100);
      const now = await databaseNow();
      const raised = (await setLimit(member, 'deposit_month', 500)).body.appliesAt as number;
      const monthEnd = (await status(member)).limits.find((limit: { kind: string }) => limit.kind === 'deposit_month').resetsAt as number;
      expect(raised).toBeGreaterThanOrEqual(now.getTime() + 72 * 3_600_000 - 5_000);
      expect(raised).toBeGreaterThanOrEqual(monthEnd);
    } finally {
      // Turning strict off loosens protection: a second admin approves it.
      const off = await server.api('PUT', '/api/admin/settings/site', { token: chief, body: { protectionStrict: false } });
      expect((await approvedBySecondOperator(server, chief, off, 'admin')).status).toBe(200);
    }
  });

  it('hold exactly under a burst of notices sent at once', async () => {
    const member = await registerMember(server);
    await setLimit(member, 'deposit_day', 500);
    const answers = await Promise.all(Array.from({ length: 12 }, () => notice(member, 100)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status !== 200).every((answer) => answer.body.message === 'DEPOSIT_LIMIT')).toBe(true);
  });

  it('credit money that arrives past the limit anyway, and flag it for the operator', async () => {
    const member = await registerMember(server);
    await setLimit(member, 'deposit_day', 1_000);
    const qr = (await createQr(member, 'KBANK', 800)).body;
    await setLimit(member, 'deposit_day', 300);
    expect((await server.api('POST', '/sandbox/gateway/pay', { body: { qrcodeId: qr.qrcodeId } })).body).toEqual({ paid: true, webhookStatus: 200 });
    expect(await walletAmount(member)).toBe(800);
    const seen = (await server.api('GET', `/api/admin/members/${member.id}/protection`, { token: chief })).body;
    expect(seen.flags).toEqual([expect.objectContaining({ reason: 'DEPOSIT_LIMIT', limit: 'deposit_day' })]);
  });

  it('never accept a deposit above the limit in force, over random sequences of limit changes and deposits', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant('limit' as const), amount: fc.option(fc.integer({ min: 1, max: 20 }).map((hundreds) => hundreds * 100), { nil: null }), cool: fc.boolean() }),
            fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 1, max: 8 }).map((hundreds) => hundreds * 100) }),
          ),
          { minLength: 1, maxLength: 12 },
        ),
        async (steps) => {
          const member = await registerMember(server);
          let inForce: number | null = null;
          let waiting: { amount: number | null } | null = null;
          let accepted = 0;
          for (const step of steps) {
            if (step.kind === 'limit') {
              expect((await setLimit(member, 'deposit_day', step.amount)).status).toBe(200);
              if (step.amount !== null && (inForce === null || step.amount <= inForce)) {
                inForce = step.amount;
                waiting = null;
              } else if (step.amount !== inForce) waiting = { amount: step.amount };
              if (step.cool && waiting) {
                await coolDown(member, 'deposit_day');
                inForce = waiting.amount;
                waiting = null;
              }
            } else {
              const answer = await notice(member, step.amount);
              if (answer.status === 200) {
                accepted += step.amount;
                if (inForce !== null) expect(accepted).toBeLessThanOrEqual(inForce);
              } else {
                expect(answer.body.message).toBe('DEPOSIT_LIMIT');
                expect(inForce !== null && accepted + step.amount > inForce).toBe(true);
              }
            }
          }
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);
});

describe('the limit prompt', () => {
  it('asks a new member for a limit until they set one or say "not now", and again six months after the last answer', async () => {
    const member = await registerMember(server);
    expect((await status(member)).prompt).toBe('first');
    expect((await server.api('POST', '/api/protection/prompt', { token: member.token, body: { answer: 'not_now' } })).body.prompt).toBeNull();
    const other = await registerMember(server);
    await setLimit(other, 'deposit_month', 5_000);
    expect((await status(other)).prompt).toBeNull();
    await server.db.updateTable('protection_reviews').set({ answered_at: new Date(Date.now() - 190 * 86_400_000) }).where('member_id', '=', BigInt(member.id)).execute();
    expect((await status(member)).prompt).toBe('review');
    expect((await server.api('POST', '/api/protection/prompt', { token: member.token, body: { answer: 'reviewed' } })).body.prompt).toBeNull();
    expect((await server.api('POST', '/api/protection/prompt', { token: member.token, body: { answer: 'maybe' } })).status).toBe(400);
  });
});

describe('limits on play', () => {
  it('a day transfer limit holds exactly under a burst of transfers to games', async () => {
    const member = await registerMember(server);
    await fundWallet(server, member.id, 1_000);
    await inGame(member);
    await setLimit(member, 'transfer_day', 300);
    const answers = await Promise.all(Array.from({ length: 10 }, () => transfer(member, 'WALLET', 'PG', 50)));
    expect(answers.filter((answer) => answer.status === 200), JSON.stringify(answers.map((answer) => answer.body))).toHaveLength(6);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.every((answer) => answer.body.message === 'TRANSFER_LIMIT' && answer.body.limit === 'transfer_day')).toBe(true);
    expect(await walletAmount(member)).toBe(700);
    // Money back from a game is never held up.
    expect((await transfer(member, 'PG', 'WALLET', 100)).status).toBe(200);
  });

  it('a loss limit refuses a transfer that could take the period\'s losses past it', async () => {
    const member = await registerMember(server);
    await setLimit(member, 'loss_week', 100);
    await playAndLose(server, member, 80);
    await fundWallet(server, member.id, 100);
    const refused = await transfer(member, 'WALLET', 'PG', 30);
    expect(refused).toMatchObject({ status: 422, body: { message: 'LOSS_LIMIT', limit: 'loss_week' } });
    expect(refused.body.until).toBe((await status(member)).limits.find((limit: { kind: string }) => limit.kind === 'loss_week').resetsAt);
    expect((await status(member)).limits.find((limit: { kind: string }) => limit.kind === 'loss_week').used).toBe(80);
    expect((await transfer(member, 'WALLET', 'PG', 20)).status).toBe(200);
  });

  it('a session-time limit refuses transfers to games once the session is that old; signing in anew opens them', async () => {
    const member = await registerMember(server);
    await fundWallet(server, member.id, 100);
    await inGame(member);
    expect((await setLimit(member, 'session_minutes', 30)).status).toBe(200);
    expect((await transfer(member, 'WALLET', 'PG', 10)).status).toBe(200);
    await server.db.updateTable('sessions').set({ created_at: new Date(Date.now() - 31 * 60_000) }).where('member_id', '=', BigInt(member.id)).execute();
    expect(await transfer(member, 'WALLET', 'PG', 10)).toMatchObject({ status: 422, body: { message: 'SESSION_TIME_LIMIT', limit: 'session_minutes' } });
    expect((await transfer(member, 'PG', 'WALLET', 10)).status).toBe(200);
    const again = await server.api('POST', '/api/login', { body: { username: member.payload.username, password: member.payload.password } });
    expect((await server.api('POST', '/api/wallet/transfer', { token: again.body.token, body: { from: 'WALLET', to: 'PG', amount: 10 } })).status).toBe(200);
  });

  it('another member\'s limits and breaks never touch this member', async () => {
    const member = await registerMember(server);
    const other = await registerMember(server);
    await setLimit(other, 'transfer_day', 10);
    await takeBreak(other);
    await fundWallet(server, member.id, 100);
    await inGame(member);
    expect((await transfer(member, 'WALLET', 'PG', 50)).status).toBe(200);
    expect((await status(member)).restriction).toBeNull();
    expect((await server.api('GET', '/api/protection')).status).toBe(401);
    expect((await server.api('PUT', '/api/protection/limits', { body: { kind: 'nope', amount: -1 } })).status).toBe(401);
  });

  it('bad input changes nothing and is answered with a translated code', async () => {
    const member = await registerMember(server);
    for (const body of [{ kind: 'deposit_year', amount: 10 }, { kind: 'deposit_day', amount: -5 }, { kind: 'deposit_day', amount: 1.234 }, { kind: 'session_minutes', amount: 5 }, { kind: 'session_minutes', amount: 30.5 }]) {
      expect(await server.api('PUT', '/api/protection/limits', { token: member.token, body })).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    }
    expect((await takeBreak(member, '10y')).status).toBe(400);
    expect((await status(member)).limits.every((limit: { amount: number | null }) => limit.amount === null)).toBe(true);
    expect((await status(member)).restriction).toBeNull();
  });
});

describe('breaks and self-exclusion', () => {

  it('a one-tap 24-hour break closes games, deposits and rewards at once; the balance, statement, withdrawal and support stay open', async () => {
    const code = await createFixedBonus(server, chief, { prefix: 'PP', amount: 20 });
    const member = await registerMember(server);
    await fundWallet(server, member.id, 500);
    await inGame(member);
    expect((await transfer(member, 'WALLET', 'PG', 100)).status).toBe(200);
    const before = await databaseNow();

    const taken = await takeBreak(member);
    expect(taken.status).toBe(200);
    expect(taken.body.restriction).toMatchObject({ kind: 'break', byOperator: false });
    expect(taken.body.restriction.endsAt - before.getTime()).toBeGreaterThan(24 * 3_600_000 - 5_000);
    // A second tap is harmless.
    expect((await takeBreak(member)).status).toBe(200);

    const onBreak = { status: 422, body: { message: 'ON_BREAK', until: taken.body.restriction.endsAt } };
    expect(await transfer(member, 'WALLET', 'PG', 10)).toMatchObject(onBreak);
    expect(await notice(member, 100)).toMatchObject(onBreak);
    expect((await createQr(member, 'KBANK', 100)).body).toMatchObject({ hasQrcode: false, message: 'ON_BREAK' });
    expect(await server.api('GET', `/api/bonus/activate/${code}`, { token: member.token, headers: { 'idempotency-key': crypto.randomUUID() } })).toMatchObject({ status: 422, body: { message: 'ON_BREAK' } });

    // No game is launched either: money already in one cannot be played.
    const username = (await server.api('GET', '/api/wallet', { token: member.token })).body.slots.find((slot: { code: string }) => slot.code === 'PG').username;
    expect(await server.api('GET', `/api/autoLogin/pg/${username}`, { token: member.token })).toMatchObject(onBreak);

    expect((await transfer(member, 'PG', 'WALLET', 100)).status).toBe(200);
    expect(await walletAmount(member)).toBe(500);
    expect((await server.api('POST', '/api/statement', { token: member.token, body: { page: 1, limit: 10 } })).status).toBe(200);
    expect((await server.api('POST', '/api/wallet/withdraw', { token: member.token, body: { amount: 500 } })).status).toBe(200);
    expect((await server.api('POST', '/api/chat/send-message', { token: member.token, body: { message: { message_type: 'text', payload: 'I took a break' } } })).status).toBe(200);
  });

  it('a self-excluded member withdraws everything, reads the statement and talks to support; games, deposits, rewards and spins are refused', async () => {
    const code = await createFixedBonus(server, chief, { prefix: 'PX', amount: 20 });
    const member = await registerMember(server);
    await fundWallet(server, member.id, 300);
    await inGame(member);
    expect((await transfer(member, 'WALLET', 'PG', 100)).status).toBe(200);
    const excluded = await server.api('POST', '/api/protection/exclusion', { token: member.token, body: { period: '1y' } });
    expect(excluded.body.restriction).toMatchObject({ kind: 'exclusion', byOperator: false });

    const refused = { status: 422, body: { message: 'SELF_EXCLUDED', until: excluded.body.restriction.endsAt } };
    expect(await transfer(member, 'WALLET', 'PG', 10)).toMatchObject(refused);
    expect(await notice(member, 100)).toMatchObject(refused);
    expect((await createQr(member, 'KBANK', 100)).body).toMatchObject({ hasQrcode: false, message: 'SELF_EXCLUDED' });
    expect(await server.api('GET', `/api/bonus/activate/${code}`, { token: member.token, headers: { 'idempotency-key': crypto.randomUUID() } })).toMatchObject({ status: 422, body: { message: 'SELF_EXCLUDED' } });
    expect((await server.api('POST', '/api/spinwheel/spin', { token: member.token, headers: { 'idempotency-key': crypto.randomUUID() } })).body.message).toBe('SELF_EXCLUDED');

    expect((await transfer(member, 'PG', 'WALLET', 100)).status).toBe(200);
    expect((await server.api('POST', '/api/statement', { token: member.token, body: { page: 1, limit: 10 } })).status).toBe(200);
    expect((await server.api('POST', '/api/wallet/withdraw', { token: member.token, body: { amount: 300 } })).status).toBe(200);
    expect(await walletAmount(member)).toBe(0);
    expect((await server.api('POST', '/api/chat/send-message', { token: member.token, body: { message: { message_type: 'text', payload: 'I excluded myself' } } })).status).toBe(200);
  });

  it('a break taken while transfers are in flight leaves no transfer after it', async () => {
    const member = await registerMember(server);
    await fundWallet(server, member.id, 1_000);
    await inGame(member);
    let answeredAt: Date | null = null;
    const taken = takeBreak(member).then(async (answer) => {
      answeredAt = await databaseNow();
      return answer;
    });
    // Three lanes keep moving money until well after the break answered.
    const answers: Array<{ status: number; body: { message?: string } }> = [];
    const lane = async () => {
      for (let after = 0; after < 4; ) {
        answers.push(await transfer(member, 'WALLET', 'PG', 5));
        if (answeredAt) after += 1;
      }
    };
    await Promise.all([lane(), lane(), lane(), taken]);
    const later = await server.db
      .selectFrom('provider_transfers')
      .select('id')
      .where('member_id', '=', BigInt(member.id))
      .where('direction', '=', 'deposit')
      .where('created_at', '>=', answeredAt!)
      .execute();
    expect(later).toEqual([]);
    // The last three of each lane started after the answer; the first may have been on its way.
    expect(answers.filter((answer) => answer.body.message === 'ON_BREAK').length).toBeGreaterThanOrEqual(9);
    expect(answers.every((answer) => answer.status === 200 || answer.body.message === 'ON_BREAK')).toBe(true);
  });

  it('a self-exclusion cannot be ended early; once its time has passed the member asks, and it ends 24 hours later', async () => {
    const member = await registerMember(server);
    await fundWallet(server, member.id, 100);
    await inGame(member);
    const excluded = await server.api('POST', '/api/protection/exclusion', { token: member.token, body: { period: '6m' } });
    expect(excluded.body.restriction).toMatchObject({ kind: 'exclusion' });
    expect(await server.api('POST', '/api/protection/return', { token: member.token })).toMatchObject({ status: 422, body: { message: 'EXCLUSION_NOT_OVER' } });
    // A shorter break does not shorten it either.
    await takeBreak(member);
    expect((await transfer(member, 'WALLET', 'PG', 10)).body.message).toBe('SELF_EXCLUDED');

    // Six months later (its end moved into the past): still excluded until the member asks, and 24 hours after.
    await server.db.updateTable('protection_restrictions').set({ starts_at: new Date(Date.now() - 200 * 86_400_000), ends_at: new Date(Date.now() - 60_000) }).where('member_id', '=', BigInt(member.id)).where('kind', '=', 'exclusion').execute();
    await server.db.updateTable('protection_restrictions').set({ starts_at: new Date(Date.now() - 3 * 86_400_000), ends_at: new Date(Date.now() - 86_400_000) }).where('member_id', '=', BigInt(member.id)).where('kind', '=', 'break').execute();
    expect((await transfer(member, 'WALLET', 'PG', 10)).body.message).toBe('SELF_EXCLUDED');
    const asked = await server.api('POST', '/api/protection/return', { token: member.token });
    expect(asked.status).toBe(200);
    expect(asked.body.restriction.endsAt).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect((await transfer(member, 'WALLET', 'PG', 10)).body.message).toBe('SELF_EXCLUDED');
    await server.db.updateTable('protection_restrictions').set({ return_requested_at: new Date(Date.now() - 25 * 3_600_000) }).where('member_id', '=', BigInt(member.id)).where('kind', '=', 'exclusion').execute();
    expect((await transfer(member, 'WALLET', 'PG', 10)).status).toBe(200);
  });

  it('an exclusion without end is never lifted', async () => {
    const member = await registerMember(server);
    await server.api('POST', '/api/protection/exclusion', { token: member.token, body: { period: 'forever' } });
    expect((await status(member)).restriction).toMatchObject({ kind: 'exclusion', endsAt: null });
    expect((await server.api('POST', '/api/protection/return', { token: member.token })).body.message).toBe('EXCLUSION_NOT_OVER');
  });

  it('an operator applies a break with a reason, audited; only support, finance and admin desks may; without a reason nothing changes', async () => {
    const member = await registerMember(server);
    const url = `/api/admin/members/${member.id}/protection/restrictions`;
    expect((await server.api('POST', url, { token: chief, body: { kind: 'break', period: '1w' } })).body.message).toBe('KEY_MISSING');
    expect((await status(member)).restriction).toBeNull();
    const marketing = await server.api('POST', '/api/admin/operators', { token: chief, body: { username: 'pp-marketing', password: 'pp-marketing-pass-1', roles: ['marketing'] } });
    expect(marketing.status).toBe(200);
    const marketingToken = (await server.api('POST', '/api/admin/login', { body: { username: 'pp-marketing', password: 'pp-marketing-pass-1' } })).body.token;
    expect((await server.api('POST', url, { token: marketingToken, body: { kind: 'break', period: '1w', reason: 'chat: asked for a pause' } })).status).toBe(403);

    expect((await server.api('POST', url, { token: chief, body: { kind: 'break', period: '1w', reason: 'chat: asked for a pause' } })).status).toBe(200);
    expect((await status(member)).restriction).toMatchObject({ kind: 'break', byOperator: true });
    const seen = (await server.api('GET', `/api/admin/members/${member.id}/protection`, { token: chief })).body;
    expect(seen.restrictions).toEqual([expect.objectContaining({ kind: 'break', operator: 'chief', reason: 'chat: asked for a pause' })]);
    const audit = await server.db.selectFrom('audit_log').select(['action', 'actor']).where('action', '=', 'protection.break').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'protection.break', actor: 'chief' });
    // An operator may tighten a limit, never relax one.
    expect((await server.api('PUT', `/api/admin/members/${member.id}/protection/limits`, { token: chief, body: { kind: 'deposit_day', amount: 100 } })).status).toBe(200);
    expect((await server.api('PUT', `/api/admin/members/${member.id}/protection/limits`, { token: chief, body: { kind: 'deposit_day', amount: 500 } })).status).toBe(400);
    expect((await status(member)).limits.find((limit: { kind: string }) => limit.kind === 'deposit_day').amount).toBe(100);
  });
});

describe('on two nodes over one database', () => {
  let other: TestServer;
  beforeAll(async () => {
    other = await startTestServer({ sameDatabaseAs: server });
  });
  afterAll(() => other.close());
  const on = (node: TestServer, member: Member, method: string, url: string, body: unknown) => node.api(method, url, { token: member.token, body });

  it('deposit and transfer limits hold exactly under bursts split between the nodes', async () => {
    const member = await registerMember(server);
    await setLimit(member, 'deposit_day', 700);
    const notices = await Promise.all(Array.from({ length: 14 }, (_, index) => on(index % 2 ? other : server, member, 'POST', '/api/wallet/add', { amount: 100 })));
    expect(notices.filter((answer) => answer.status === 200)).toHaveLength(7);

    await fundWallet(server, member.id, 1_000);
    await inGame(member);
    await setLimit(member, 'transfer_day', 250);
    const moves = await Promise.all(Array.from({ length: 10 }, (_, index) => on(index % 2 ? other : server, member, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 50 })));
    expect(moves.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(moves.filter((answer) => answer.status !== 200).every((answer) => answer.body.message === 'TRANSFER_LIMIT')).toBe(true);
  });

  it('a break taken on one node refuses on the other at once', async () => {
    const member = await registerMember(server);
    await fundWallet(server, member.id, 100);
    await inGame(member);
    expect((await takeBreak(member)).status).toBe(200);
    const started = Date.now();
    expect((await on(other, member, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 10 })).body.message).toBe('ON_BREAK');
    expect((await on(other, member, 'POST', '/api/wallet/add', { amount: 100 })).body.message).toBe('ON_BREAK');
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
