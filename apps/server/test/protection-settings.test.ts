import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiResult, registerMember, secondOperator, startTestServer, type TestServer } from './harness.js';

/**
 * Player protection's site settings (docs/adr/0392-loosening-player-protection-takes-two-operators.md):
 * cooling hours, strict, the limit prompt and the reality-check default, each the site profile's
 * default while unset; loosening any of them waits for a second admin, tightening applies at once.
 */
let server: TestServer;
let chief: string;
let secondAdmin: string;
let marketer: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
  chief = (await server.api('POST', '/api/admin/login', { body: { username: 'chief', password: 'chief-pass-1' } })).body.token;
  secondAdmin = await secondOperator(server, chief, 'admin');
  marketer = await secondOperator(server, chief, 'marketing');
});
afterAll(() => server.close());

const PROFILE = { coolingHours: 24, strict: false, limitPrompt: true, realityCheckMinutes: 60 };
const change = (body: Record<string, unknown>, token = chief) => server.api('PUT', '/api/admin/settings/site', { token, body });
const settings = async () => (await server.api('GET', '/api/admin/settings/site', { token: chief })).body;
const approve = (answer: ApiResult, token = secondAdmin) => server.api('POST', `/api/admin/config-changes/${answer.body._id}/approve`, { token });
const promptOf = async (member: { token: string }) => (await server.api('GET', '/api/protection', { token: member.token })).body.prompt as string | null;
const interval = async (member: { token: string }) => (await server.api('GET', '/api/figures/reality-check', { token: member.token })).body.intervalMinutes as number;
const history = async () => (await server.api('GET', '/api/admin/settings/history?page=1&limit=50', { token: chief })).body.changes as Array<{ actor: string; before: Record<string, unknown>; after: Record<string, unknown> }>;

/** A loosening: answered 202 with the one reason, nothing changed until a second admin approves it. */
async function waitsForSecondAdmin(body: Record<string, unknown>, unchanged: Record<string, unknown>): Promise<ApiResult> {
  const proposed = await change(body);
  expect(proposed).toMatchObject({ status: 202, body: { kind: 'settings.change', subject: 'site', status: 'proposed', proposedBy: 'chief', reasons: ['protection_looser'] } });
  expect(await settings()).toMatchObject(unchanged);
  expect(await approve(proposed, chief)).toMatchObject({ status: 403, body: { message: 'FOUR_EYES' } });
  return proposed;
}

describe('player protection settings', () => {
  it('are unset at first: the console reads the site profile’s defaults beside them', async () => {
    expect(await settings()).toMatchObject({
      protectionCoolingHours: null,
      protectionStrict: null,
      protectionLimitPrompt: null,
      protectionRealityCheckMinutes: null,
      protectionDefaults: PROFILE,
    });
    expect((await change({ protectionRealityCheckMinutes: 5 })).status).toBe(400);
    expect((await change({ protectionRealityCheckMinutes: 121 })).status).toBe(400);
    expect((await change({ protectionCoolingHours: -1 })).status).toBe(400);
  });

  it('tightening applies at once and is audited; setting the default itself changes nothing that needs approval', async () => {
    const tightened = await change({ protectionCoolingHours: 48, protectionStrict: true, protectionLimitPrompt: true, protectionRealityCheckMinutes: 30 });
    expect(tightened).toMatchObject({ status: 200, body: { protectionCoolingHours: 48, protectionStrict: true, protectionLimitPrompt: true, protectionRealityCheckMinutes: 30, protectionDefaults: PROFILE } });
    expect((await history())[0]).toMatchObject({
      actor: 'chief',
      before: { protectionCoolingHours: null, protectionStrict: null, protectionLimitPrompt: null, protectionRealityCheckMinutes: null },
      after: { protectionCoolingHours: 48, protectionStrict: true, protectionLimitPrompt: true, protectionRealityCheckMinutes: 30 },
    });
    // Other settings beside unchanged protection apply at once.
    expect((await change({ slipMaxAgeMinutes: 90, protectionCoolingHours: 48 })).status).toBe(200);
  });

  it('lowering cooling hours waits for a second admin, marketing cannot approve it, and it applies on approval', async () => {
    const proposed = await waitsForSecondAdmin({ protectionCoolingHours: 12 }, { protectionCoolingHours: 48 });
    expect(proposed.body).toMatchObject({ before: { protectionCoolingHours: 48 }, after: { protectionCoolingHours: 12 } });
    expect(await approve(proposed, marketer)).toMatchObject({ status: 403, body: { message: 'UNAUTHORIZED' } });
    expect(await approve(proposed)).toMatchObject({ status: 200, body: { status: 'approved', decidedBy: 'second-admin' } });
    expect((await settings()).protectionCoolingHours).toBe(12);
    // The cooling period members see is the approved one.
    const member = await registerMember(server);
    await server.api('PUT', '/api/protection/limits', { token: member.token, body: { kind: 'deposit_day', amount: 100 } });
    const before = Date.now();
    const raised = await server.api('PUT', '/api/protection/limits', { token: member.token, body: { kind: 'deposit_day', amount: 500 } });
    // Strict is still on: at least 72 hours.
    expect(raised.body.appliesAt).toBeGreaterThanOrEqual(before + 72 * 3_600_000 - 5_000);
  });

  it('turning strict off waits for a second admin and applies on approval', async () => {
    const proposed = await waitsForSecondAdmin({ protectionStrict: false }, { protectionStrict: true });
    expect((await approve(proposed)).status).toBe(200);
    expect((await settings()).protectionStrict).toBe(false);
    const member = await registerMember(server);
    await server.api('PUT', '/api/protection/limits', { token: member.token, body: { kind: 'deposit_day', amount: 100 } });
    const before = Date.now();
    const raised = await server.api('PUT', '/api/protection/limits', { token: member.token, body: { kind: 'deposit_day', amount: 500 } });
    expect(raised.body.appliesAt).toBeLessThanOrEqual(before + 12 * 3_600_000 + 5_000);
  });

  it('turning the limit prompt off waits, then a new member is not asked; turning it on again applies at once', async () => {
    expect(await promptOf(await registerMember(server))).toBe('first');
    const proposed = await waitsForSecondAdmin({ protectionLimitPrompt: false }, { protectionLimitPrompt: true });
    expect(await promptOf(await registerMember(server))).toBe('first');
    expect((await approve(proposed)).status).toBe(200);
    expect(await promptOf(await registerMember(server))).toBeNull();

    expect(await change({ protectionLimitPrompt: true })).toMatchObject({ status: 200, body: { protectionLimitPrompt: true } });
    expect(await promptOf(await registerMember(server))).toBe('first');
  });

  it('raising the reality-check default waits; a member who never chose gets the site’s default, one who chose keeps theirs', async () => {
    const never = await registerMember(server);
    const chose = await registerMember(server);
    expect((await server.api('PUT', '/api/figures/reality-check', { token: chose.token, body: { intervalMinutes: 45 } })).status).toBe(200);
    expect(await interval(never)).toBe(30);

    const proposed = await waitsForSecondAdmin({ protectionRealityCheckMinutes: 90 }, { protectionRealityCheckMinutes: 30 });
    expect(await interval(never)).toBe(30);
    expect((await approve(proposed)).status).toBe(200);
    expect(await interval(never)).toBe(90);
    expect(await interval(chose)).toBe(45);

    // Lowering it is tighter: at once.
    expect((await change({ protectionRealityCheckMinutes: 20 })).status).toBe(200);
    expect(await interval(never)).toBe(20);
  });

  it('giving a setting back to the site profile is judged by what it does: looser waits, tighter applies at once', async () => {
    // 20 minutes back to the profile's 60: rarer checks.
    const proposed = await waitsForSecondAdmin({ protectionRealityCheckMinutes: null }, { protectionRealityCheckMinutes: 20 });
    expect(proposed.body).toMatchObject({ before: { protectionRealityCheckMinutes: 20 }, after: { protectionRealityCheckMinutes: null } });
    // A rejection changes nothing.
    const rejected = await server.api('POST', `/api/admin/config-changes/${proposed.body._id}/reject`, { token: secondAdmin, body: { note: 'keep checks frequent' } });
    expect(rejected).toMatchObject({ status: 200, body: { status: 'rejected' } });
    expect((await settings()).protectionRealityCheckMinutes).toBe(20);

    // 12 cooling hours back to the profile's 24: tighter, at once.
    expect(await change({ protectionCoolingHours: null })).toMatchObject({ status: 200, body: { protectionCoolingHours: null } });
    const never = await registerMember(server);
    expect(await interval(never)).toBe(20);
  });

  it('a change that loosens protection holds back everything it carries', async () => {
    const proposed = await waitsForSecondAdmin({ slipMaxAgeMinutes: 30, protectionStrict: null, protectionLimitPrompt: false }, { slipMaxAgeMinutes: 90, protectionLimitPrompt: true });
    // Strict is off already and the profile's is off: only the prompt loosens.
    expect(proposed.body.after).toEqual({ slipMaxAgeMinutes: 30, protectionStrict: null, protectionLimitPrompt: false });
    expect((await approve(proposed)).status).toBe(200);
    expect(await settings()).toMatchObject({ slipMaxAgeMinutes: 30, protectionStrict: null, protectionLimitPrompt: false });
  });
});
