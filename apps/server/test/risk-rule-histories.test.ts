import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RiskBlocked } from '../src/modules/risk/risk.service.js';
import { RULE_CODES, type Movement, type RuleAnswer } from '../src/modules/risk/risk.rules.js';
import { createFixedBonus, fundWallet, type PlacedMember, registerMemberFrom, startTestServer, type TestServer, uniqueAccountNo, uniquePlace } from './harness.js';

/**
 * Each rule against a member's history written into the tables and read back through the product's
 * own gathering (the member's history in one statement, the links, the claims of those who share
 * them): one history makes the rule answer, another leaves it quiet.
 */

type Member = PlacedMember;

let server: TestServer;
let chief: string;
let finance: string;
let financeTwo: string;
let bonus: string;
let conditionalBonus: string;

beforeAll(async () => {
  // Members register and sign in from addresses and browsers the tests choose (the links read them).
  server = await startTestServer({ env: { TRUST_PROXY: '1', FLOOD_LIMIT_ADDRESS_PER_MINUTE: '100000' } });
  await server.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
  chief = await login('chief');
  for (const username of ['desk-one', 'desk-two']) {
    expect((await server.api('POST', '/api/admin/operators', { token: chief, body: { username, password: `${username}-pass-1`, roles: ['finance'] } })).status).toBe(200);
  }
  finance = await login('desk-one');
  financeTwo = await login('desk-two');
  expect((await server.api('PUT', '/api/admin/settings/site', { token: chief, body: { isManualDeposit: true } })).status).toBe(200);
  bonus = await createBonus(false);
  conditionalBonus = await createBonus(true);
  // Thresholds a short history reaches; the modes stay as they start (an observed rule's answer is stored too).
  await setRule('deposit_velocity', { count: 1, windowHours: 1 });
  await setRule('withdrawal_velocity', { count: 1, windowHours: 24 });
  await setRule('structuring', { threshold: { THB: 1_000, LAK: 1_000_000 }, belowPercent: 10, count: 2, windowHours: 24 });
  await setRule('shared_device', { members: 1 });
  await setRule('shared_address', { members: 1 });
  await setRule('above_history', { floor: { THB: 100, LAK: 100_000 } });
  await setRule('reward_velocity', { count: 1, windowHours: 24 });
  await setRule('reward_shared_address', { members: 1 });
  await setRule('bank_change_after_deposit', { amount: { THB: 1_000, LAK: 1_000_000 } });
  await setRule('reporting_threshold', { amount: { THB: 5_000, LAK: 5_000_000 } });
}, 60_000);
afterAll(() => server.close());

async function login(username: string): Promise<string> {
  const answer = await server.api('POST', '/api/admin/login', { body: { username, password: `${username}-pass-1` } });
  expect(answer.status).toBe(200);
  return answer.body.token;
}

async function setRule(code: string, params: Record<string, unknown>) {
  const { rules } = (await server.api('GET', '/api/admin/risk/rules', { token: finance })).body as { rules: Array<{ code: string; current: { version: number; mode: string; params: Record<string, unknown> } }> };
  const { current } = rules.find((each) => each.code === code)!;
  const answer = await server.api('POST', `/api/admin/risk/rules/${code}`, { token: chief, body: { after: current.version, mode: current.mode, params: { ...current.params, ...params } } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** A bonus of a fixed 50 baht, no deposit asked, up to 5 a day; with a withdrawal condition or without. */
const createBonus = (hasCondition: boolean) => createFixedBonus(server, chief, { prefix: 'HIST', amount: 50, hasCondition });

/** Registers and signs in from a place of its own unless one is given. */
const registerFrom = (place = uniquePlace(), overrides: Record<string, unknown> = {}) => registerMemberFrom(server, place, overrides);

/** A deposit through the product: the member's notice, approved by an operator. */
async function deposit(member: Member, baht: number) {
  const notice = await server.api('POST', '/api/wallet/add', { token: member.token, body: { amount: baht } });
  expect(notice.status, JSON.stringify(notice.body)).toBe(200);
  const approved = await server.api('POST', `/api/admin/deposit-notices/${notice.body.notice._id}/approve`, { token: finance });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
}
async function withdraw(member: Member, baht: number) {
  const answer = await server.api('POST', '/api/wallet/withdraw', { token: member.token, body: { amount: baht } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}
async function claim(member: Member, code: string) {
  const answer = await server.api('GET', `/api/bonus/activate/${code}`, { token: member.token, headers: { 'idempotency-key': crypto.randomUUID() } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}
/** Money moved from the wallet to a game (a stake the rules read). */
async function stake(member: Member, baht: number) {
  await server.api('GET', '/api/wallet/activate/PG', { token: member.token });
  const moved = await server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from: 'WALLET', to: 'PG', amount: baht } });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
}
async function changeBank(member: Member) {
  const account = { bankCode: 'KBANK', bankAccountNo: uniqueAccountNo(), bankAccountName: member.payload.bankAccountName, reason: 'member asked (ticket 7)' };
  const answer = await server.api('PUT', `/api/admin/members/${member.id}/bank-account`, { token: chief, body: account });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}
/** Another member was paid to this member's bank account before. */
async function shareBankAccount(member: Member) {
  const other = await registerFrom();
  const account = await server.db.selectFrom('members').select(['bank_code', 'bank_account_no']).where('id', '=', BigInt(member.id)).executeTakeFirstOrThrow();
  await server.db
    .insertInto('withdrawals')
    .values({ member_id: BigInt(other.id), amount: 10_000n, currency: 'THB', bank_code: account.bank_code, bank_account_no: account.bank_account_no, bank_account_name: 'SOMEONE ELSE', status: 'FAILED', decided_by: 'x', reason: 'x' })
    .execute();
}
/** The member's rows of a table moved into the past: the history as it would stand that long after. */
async function ageRows(table: 'deposits' | 'withdrawals' | 'reward_claims' | 'risk_decisions', member: Member, interval: string) {
  await sql`UPDATE ${sql.table(table)} SET created_at = created_at - ${interval}::interval WHERE member_id = ${BigInt(member.id)}`.execute(server.db);
}
/** A release takes two operators. */
async function releaseHeldDeposits(member: Member) {
  const held = await server.db.selectFrom('risk_decisions').select('id').where('member_id', '=', BigInt(member.id)).where('movement', '=', 'deposit').where('outcome', '=', 'review').execute();
  expect(held.length).toBeGreaterThan(0);
  for (const { id } of held) {
    expect((await server.api('POST', `/api/admin/risk/decisions/${id}/release`, { token: finance })).status).toBe(200);
    expect((await server.api('POST', `/api/admin/risk/decisions/${id}/release`, { token: financeTwo })).status).toBe(200);
  }
}

const ROLLBACK = new Error('rollback');

/** The rules' answers to a movement of the member's, decided as the product does, in a transaction rolled back after. */
async function decideNow(member: Member, movement: Movement, minor: bigint): Promise<RuleAnswer[]> {
  let answers: RuleAnswer[] | undefined;
  try {
    await server.db.transaction().execute(async (trx) => {
      try {
        answers = (await server.app.risk.decide(trx, { movement, memberId: BigInt(member.id), amount: minor, currency: 'THB', subject: crypto.randomUUID() })).answers;
      } catch (error) {
        if (!(error instanceof RiskBlocked)) throw error;
        answers = error.record.rules;
      }
      throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
  return answers!;
}

type Which = 'fires' | 'quiet';

interface RuleHistory {
  code: string;
  /** The member whose movement is decided, for each history (a fresh one unless the case makes its own). */
  member?: (history: Which) => Promise<Member>;
  fires(member: Member): Promise<void>;
  quiet(member: Member): Promise<void>;
  /** The rules' answers: a movement decided now, or what the product decided on its own path. */
  answers: (member: Member, history: Which) => Promise<RuleAnswer[]>;
}

const decided = (movement: Movement, baht: number) => (member: Member) => decideNow(member, movement, BigInt(baht * 100));

const HISTORIES: RuleHistory[] = [
  {
    code: 'deposit_velocity',
    fires: (member) => deposit(member, 300),
    quiet: async (member) => {
      await deposit(member, 300);
      await ageRows('deposits', member, '2 hours');
    },
    answers: decided('deposit', 300),
  },
  {
    code: 'withdrawal_velocity',
    fires: async (member) => {
      await fundWallet(server, member.id, 500);
      await withdraw(member, 100);
    },
    quiet: async (member) => {
      await fundWallet(server, member.id, 500);
      await withdraw(member, 100);
      await ageRows('withdrawals', member, '25 hours');
    },
    answers: decided('withdrawal', 100),
  },
  {
    code: 'structuring',
    fires: (member) => deposit(member, 950),
    quiet: (member) => deposit(member, 500),
    answers: decided('deposit', 950),
  },
  {
    code: 'cash_in_cash_out',
    fires: (member) => deposit(member, 3_000),
    quiet: async (member) => {
      await deposit(member, 3_000);
      await stake(member, 1_000);
    },
    answers: decided('withdrawal', 1_500),
  },
  {
    code: 'closed_loop',
    // Registered with the account of someone else, or of the member's own name (written in capitals).
    member: (history) => registerFrom(uniquePlace(), history === 'fires' ? {} : { name: 'Somchai Jaidee', bankAccountName: 'SOMCHAI  JAIDEE' }),
    fires: async () => {},
    quiet: async () => {},
    answers: decided('withdrawal', 100),
  },
  {
    code: 'shared_device',
    fires: async (member) => void (await registerFrom(member.place)),
    // The same address, another browser: an address shared, not a device.
    quiet: async (member) => void (await registerFrom({ ip: member.place.ip, userAgent: `browser-${crypto.randomUUID()}` })),
    answers: decided('withdrawal', 100),
  },
  {
    code: 'shared_bank_account',
    fires: shareBankAccount,
    quiet: async () => void (await registerFrom()),
    answers: decided('withdrawal', 100),
  },
  {
    code: 'shared_address',
    fires: async (member) => void (await registerFrom({ ip: member.place.ip, userAgent: `browser-${crypto.randomUUID()}` })),
    quiet: async () => void (await registerFrom()),
    answers: decided('withdrawal', 100),
  },
  {
    code: 'shared_holder',
    fires: async (member) => void (await registerFrom(uniquePlace(), { bankAccountName: member.payload.bankAccountName })),
    quiet: async () => void (await registerFrom()),
    answers: decided('withdrawal', 100),
  },
  {
    code: 'dormant_wake',
    fires: async (member) => {
      await deposit(member, 300);
      await ageRows('deposits', member, '100 days');
    },
    quiet: async (member) => {
      await deposit(member, 300);
      await ageRows('deposits', member, '10 days');
    },
    answers: decided('deposit', 20_000),
  },
  {
    code: 'above_history',
    // The largest of 90 days is older than the week the lists hold.
    fires: async (member) => {
      await deposit(member, 500);
      await ageRows('deposits', member, '30 days');
    },
    quiet: async (member) => {
      await deposit(member, 800);
      await ageRows('deposits', member, '30 days');
    },
    answers: decided('deposit', 1_000),
  },
  {
    code: 'bonus_cycling',
    fires: (member) => claim(member, conditionalBonus),
    quiet: async (member) => {
      await claim(member, conditionalBonus);
      await stake(member, 50);
    },
    answers: decided('withdrawal', 50),
  },
  {
    code: 'invite_ring',
    // The accrual is decided by the product as the invitee's deposit is credited, on the signals it reads of the two.
    fires: async (inviter) => {
      const invitee = await registerFrom(inviter.place, { inviteCode: `PR${inviter.id}` });
      await deposit(invitee, 1_000);
    },
    quiet: async (inviter) => {
      const invitee = await registerFrom(uniquePlace(), { inviteCode: `PR${inviter.id}` });
      await deposit(invitee, 1_000);
    },
    answers: async (inviter) => {
      const rows = await server.db.selectFrom('risk_decisions').select('rules').where('member_id', '=', BigInt(inviter.id)).where('movement', '=', 'invite').execute();
      expect(rows).toHaveLength(1);
      return rows[0]!.rules as RuleAnswer[];
    },
  },
  {
    code: 'deposit_under_review',
    // At the reporting amount a deposit is held for review (that rule is active from the start).
    fires: (member) => deposit(member, 5_000),
    quiet: async (member) => {
      await deposit(member, 5_000);
      await releaseHeldDeposits(member);
    },
    answers: decided('withdrawal', 100),
  },
  {
    code: 'reward_velocity',
    fires: (member) => claim(member, bonus),
    quiet: async (member) => {
      await claim(member, bonus);
      await ageRows('reward_claims', member, '25 hours');
    },
    answers: decided('reward', 50),
  },
  {
    code: 'reward_shared_device',
    fires: async (member) => claim(await registerFrom(member.place), bonus),
    // The same browser, but the other never claimed.
    quiet: async (member) => void (await registerFrom(member.place)),
    answers: decided('reward', 50),
  },
  {
    code: 'reward_shared_address',
    fires: async (member) => claim(await registerFrom({ ip: member.place.ip, userAgent: `browser-${crypto.randomUUID()}` }), bonus),
    quiet: async (member) => void (await registerFrom({ ip: member.place.ip, userAgent: `browser-${crypto.randomUUID()}` })),
    answers: decided('reward', 50),
  },
  {
    code: 'reward_shared_holder',
    fires: async (member) => claim(await registerFrom(uniquePlace(), { bankAccountName: member.payload.bankAccountName }), bonus),
    quiet: async (member) => void (await registerFrom(uniquePlace(), { bankAccountName: member.payload.bankAccountName })),
    answers: decided('reward', 50),
  },
  {
    code: 'bank_change_after_deposit',
    fires: (member) => deposit(member, 1_500),
    quiet: async (member) => {
      await deposit(member, 1_500);
      await ageRows('deposits', member, '25 hours');
    },
    answers: decided('bank_account', 0),
  },
  {
    code: 'after_bank_change',
    fires: changeBank,
    quiet: async (member) => {
      await changeBank(member);
      await ageRows('risk_decisions', member, '73 hours');
    },
    answers: decided('withdrawal', 100),
  },
  {
    code: 'reporting_threshold',
    // A rule of the amount alone: no history is read, the two cases are the amount at and under the reporting amount.
    fires: async () => {},
    quiet: async () => {},
    answers: (member, history) => decideNow(member, 'deposit', history === 'fires' ? 500_000n : 499_900n),
  },
];

describe('every rule against histories in the tables', () => {
  it('has a case here', () => {
    expect(HISTORIES.map((each) => each.code).sort()).toEqual([...RULE_CODES].sort());
  });

  describe.each(HISTORIES)('$code', (history) => {
    const answerOf = async (which: Which) => {
      const member = history.member ? await history.member(which) : await registerFrom();
      await history[which](member);
      const answer = (await history.answers(member, which)).find((each) => each.code === history.code);
      expect(answer, `${history.code} answered`).toBeDefined();
      return answer!;
    };

    it('fires on the history that makes it', async () => {
      expect((await answerOf('fires')).outcome).not.toBe('approve');
    });

    it('is quiet on the history that does not', async () => {
      expect((await answerOf('quiet')).outcome).toBe('approve');
    });
  });
});

describe('play that did not happen', () => {
  it('a stake the provider refused (voided) is no play: bonus cycling still fires', async () => {
    const member = await registerFrom();
    await claim(member, conditionalBonus);
    await server.api('GET', '/api/wallet/activate/PG', { token: member.token });
    await server.api('PUT', '/sandbox/provider/faults', { body: { failRate: 1 } });
    try {
      const moved = await server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from: 'WALLET', to: 'PG', amount: 50 } });
      expect(moved.status).not.toBe(200);
    } finally {
      await server.api('PUT', '/sandbox/provider/faults', { body: {} });
    }
    const voided = await server.db.selectFrom('ledger_transfers').select('id').where('kind', '=', 'provider_void').execute();
    expect(voided.length).toBeGreaterThan(0);
    const answer = (await decided('withdrawal', 50)(member)).find((each) => each.code === 'bonus_cycling');
    expect(answer?.outcome).not.toBe('approve');
  });
});
