import { Registry } from 'prom-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type GameProviderAdapter, ProviderRefusedError, ProviderUnavailableError, createHttpGameProvider } from '../src/adapters/game-provider.js';
import { createGameSessions } from '../src/modules/wallet/game-sessions.js';
import { type TestServer, registerMember, startTestServer } from './harness.js';

// A break or a self-exclusion logs the member out of the games open at providers that offer it
// (docs/adr/0394): the sandbox provider keeps the sessions each launch opens, over real HTTP.
let server: TestServer;
let provider: GameProviderAdapter;
beforeAll(async () => {
  server = await startTestServer();
  provider = createHttpGameProvider({ baseUrl: () => `${server.url}/sandbox/provider/api`, timeoutMs: 700 });
});
afterAll(() => server.close());
afterEach(async () => {
  await server.api('PUT', '/sandbox/provider/faults', { body: {} });
});

const ROUTES = { PG: 'pg', JOKER2: 'joker2', HUAYHD: 'huayhd' } as const;
type Code = keyof typeof ROUTES;

/** A member with a game account at each provider, each launched once: one open session at each. */
async function memberPlaying(...codes: Code[]) {
  const member = await registerMember(server);
  const links = new Map<Code, string>();
  for (const code of codes) {
    expect((await server.api('GET', `/api/wallet/activate/${code}`, { token: member.token })).status).toBe(200);
    const launched = await server.api('GET', `/api/autoLogin/${ROUTES[code]}/bw${member.id}`, { token: member.token });
    expect(launched.status).toBe(200);
    links.set(code, launched.body.link as string);
  }
  return { member, username: `bw${member.id}`, links };
}
const openSessions = async (code: Code, username: string) =>
  (await server.api('GET', `/sandbox/provider/sessions?slotCode=${code}&username=${username}`)).body.open as number;

function recordingSessions(inner: GameProviderAdapter = provider) {
  const calls: string[] = [];
  const warnings: Array<{ provider?: string }> = [];
  const sessions = createGameSessions({
    db: server.db,
    provider: {
      endSessions: (code, username) => {
        calls.push(code);
        return inner.endSessions(code, username);
      },
    },
    log: { warn: (object) => warnings.push(object) },
    metrics: new Registry(),
  });
  return { ...sessions, calls, warnings };
}

describe('the sandbox provider', () => {
  it('keeps the sessions each launch opens and ends them all on the call; a repeat ends none', async () => {
    const { member, username, links } = await memberPlaying('PG');
    await server.api('GET', `/api/autoLogin/pg/${username}`, { token: member.token });
    expect(await openSessions('PG', username)).toBe(2);
    const page = await fetch(`${server.url}${links.get('PG')}`);
    expect(page.status).toBe(200);
    const token = new URL(links.get('PG')!, server.url).searchParams.get('token')!;
    expect((await server.api('POST', '/sandbox/provider/rounds', { body: { slotCode: 'PG', username, bet: 0, win: 0, token } })).status).toBe(200);

    await provider.endSessions('PG', username);
    expect(await openSessions('PG', username)).toBe(0);
    // The game open in the member's browser is logged out: its page and its next round are refused.
    expect((await fetch(`${server.url}${links.get('PG')}`)).status).toBe(404);
    expect(await server.api('POST', '/sandbox/provider/rounds', { body: { slotCode: 'PG', username, bet: 10, win: 0, token } })).toMatchObject({
      status: 401,
      body: { error: 'SESSION_ENDED' },
    });
    await expect(provider.endSessions('PG', username)).resolves.toBeUndefined();
    // A launch afterwards opens a session again.
    await server.api('GET', `/api/autoLogin/pg/${username}`, { token: member.token });
    expect(await openSessions('PG', username)).toBe(1);
  });

  it('answers 404 where the provider does not offer it or does not know the player, and fails when told to', async () => {
    const { username } = await memberPlaying('PG', 'HUAYHD');
    await expect(provider.endSessions('HUAYHD', username)).rejects.toBeInstanceOf(ProviderRefusedError);
    await expect(provider.endSessions('PG', 'bw-nobody')).rejects.toBeInstanceOf(ProviderRefusedError);
    await server.api('PUT', '/sandbox/provider/faults', { body: { failEndSessions: true, slotCode: 'PG' } });
    await expect(provider.endSessions('PG', username)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(await openSessions('PG', username)).toBe(1);
    expect(await openSessions('HUAYHD', username)).toBe(1);
  });
});

describe('endGameSessions', () => {
  it('ends the sessions at the providers that offer it and calls no other', async () => {
    const { member, username } = await memberPlaying('PG', 'JOKER2', 'HUAYHD');
    const provided = await server.db.selectFrom('providers').select(['code', 'ends_sessions']).where('code', 'in', ['PG', 'JOKER2', 'HUAYHD']).orderBy('code').execute();
    expect(provided).toEqual([
      { code: 'HUAYHD', ends_sessions: false },
      { code: 'JOKER2', ends_sessions: true },
      { code: 'PG', ends_sessions: true },
    ]);
    const sessions = recordingSessions();
    await sessions.endGameSessions(BigInt(member.id));
    expect(sessions.calls.sort()).toEqual(['JOKER2', 'PG']);
    expect(sessions.warnings).toEqual([]);
    expect(await openSessions('PG', username)).toBe(0);
    expect(await openSessions('JOKER2', username)).toBe(0);
    expect(await openSessions('HUAYHD', username)).toBe(1);

    // Twice is harmless: nothing left to end, nothing logged.
    await sessions.endGameSessions(BigInt(member.id));
    expect(sessions.warnings).toEqual([]);
    // A member with no game account asks no provider.
    const idle = recordingSessions();
    await idle.endGameSessions(BigInt((await registerMember(server)).id));
    expect(idle.calls).toEqual([]);
  });

  it('survives a failing provider: the others are ended, the failure is logged and nothing is thrown', async () => {
    const { member, username } = await memberPlaying('PG', 'JOKER2');
    await server.api('PUT', '/sandbox/provider/faults', { body: { failEndSessions: true, slotCode: 'PG' } });
    const sessions = recordingSessions();
    await expect(sessions.endGameSessions(BigInt(member.id))).resolves.toBeUndefined();
    expect(sessions.warnings).toMatchObject([{ provider: 'PG' }]);
    expect(await openSessions('PG', username)).toBe(1);
    expect(await openSessions('JOKER2', username)).toBe(0);

    // A provider that cannot be reached at all, or one that hangs past the adapter's timeout.
    const unreachable = recordingSessions(createHttpGameProvider({ baseUrl: () => 'http://127.0.0.1:9/api', timeoutMs: 200 }));
    await expect(unreachable.endGameSessions(BigInt(member.id))).resolves.toBeUndefined();
    expect(unreachable.warnings).toHaveLength(2);
    await server.api('PUT', '/sandbox/provider/faults', { body: { timeoutRate: 1 } });
    const slow = recordingSessions();
    await expect(slow.endGameSessions(BigInt(member.id))).resolves.toBeUndefined();
    expect(slow.warnings).toHaveLength(2);
  });
});

describe('a break taken in the product', () => {
  it('ends the member’s open games by itself, after the break is written; a second tap is harmless', async () => {
    const { member, username } = await memberPlaying('PG', 'JOKER2');
    expect(await openSessions('PG', username)).toBe(1);
    expect((await server.api('POST', '/api/protection/break', { token: member.token, body: { period: '24h' } })).status).toBe(200);
    await expect.poll(() => openSessions('PG', username)).toBe(0);
    await expect.poll(() => openSessions('JOKER2', username)).toBe(0);
    // A second tap adds nothing and ends nothing more: harmless.
    expect((await server.api('POST', '/api/protection/break', { token: member.token, body: { period: '24h' } })).status).toBe(200);
  });
});
