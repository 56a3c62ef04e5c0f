import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, registerMember, startTestServer } from './harness.js';

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
  tokens.chief = await operatorToken('chief');
  // mallory and nina run marketing; olga is a second admin.
  for (const [username, roles] of [['mallory', ['marketing']], ['nina', ['marketing']], ['olga', ['admin']], ['fay', ['finance']]] as const) {
    await server.api('POST', '/api/admin/operators', { token: tokens.chief, body: { username, password: `${username}-pass-1`, roles } });
    tokens[username] = await operatorToken(username);
  }
});
afterAll(() => server.close());

async function operatorToken(username: string): Promise<string> {
  return (await server.api('POST', '/api/admin/login', { body: { username, password: `${username}-pass-1` } })).body.token;
}
const as = (who: string) => ({ token: tokens[who] });
const uniqueCode = (prefix: string) => `${prefix}${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
const decide = (who: string, id: string, decision: 'approve' | 'reject') =>
  server.api('POST', `/api/admin/config-changes/${id}/${decision}`, { ...as(who), ...(decision === 'reject' ? { body: { note: 'too generous' } } : {}) });
const offerOf = async (code: string) => (await server.api('GET', '/api/admin/offers', as('chief'))).body.offers.find((offer: { code: string }) => offer.code === code);
const waitForSettings = () => new Promise((resolve) => setTimeout(resolve, 2100)); // the settings cache holds 2 s

const terms = {
  name: { th: 'โค้ด', lo: 'ໂຄດ', en: 'Code' },
  description: { th: '', lo: '', en: '' },
  rewardMode: 'fixed',
  rewardPercent: null,
  rewardCap: null,
  hasCondition: true,
  successPercent: 300,
  failPercent: 10,
  clearMode: 'remaining',
  startsAt: null,
  endsAt: null,
};
const createPromotion = (who: string, body: Record<string, unknown>) => server.api('POST', '/api/admin/promotions', { ...as(who), body: { globalCap: null, rewardAmount: 50, minimumDeposit: 100, ...terms, ...body } });

describe('an insider acting alone', () => {
  it('cannot make a 50,000 baht no-deposit code claimable: it waits, unlisted; the proposer cannot approve it; a second operator can, once', async () => {
    const code = uniqueCode('BIG');
    const proposed = await createPromotion('mallory', { code, globalCap: 1, rewardAmount: 50_000, minimumDeposit: 0, hasCondition: false });
    expect(proposed.status).toBe(202);
    expect(proposed.body).toMatchObject({ kind: 'offer.create', subject: code, currency: 'THB', status: 'proposed', proposedBy: 'mallory', before: null, after: { rewardAmount: 50_000, minimumDeposit: 0, hasCondition: false } });
    expect(proposed.body.reasons.sort()).toEqual(['no_condition', 'no_deposit', 'reward_above']);

    const accomplice = await registerMember(server);
    expect(await server.api('GET', `/api/promotion/activate/${code}`, { token: accomplice.token })).toMatchObject({ status: 404, body: { message: 'NO_PROMOTION' } });
    expect(await offerOf(code)).toBeUndefined();

    expect(await decide('mallory', proposed.body._id, 'approve')).toMatchObject({ status: 403, body: { message: 'FOUR_EYES' } });
    // The database refuses it too, whatever code writes the row.
    await expect(sql`UPDATE config_changes SET status = 'approved', decided_by = proposed_by WHERE id = ${proposed.body._id}`.execute(server.db)).rejects.toThrow(/config_changes_four_eyes/);
    // Finance does not run offers.
    expect((await decide('fay', proposed.body._id, 'approve')).status).toBe(403);
    expect(await server.api('GET', `/api/promotion/activate/${code}`, { token: accomplice.token })).toMatchObject({ status: 404 });

    const [first, second] = await Promise.all([decide('nina', proposed.body._id, 'approve'), decide('olga', proposed.body._id, 'approve')]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect([first, second].find((answer) => answer.status === 409)!.body).toEqual({ message: 'ALREADY_DECIDED', decidedBy: first.status === 200 ? 'nina' : 'olga' });
    expect((await offerOf(code)).rewardAmount).toBe(50_000);
    expect((await server.api('GET', `/api/promotion/activate/${code}`, { token: accomplice.token })).body).toMatchObject({ kind: 'promotion', amount: 50_000 });

    const audit = (await server.api('GET', `/api/admin/audit?text=${proposed.body._id}`, as('chief'))).body.entries;
    expect(audit.map((entry: { actor: string; action: string }) => entry.action)).toEqual(['config.approve', 'config.propose']);
    expect(audit[0].detail).toMatchObject({ before: null, after: { code, rewardAmount: 50_000 } });
  });

  it('changes a code’s terms only with a second operator: meanwhile the old terms stay in force; a rejection changes nothing', async () => {
    const code = uniqueCode('SMALL');
    expect((await createPromotion('mallory', { code })).status).toBe(200); // below every threshold: at once
    const raised = await server.api('PATCH', `/api/admin/promotions/${code}`, { ...as('mallory'), body: { rewardAmount: 5_000 } });
    expect(raised).toMatchObject({ status: 202, body: { kind: 'offer.update', before: { rewardAmount: 50 }, after: { rewardAmount: 5_000 }, reasons: ['reward_above'] } });
    expect((await offerOf(code)).rewardAmount).toBe(50);

    const rejected = await decide('nina', raised.body._id, 'reject');
    expect(rejected.body).toMatchObject({ status: 'rejected', decidedBy: 'nina', decisionNote: 'too generous' });
    expect(await decide('olga', raised.body._id, 'approve')).toMatchObject({ status: 409, body: { message: 'ALREADY_DECIDED' } });
    expect((await offerOf(code)).rewardAmount).toBe(50);

    const again = await server.api('PATCH', `/api/admin/promotions/${code}`, { ...as('mallory'), body: { rewardAmount: 5_000 } });
    await decide('nina', again.body._id, 'approve');
    expect((await offerOf(code)).rewardAmount).toBe(5_000);
    // What does not change the money applies at once.
    expect((await server.api('PATCH', `/api/admin/promotions/${code}`, { ...as('mallory'), body: { status: 'paused' } })).status).toBe(200);
  });

  it('lists what waits and what was decided', async () => {
    const waiting = (await server.api('GET', '/api/admin/config-changes?status=proposed', as('nina'))).body;
    expect(waiting.changes.every((change: { status: string }) => change.status === 'proposed')).toBe(true);
    expect((await server.api('GET', '/api/admin/config-changes', as('nina'))).body.total).toBeGreaterThan(waiting.total);
    expect((await server.api('GET', '/api/admin/config-changes', as('fay'))).status).toBe(403);
  });
});

describe('bounds, whatever is approved', () => {
  it('refuses absurd terms with KEY_INVALID and creates nothing', async () => {
    const refused = [
      { rewardAmount: 1_000_000.01 },
      { rewardMode: 'share', rewardPercent: 150, rewardAmount: null, rewardCap: 500 },
      { rewardCap: 2_000_000, rewardMode: 'share', rewardPercent: 50, rewardAmount: null },
      { successPercent: 100 },
      { failPercent: 100, successPercent: 300 },
      { globalCap: 0 },
      { currency: 'LAK', rewardAmount: 5000.5 },
    ];
    for (const body of refused) {
      const code = uniqueCode('BAD');
      expect(await createPromotion('chief', { code, ...body }), JSON.stringify(body)).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
      expect(await offerOf(code)).toBeUndefined();
    }
    const code = uniqueCode('OK');
    await createPromotion('chief', { code });
    expect(await server.api('PATCH', `/api/admin/promotions/${code}`, { ...as('chief'), body: { rewardAmount: 2_000_000 } })).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    expect(await server.api('PATCH', `/api/admin/promotions/${code}`, { ...as('chief'), body: { successPercent: 90 } })).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
  });
});

describe('programme settings', () => {
  const programme = async () => {
    const { programme: _name, updatedAt: _at, ...settings } = (await server.api('GET', '/api/admin/programmes/invite', as('chief'))).body;
    return settings;
  };
  it('refuses an invite rate of 10,000 %, holds 50 % for a second operator, and applies 8 % at once', async () => {
    const before = await programme();
    expect(await server.api('PUT', '/api/admin/programmes/invite', { ...as('mallory'), body: { ...before, ratePercent: 10_000 } })).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    expect(await server.api('PUT', '/api/admin/programmes/invite', { ...as('mallory'), body: { ...before, successPercent: 100 } })).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });

    const half = await server.api('PUT', '/api/admin/programmes/invite', { ...as('mallory'), body: { ...before, ratePercent: 50 } });
    expect(half).toMatchObject({ status: 202, body: { kind: 'settings.change', reasons: ['rate_above'], before: { inviteRatePercent: 5 }, after: { inviteRatePercent: 50 } } });
    await waitForSettings();
    expect((await programme()).ratePercent).toBe(5);
    expect((await decide('mallory', half.body._id, 'approve')).status).toBe(403);
    expect((await decide('nina', half.body._id, 'approve')).body.status).toBe('approved');
    expect((await programme()).ratePercent).toBe(50);

    expect((await server.api('PUT', '/api/admin/programmes/invite', { ...as('mallory'), body: { ...before, ratePercent: 8 } })).body).toMatchObject({ ratePercent: 8 });
    expect((await server.api('PUT', '/api/admin/programmes/invite', { ...as('mallory'), body: { ...before, ratePercent: 8, hasCondition: false } })).status).toBe(202);
  });

  it('changing the thresholds always needs a second operator; other settings apply at once', async () => {
    const raised = await server.api('PUT', '/api/admin/settings/site', { ...as('chief'), body: { approvalRewardAbove: 100_000 } });
    expect(raised).toMatchObject({ status: 202, body: { reasons: ['thresholds'], before: { approvalRewardAbove: 1_000 }, after: { approvalRewardAbove: 100_000 } } });
    const lowered = await server.api('PUT', '/api/admin/settings/site', { ...as('chief'), body: { approvalRewardAbove: 10 } });
    expect(lowered.status).toBe(202);
    expect((await server.api('GET', '/api/admin/settings/site', as('chief'))).body.approvalRewardAbove).toBe(1_000);
    expect((await decide('olga', raised.body._id, 'approve')).body.status).toBe('approved');
    expect((await server.api('GET', '/api/admin/settings/site', as('chief'))).body.approvalRewardAbove).toBe(100_000);
    await decide('olga', lowered.body._id, 'reject');
    expect((await server.api('PUT', '/api/admin/settings/site', { ...as('chief'), body: { withdrawMin: 150 } })).body.withdrawMin).toBe(150);
    // A cheaper spin coin makes every wheel pay more per baht.
    expect((await server.api('PUT', '/api/admin/settings/site', { ...as('chief'), body: { spinCoinBaht: 10 } })).body.reasons).toEqual(['coin_cheaper']);
    expect((await server.api('PUT', '/api/admin/settings/site', { ...as('chief'), body: { spinCoinBaht: 200 } })).status).toBe(200);
    expect((await server.api('PUT', '/api/admin/settings/site', { ...as('chief'), body: { lak: { spinCoinAmount: 1_000 } } })).body.reasons).toEqual(['coin_cheaper']);
    const back = await server.api('PUT', '/api/admin/settings/site', { ...as('chief'), body: { approvalRewardAbove: 1_000, spinCoinBaht: 100 } });
    await decide('olga', back.body._id, 'approve');
  });
});

describe('spin campaigns', () => {
  const names = { th: 'วงล้อ', lo: 'ວົງລໍ້', en: 'Wheel' };
  const slice = (code: string, weight: number, prizeKind: string, prizeAmount: number) => ({ code, label: names, description: { th: '', lo: '', en: '' }, bgColor: '#123456', textColor: '#ffffff', weight, prizeKind, prizeAmount });
  const create = async (slices: unknown[]) => (await server.api('POST', '/api/admin/spinwheels', { ...as('mallory'), body: { name: names, slices } })).body._id as string;
  const activate = (id: string) => server.api('POST', `/api/admin/spinwheels/${id}/activate`, as('mallory'));

  it('a wheel paying less per coin than a coin costs runs at once; a big prize or a generous wheel waits for a second operator', async () => {
    // 1 in 10 spins pays 50 baht: 5 baht a coin, against 100 baht a coin.
    const modest = await activate(await create([slice('FIFTY', 1, 'cash', 50), slice('NONE', 9, 'none', 0)]));
    expect(modest).toMatchObject({ status: 200, body: { status: 'active' } });

    const big = await activate(await create([slice('JACKPOT', 1, 'cash', 5_000), slice('NONE', 999, 'none', 0)]));
    expect(big).toMatchObject({ status: 202, body: { kind: 'spin.activate', reasons: ['prize_above'] } });
    // Every spin pays 150 baht: more than the 100 baht a coin costs.
    const generous = await activate(await create([slice('A', 1, 'cash', 150), slice('B', 1, 'cash', 150)]));
    expect(generous).toMatchObject({ status: 202, body: { reasons: ['pays_more_than_coin'], after: { expectedPerCoin: 150, coinValue: 100 }, before: { expectedPerCoin: 5 } } });
    const campaigns = (await server.api('GET', '/api/admin/spinwheels', as('chief'))).body.campaigns;
    expect(campaigns.find((campaign: { _id: string }) => campaign._id === generous.body.subject).status).toBe('draft');

    await decide('nina', generous.body._id, 'approve');
    const after = (await server.api('GET', '/api/admin/spinwheels', as('chief'))).body.campaigns;
    expect(after.find((campaign: { _id: string }) => campaign._id === generous.body.subject).status).toBe('active');
    expect(after.find((campaign: { _id: string }) => campaign._id === modest.body._id).status).toBe('paused');
  });
});
