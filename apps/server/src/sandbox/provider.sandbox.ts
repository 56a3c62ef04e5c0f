import crypto from 'node:crypto';
import formbody from '@fastify/formbody';
import { z } from 'zod';
import { toMajor, toMinor } from '@wallet/contract';
import type { App } from '../http/types.js';
import { PROVIDERS } from '../seed/reference-data.js';
import type { ProviderBooks } from './provider.books.js';
import { gamePage, loginPage, messagePage } from './provider.pages.js';

/**
 * The stand-in game provider (DESIGN §7): its own books (provider.books.ts), reached by our adapter
 * over HTTP on loopback exactly like a real provider. Faults can be injected for tests.
 *
 * A transaction is applied when it is received or never: a "timeout" either applies it and
 * then answers too late, or loses the request before it arrives. So a transaction the sandbox
 * does not know after the reconciler's grace period will never be applied.
 */
export interface ProviderFaults {
  failRate: number;
  timeoutRate: number;
  latencyMs: number;
  /** Ending a player's game sessions answers 500 and ends nothing. */
  failEndSessions: boolean;
}

const FORM_PROVIDERS = new Set(['JOKER', 'SLOTXO', 'UFABET']);
/** Providers without a call to end a player's sessions: the call is not there (404), as at a real one. */
const KEEPS_SESSIONS = new Set(PROVIDERS.filter((provider) => provider.keepsSessions).map((provider) => provider.code));
const HANG_MS = 2_000;

/** No wait at all for 0 ms: a timer would still hold every call for a turn of the event loop. */
const sleep = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

const NO_FAULTS: ProviderFaults = { failRate: 0, timeoutRate: 0, latencyMs: 0, failEndSessions: false };

export async function registerProviderSandbox(app: App, books: ProviderBooks): Promise<void> {
  // Faults for every provider, or for one slot code when the tester names it.
  const faultsByCode = new Map<string, ProviderFaults>();
  const faultsFor = (code: string) => faultsByCode.get(code) ?? faultsByCode.get('*') ?? NO_FAULTS;
  await app.register(formbody);

  /** Each launch opens a game session, open until the operator ends the player's sessions. */
  async function launchToken(code: string, username: string): Promise<string> {
    const token = crypto.randomBytes(18).toString('base64url');
    await books.openSession(code, username, token);
    return token;
  }

  // ---------- The provider API our adapter calls
  const codeQuery = z.object({ code: z.string().min(1).max(20) });

  app.post('/sandbox/provider/api/players', { schema: { hide: true, body: z.object({ code: z.string().min(1).max(20), memberRef: z.string().regex(/^\d{1,12}$/) }) } }, async (request) => {
    const { code, memberRef } = request.body;
    await sleep(faultsFor(code).latencyMs);
    // Creating the same member twice answers the existing player: a retry after a lost answer is safe.
    const row = await books.openPlayer(code, `bw${memberRef}`, crypto.randomBytes(6).toString('base64url'));
    return { username: row.username, password: row.password };
  });

  app.post('/sandbox/provider/api/players/:username/password', { schema: { hide: true, params: z.object({ username: z.string() }), querystring: codeQuery } }, async (request, reply) => {
    await sleep(faultsFor(request.query.code).latencyMs);
    const password = crypto.randomBytes(6).toString('base64url');
    if (!(await books.setPassword(request.query.code, request.params.username, password))) return reply.status(404).send({ error: 'PLAYER_NOT_FOUND' });
    return { password };
  });

  app.get('/sandbox/provider/api/players/:username/balance', { schema: { hide: true, params: z.object({ username: z.string() }), querystring: codeQuery } }, async (request, reply) => {
    const faults = faultsFor(request.query.code);
    await sleep(faults.latencyMs);
    if (Math.random() < faults.timeoutRate) await sleep(HANG_MS);
    const row = await books.player(request.query.code, request.params.username);
    if (!row) return reply.status(404).send({ error: 'PLAYER_NOT_FOUND' });
    return { credits: Number(row.credits) };
  });

  app.post(
    '/sandbox/provider/api/transactions',
    {
      schema: {
        hide: true,
        body: z.object({
          code: z.string(),
          txId: z.string().min(8).max(64),
          username: z.string(),
          direction: z.enum(['deposit', 'withdraw']),
          credits: z.number().int().positive(),
        }),
      },
    },
    async (request) => {
      const { code, txId, username, direction } = request.body;
      const credits = BigInt(request.body.credits);
      const faults = faultsFor(code);
      await sleep(faults.latencyMs);
      const roll = Math.random();
      const lost = roll < faults.timeoutRate / 2;
      const refused = roll > 1 - faults.failRate;
      if (lost || refused) {
        // Faults befall new transactions only: one seen before answers as it was.
        const known = await books.transaction(txId);
        if (known) return answerFor(known.status, known.reason, code, username);
      }
      if (lost) {
        // Lost before it arrived: never applied, and the caller hears nothing.
        await sleep(HANG_MS);
        return { status: 'lost' };
      }
      let outcome: { status: 'success' | 'failed'; reason: string | null; credits?: bigint | null };
      if (refused) {
        outcome = { status: 'failed', reason: 'PROVIDER_ERROR' };
        await books.recordRefusal(txId, code, username, direction, credits, 'PROVIDER_ERROR');
      } else {
        // A transaction seen before is not applied again: apply answers its recorded outcome.
        outcome = await books.apply(txId, code, username, direction, credits);
      }
      if (roll < faults.timeoutRate) await sleep(HANG_MS); // applied, but the answer comes too late
      if (outcome.status === 'failed') return { status: outcome.status, reason: outcome.reason };
      return { status: outcome.status, credits: Number(outcome.credits ?? 0n) };
    },
  );

  async function answerFor(status: 'success' | 'failed', reason: string | null, code: string, username: string) {
    if (status === 'failed') return { status, reason };
    return { status, credits: Number((await books.player(code, username))?.credits ?? 0n) };
  }

  app.get('/sandbox/provider/api/transactions/:txId', { schema: { hide: true, params: z.object({ txId: z.string() }), querystring: codeQuery } }, async (request, reply) => {
    await sleep(faultsFor(request.query.code).latencyMs);
    const row = await books.transaction(request.params.txId);
    if (!row) return reply.status(404).send({ status: 'not_found' });
    return { status: row.status };
  });

  // The provider's transaction history, as providers offer it for their operators' daily reconciliation.
  app.get(
    '/sandbox/provider/api/transactions',
    { schema: { hide: true, querystring: z.object({ code: z.string().min(1).max(20), from: z.coerce.date(), to: z.coerce.date() }) } },
    async (request) => {
      const { code, from, to } = request.query;
      await sleep(faultsFor(code).latencyMs);
      const lines = await books.history(code, from, to);
      return { transactions: lines.map((line) => ({ ...line, credits: Number(line.credits), at: line.at.toISOString() })) };
    },
  );

  app.post('/sandbox/provider/api/launch', { schema: { hide: true, body: z.object({ code: z.string(), username: z.string() }) } }, async (request, reply) => {
    const { code, username } = request.body;
    const row = await books.player(code, username);
    if (!row) return reply.status(404).send({ error: 'PLAYER_NOT_FOUND' });
    if (FORM_PROVIDERS.has(code)) {
      return { kind: 'form', action: `/sandbox/provider/login/${code}`, fields: { username, password: row.password } };
    }
    return { kind: 'link', url: `/sandbox/provider/play?token=${await launchToken(code, username)}` };
  });

  // Logs the player out of every open game (a break or a self-exclusion asks it). Ending none is no error: a repeat is safe.
  app.post('/sandbox/provider/api/players/:username/sessions/end', { schema: { hide: true, params: z.object({ username: z.string() }), querystring: codeQuery } }, async (request, reply) => {
    const { code } = request.query;
    if (KEEPS_SESSIONS.has(code)) return reply.status(404).send({ error: 'NOT_OFFERED' });
    const faults = faultsFor(code);
    await sleep(faults.latencyMs);
    if (Math.random() < faults.timeoutRate) await sleep(HANG_MS);
    if (faults.failEndSessions) return reply.status(500).send({ error: 'PROVIDER_ERROR' });
    const ended = await books.endSessions(code, request.params.username);
    if (ended === undefined) return reply.status(404).send({ error: 'PLAYER_NOT_FOUND' });
    return { ended };
  });

  // ---------- Tester-facing calls (DESIGN §7, fixed shapes)
  app.put(
    '/sandbox/provider/faults',
    {
      schema: {
        hide: true,
        body: z.object({
          failRate: z.number().min(0).max(1).default(0),
          timeoutRate: z.number().min(0).max(1).default(0),
          latencyMs: z.number().int().min(0).max(30_000).default(0),
          failEndSessions: z.boolean().default(false),
          slotCode: z.string().optional(),
        }),
      },
    },
    async (request) => {
      const { slotCode, ...faults } = request.body;
      if (!slotCode) faultsByCode.clear();
      faultsByCode.set(slotCode ?? '*', faults);
      return faults;
    },
  );

  // How many game sessions a player has open: what a tester checks after a break.
  app.get('/sandbox/provider/sessions', { schema: { hide: true, querystring: z.object({ slotCode: z.string(), username: z.string() }) } }, async (request) => ({
    open: await books.openSessions(request.query.slotCode, request.query.username),
  }));

  app.post(
    '/sandbox/provider/rounds',
    {
      schema: {
        hide: true,
        // The demo game sends its session's token: a round in a session the operator ended is refused.
        body: z.object({ slotCode: z.string(), username: z.string(), bet: z.number().min(0), win: z.number().min(0), token: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const { slotCode, username, token } = request.body;
      if (token !== undefined) {
        const inSession = await books.playerByLaunchToken(token);
        if (!inSession || inSession.provider_code !== slotCode || inSession.username !== username) return reply.status(401).send({ error: 'SESSION_ENDED' });
      }
      const bet = toMinor(request.body.bet);
      const win = toMinor(request.body.win);
      if (bet === null || win === null) return reply.status(400).send({ error: 'BAD_AMOUNT' });
      const round = crypto.randomUUID();
      if (bet > 0n) {
        const placed = await books.apply(`bet-${round}`, slotCode, username, 'bet', bet);
        if (placed.status === 'failed') return reply.status(422).send({ error: placed.reason });
      }
      if (win > 0n) await books.apply(`win-${round}`, slotCode, username, 'win', win);
      return { balance: toMajor((await books.player(slotCode, username))?.credits ?? 0n) };
    },
  );

  // ---------- Pages a member's browser opens
  app.get('/sandbox/provider/play', { schema: { hide: true, querystring: z.object({ token: z.string().min(10) }) } }, async (request, reply) => {
    const row = await books.playerByLaunchToken(request.query.token);
    reply.type('text/html');
    if (!row) return reply.status(404).send(messagePage('Session expired', 'Open the game again from your wallet.'));
    return gamePage({ code: row.provider_code, username: row.username, token: request.query.token, balance: toMajor(row.credits) });
  });

  const loginParams = z.object({ code: z.string().regex(/^[A-Z0-9]{2,20}$/) });
  for (const path of ['/sandbox/provider/login/:code', '/sandbox/provider/lobby/:code']) {
    app.get(path, { schema: { hide: true, params: loginParams } }, async (request, reply) => reply.type('text/html').send(loginPage(request.params.code, '')));
  }
  app.post(
    '/sandbox/provider/login/:code',
    { schema: { hide: true, params: loginParams, body: z.object({ username: z.string().max(64), password: z.string().max(64) }) } },
    async (request, reply) => {
      const { code } = request.params;
      const row = await books.player(code, request.body.username);
      if (!row || !crypto.timingSafeEqual(Buffer.from(sha(row.password)), Buffer.from(sha(request.body.password)))) {
        return reply.status(401).type('text/html').send(loginPage(code, 'Wrong username or password'));
      }
      return reply.redirect(`/sandbox/provider/play?token=${await launchToken(code, row.username)}`, 303);
    },
  );
  app.get('/sandbox/provider/app/:code', { schema: { hide: true, params: loginParams } }, async (request, reply) =>
    reply.type('text/html').send(messagePage(`${request.params.code} app`, 'This is the sandbox: the real provider links its app store page here.')),
  );
  app.get('/sandbox/provider/game.js', { schema: { hide: true } }, async (_request, reply) => reply.type('text/javascript').send(GAME_SCRIPT));
}

const sha = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** The demo game: each spin bets, maybe wins, through the tester call a real game would not expose. */
const GAME_SCRIPT = `
const root = document.getElementById('game');
const { code, username, token } = root.dataset;
const balance = document.getElementById('balance');
const result = document.getElementById('result');
for (const button of document.querySelectorAll('[data-bet]')) {
  button.addEventListener('click', async () => {
    const bet = Number(button.dataset.bet);
    const multipliers = [0, 0, 0, 0.5, 1, 1.5, 2, 5];
    const win = Math.round(bet * multipliers[Math.floor(Math.random() * multipliers.length)] * 100) / 100;
    button.disabled = true;
    const response = await fetch('/sandbox/provider/rounds', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ slotCode: code, username, bet, win, token }),
    });
    const body = await response.json();
    button.disabled = false;
    if (response.status === 401) { result.textContent = 'Session ended: open the game again from your wallet'; return; }
    if (!response.ok) { result.textContent = 'Not enough credit'; return; }
    balance.textContent = body.balance.toFixed(2);
    result.textContent = win > 0 ? 'Win ' + win.toFixed(2) : 'No win';
  });
}
`;
