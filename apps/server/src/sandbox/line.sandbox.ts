import crypto from 'node:crypto';
import type { webhook } from '@line/bot-sdk';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LINE_ID_TOKEN_ISSUER, LINE_USER_ID, lineSignature } from '../adapters/line.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/types.js';
import { consentPage, errorPage } from './line.pages.js';

const lineFaults = z.object({
  /** Every API call answers 500, as LINE down. */
  unavailable: z.boolean().default(false),
  /** Every API call answers 429 with Retry-After, as LINE throttling us. */
  rateLimited: z.boolean().default(false),
  /** Each API call waits this long before LINE does anything. */
  slowMs: z.number().int().min(0).max(120_000).default(0),
  /** Every access token issued until now is refused from now on (401), as after expiry. */
  expireTokens: z.boolean().default(false),
});

/** Stateless channel access tokens live 15 minutes; LINE Login codes 10; id_tokens an hour; Login access tokens 30 days. */
const CHANNEL_TOKEN_SECONDS = 15 * 60;
const CODE_MS = 10 * 60_000;
const ID_TOKEN_SECONDS = 3600;
const LOGIN_TOKEN_SECONDS = 30 * 24 * 3600;

const MAX_MESSAGES = 5;
const MAX_TEXT = 5000;
const MAX_ALT_TEXT = 400;
const MESSAGE_TYPES = new Set(['text', 'textV2', 'sticker', 'image', 'video', 'audio', 'location', 'imagemap', 'template', 'flex', 'coupon']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SandboxLineChannels {
  channelId: string;
  channelSecret: string;
  loginChannelId: string;
  loginChannelSecret: string;
}

/** `generation`: tokens of an earlier generation were expired by the `expireTokens` fault. */
type AccessToken = { kind: 'channel' | 'login'; sub: string; iat: number; exp: number; generation: number };

type Friendship = 'none' | 'following' | 'blocked';

/**
 * The stand-in for LINE's platform (DESIGN §7): the Official Account's Messaging API (stateless
 * channel tokens, push with retry keys, message checks as LINE makes them), LINE Login (a consent
 * page a tester uses in a browser, the code exchange with a real HS256 id_token, profile and
 * friendship status), and the LINE users themselves: each has an inbox of what their LINE app
 * shows, and follows, unfollows or blocks the Official Account, which posts a signed webhook to
 * our server as LINE does. Faults: down, throttling, slow, tokens expired.
 */
export function registerLineSandbox(app: App, db: Db, options: { channels: SandboxLineChannels; webhookUrl: () => string; now: () => Date }): void {
  const { channels } = options;
  let faults = lineFaults.parse({});
  /** Access tokens of an earlier generation are refused: `expireTokens` starts a new one. */
  let tokenGeneration = 0;
  const nowSeconds = () => Math.floor(options.now().getTime() / 1000);
  // Tokens carry their own claims, signed: any node of the server checks them without a table.
  const tokenKey = crypto.createHash('sha256').update(`sandbox-line-token:${channels.channelSecret}`).digest();
  const issueToken = (claims: AccessToken) => {
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${body}.${crypto.createHmac('sha256', tokenKey).update(body).digest('base64url')}`;
  };
  const readToken = (header: string | undefined, kind: AccessToken['kind']): AccessToken | null => {
    const [body = '', signature = ''] = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1]?.split('.') ?? [];
    const wanted = crypto.createHmac('sha256', tokenKey).update(body).digest('base64url');
    if (!body || signature.length !== wanted.length || !crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(wanted))) return null;
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as AccessToken;
    if (claims.kind !== kind || claims.exp <= nowSeconds() || claims.generation !== tokenGeneration) return null;
    return claims;
  };
  /** LINE's answer to a call without a valid token. */
  const authenticationFailed = { message: 'Authentication failed. Confirm that the access token in the authorization header is valid.' };
  /** Answers the call as the faults say, and says whether it did. (Not the reply itself: a Fastify reply is a thenable, which an async function's caller would wait on.) */
  const faulted = async (reply: FastifyReply): Promise<boolean> => {
    if (faults.slowMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.slowMs));
    if (faults.unavailable) {
      await reply.status(500).send({ message: 'An error occurred in the server' });
      return true;
    }
    if (faults.rateLimited) {
      await reply.status(429).header('retry-after', '30').send({ message: 'Too Many Requests' });
      return true;
    }
    return false;
  };

  app.put('/sandbox/line/faults', { schema: { hide: true, body: lineFaults } }, async (request) => {
    faults = request.body;
    if (faults.expireTokens) tokenGeneration += 1;
    return faults;
  });

  /** LINE users testers and tests make (the consent page makes them too). */
  app.post('/sandbox/line/users', { schema: { hide: true, body: z.object({ displayName: z.string().min(1).max(20) }) } }, async (request) => ({
    userId: await createUser(db, request.body.displayName),
    displayName: request.body.displayName,
  }));

  app.get('/sandbox/line/users', { schema: { hide: true } }, async () => ({
    users: (await db.selectFrom('sandbox_line_users').select(['user_id', 'display_name', 'friendship']).orderBy('created_at', 'desc').limit(50).execute()).map((user) => ({
      userId: user.user_id,
      displayName: user.display_name,
      friendship: user.friendship,
    })),
  }));

  /** What the user's LINE app shows from our Official Account, newest first. */
  app.get('/sandbox/line/users/:userId/messages', { schema: { hide: true, params: z.object({ userId: z.string() }) } }, async (request) => {
    const rows = await db.selectFrom('sandbox_line_messages').selectAll().where('user_id', '=', request.params.userId).orderBy('id', 'desc').execute();
    return { messages: rows.map((row) => ({ requestId: row.request_id, retryKey: row.retry_key, messages: JSON.parse(row.messages) as unknown, receivedAt: row.received_at })) };
  });

  /** The user adds, removes or blocks the Official Account in their LINE app; LINE tells our webhook. */
  const friendshipChange = z.enum(['follow', 'unfollow', 'block']);
  app.post('/sandbox/line/users/:userId/:change', { schema: { hide: true, params: z.object({ userId: z.string(), change: friendshipChange }) } }, async (request, reply) => {
    const user = await db.selectFrom('sandbox_line_users').select(['user_id', 'friendship']).where('user_id', '=', request.params.userId).executeTakeFirst();
    if (!user) return reply.status(404).send({ message: 'Not found' });
    const next: Friendship = request.params.change === 'follow' ? 'following' : request.params.change === 'block' ? 'blocked' : 'none';
    await db.updateTable('sandbox_line_users').set({ friendship: next }).where('user_id', '=', user.user_id).execute();
    const webhookStatus = await postWebhook(user.user_id, request.params.change === 'follow' ? { type: 'follow', isUnblocked: user.friendship === 'blocked' } : { type: 'unfollow' });
    return { userId: user.user_id, friendship: next, webhookStatus };
  });

  async function postWebhook(userId: string, change: { type: 'follow'; isUnblocked: boolean } | { type: 'unfollow' }): Promise<number | null> {
    const base = {
      mode: 'active' as const,
      timestamp: options.now().getTime(),
      source: { type: 'user' as const, userId },
      webhookEventId: ulid(options.now().getTime()),
      deliveryContext: { isRedelivery: false },
    };
    const event: webhook.Event = change.type === 'follow' ? { ...base, type: 'follow', replyToken: crypto.randomBytes(16).toString('hex'), follow: { isUnblocked: change.isUnblocked } } : { ...base, type: 'unfollow' };
    const body = JSON.stringify({ destination: officialAccountUserId(channels.channelId), events: [event] } satisfies webhook.CallbackRequest);
    try {
      const response = await fetch(options.webhookUrl(), {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'x-line-signature': lineSignature(body, channels.channelSecret), 'user-agent': 'LineBotWebhook/2.0' },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.body?.cancel();
      return response.status;
    } catch {
      return null;
    }
  }

  app.post('/sandbox/line/v2/bot/message/push', { schema: { hide: true } }, async (request, reply) => {
    if (await faulted(reply)) return reply;
    if (!readToken(request.headers.authorization, 'channel')) return reply.status(401).send(authenticationFailed);
    const retryKey = request.headers['x-line-retry-key'];
    if (retryKey !== undefined && (typeof retryKey !== 'string' || !UUID.test(retryKey))) return reply.status(400).send({ message: "The value for the 'X-Line-Retry-Key' header is invalid" });
    const problems = pushProblems(request.body);
    if (problems.length) return reply.status(400).send({ message: `The request body has ${problems.length} error(s)`, details: problems });
    const { to, messages } = request.body as { to: string; messages: unknown[] };
    const user = await db.selectFrom('sandbox_line_users').select(['user_id', 'friendship']).where('user_id', '=', to).executeTakeFirst();
    if (!user) return reply.status(400).send({ message: "The property, 'to', in the request body is invalid (line: -, column: -)" });
    if (retryKey) {
      const accepted = await db.selectFrom('sandbox_line_messages').select('request_id').where('retry_key', '=', retryKey).executeTakeFirst();
      if (accepted) return reply.status(409).header('x-line-accepted-request-id', accepted.request_id).send({ message: 'The retry key is already accepted', sentMessages: [] });
    }
    // The Official Account speaks only to its friends: a user who removed or blocked it gets nothing.
    if (user.friendship !== 'following') return reply.status(403).send({ message: 'The user has not added the LINE Official Account as a friend, or has blocked it' });
    const requestId = crypto.randomUUID();
    // Two sends of one key at once: the unique key lets one in, the other answers as a resend.
    const inserted = await db
      .insertInto('sandbox_line_messages')
      .values({ request_id: requestId, retry_key: retryKey ?? null, user_id: user.user_id, messages: JSON.stringify(messages), received_at: options.now() })
      .onConflict((conflict) => conflict.column('retry_key').doNothing())
      .returning('request_id')
      .executeTakeFirst();
    if (!inserted) {
      const accepted = await db.selectFrom('sandbox_line_messages').select('request_id').where('retry_key', '=', retryKey ?? '').executeTakeFirstOrThrow();
      return reply.status(409).header('x-line-accepted-request-id', accepted.request_id).send({ message: 'The retry key is already accepted', sentMessages: [] });
    }
    return reply.header('x-line-request-id', requestId).send({ sentMessages: messages.map(() => ({ id: String(crypto.randomInt(1e12, 9e12)), quoteToken: crypto.randomBytes(12).toString('base64url') })) });
  });

  app.get('/sandbox/line/v2/profile', { schema: { hide: true } }, async (request, reply) => {
    const token = readToken(request.headers.authorization, 'login');
    if (!token) return reply.status(401).send({ message: 'invalid token' });
    const user = await db.selectFrom('sandbox_line_users').select(['user_id', 'display_name']).where('user_id', '=', token.sub).executeTakeFirstOrThrow();
    return { userId: user.user_id, displayName: user.display_name, pictureUrl: null, statusMessage: '' };
  });

  app.get('/sandbox/line/friendship/v1/status', { schema: { hide: true } }, async (request, reply) => {
    const token = readToken(request.headers.authorization, 'login');
    if (!token) return reply.status(401).send({ message: 'invalid token' });
    const user = await db.selectFrom('sandbox_line_users').select('friendship').where('user_id', '=', token.sub).executeTakeFirstOrThrow();
    return { friendFlag: user.friendship === 'following' };
  });

  const authorizeQuery = z.object({
    response_type: z.string().optional(),
    client_id: z.string().optional(),
    redirect_uri: z.string().optional(),
    state: z.string().optional(),
    scope: z.string().optional(),
    nonce: z.string().optional(),
    bot_prompt: z.string().optional(),
  });
  app.get('/sandbox/line/oauth2/v2.1/authorize', { schema: { hide: true, querystring: authorizeQuery } }, async (request, reply) => {
    const query = request.query;
    reply.type('text/html');
    if (query.response_type !== 'code') return reply.status(400).send(errorPage('response_type must be code'));
    if (query.client_id !== channels.loginChannelId) return reply.status(400).send(errorPage('Unknown client_id'));
    if (!query.redirect_uri || !/^https?:\/\//.test(query.redirect_uri)) return reply.status(400).send(errorPage('redirect_uri must be an http(s) URL'));
    if (!query.state) return reply.status(400).send(errorPage('state is required'));
    if (!(query.scope ?? '').split(' ').includes('openid')) return reply.status(400).send(errorPage('scope must include openid'));
    const users = await db.selectFrom('sandbox_line_users').select(['user_id', 'display_name']).orderBy('created_at', 'desc').limit(20).execute();
    return consentPage(
      { clientId: query.client_id, redirectUri: query.redirect_uri, state: query.state, nonce: query.nonce ?? '', scope: query.scope ?? '' },
      users.map((user) => ({ userId: user.user_id, displayName: user.display_name })),
    );
  });

  // LINE's OAuth endpoints and the consent form take form-encoded bodies.
  app.register(async (untyped) => {
    const scope = untyped.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));
    const form = z.record(z.string(), z.string());

    scope.post('/sandbox/line/oauth2/v2.1/authorize', { schema: { hide: true, body: form } }, async (request, reply) => {
      const { client_id: clientId = '', redirect_uri: redirectUri = '', state = '', nonce = '', scope: scopes = '', decision, user_id: chosen, display_name: displayName = '', add_friend: addFriend } = request.body;
      if (clientId !== channels.loginChannelId || !/^https?:\/\//.test(redirectUri)) return reply.status(400).type('text/html').send(errorPage('Unknown client_id or redirect_uri'));
      const back = new URL(redirectUri);
      back.searchParams.set('state', state);
      if (decision !== 'allow') {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'The user has denied the request');
        return reply.redirect(back.toString(), 302);
      }
      let userId = chosen ?? '';
      if (userId === 'new' || !userId) {
        const name = displayName.trim();
        if (!name) {
          const users = await db.selectFrom('sandbox_line_users').select(['user_id', 'display_name']).orderBy('created_at', 'desc').limit(20).execute();
          return reply.status(400).type('text/html').send(consentPage({ clientId, redirectUri, state, nonce, scope: scopes }, users.map((user) => ({ userId: user.user_id, displayName: user.display_name })), 'Give the new LINE user a display name'));
        }
        userId = await createUser(db, name.slice(0, 20));
      }
      const user = await db.selectFrom('sandbox_line_users').select(['user_id', 'friendship']).where('user_id', '=', userId).executeTakeFirst();
      if (!user) return reply.status(400).type('text/html').send(errorPage('Unknown LINE user'));
      // The consent page's "add as friend" (bot_prompt): LINE sends the follow event before the redirect.
      if (addFriend === 'on' && user.friendship !== 'following') {
        await db.updateTable('sandbox_line_users').set({ friendship: 'following' }).where('user_id', '=', user.user_id).execute();
        await postWebhook(user.user_id, { type: 'follow', isUnblocked: user.friendship === 'blocked' });
      }
      const code = crypto.randomBytes(16).toString('base64url');
      await db
        .insertInto('sandbox_line_codes')
        .values({ code, user_id: user.user_id, client_id: clientId, redirect_uri: redirectUri, nonce: nonce || null, scope: scopes, expires_at: new Date(options.now().getTime() + CODE_MS), used_at: null })
        .execute();
      back.searchParams.set('code', code);
      return reply.redirect(back.toString(), 302);
    });

    // The Messaging API's stateless channel access token (client credentials).
    scope.post('/sandbox/line/oauth2/v3/token', { schema: { hide: true, body: form } }, async (request, reply) => {
      if (await faulted(reply)) return reply;
      const { grant_type: grantType, client_id: clientId, client_secret: clientSecret } = request.body;
      if (grantType !== 'client_credentials') return reply.status(400).send({ error: 'unsupported_grant_type', error_description: 'grant_type must be client_credentials' });
      if (clientId !== channels.channelId || !equalText(clientSecret ?? '', channels.channelSecret)) return reply.status(400).send({ error: 'invalid_client', error_description: 'invalid client_id or client_secret' });
      const iat = nowSeconds();
      return { token_type: 'Bearer', access_token: issueToken({ kind: 'channel', sub: clientId, iat, exp: iat + CHANNEL_TOKEN_SECONDS, generation: tokenGeneration }), expires_in: CHANNEL_TOKEN_SECONDS };
    });

    // LINE Login's code exchange: single-use codes, the same redirect_uri, the channel's secret; a real HS256 id_token.
    scope.post('/sandbox/line/oauth2/v2.1/token', { schema: { hide: true, body: form } }, async (request, reply) => {
      if (await faulted(reply)) return reply;
      const { grant_type: grantType, code = '', redirect_uri: redirectUri, client_id: clientId, client_secret: clientSecret } = request.body;
      if (grantType !== 'authorization_code') return reply.status(400).send({ error: 'unsupported_grant_type', error_description: 'grant_type must be authorization_code' });
      if (clientId !== channels.loginChannelId || !equalText(clientSecret ?? '', channels.loginChannelSecret)) return reply.status(400).send({ error: 'invalid_client', error_description: 'invalid client_id or client_secret' });
      const used = await db
        .updateTable('sandbox_line_codes')
        .set({ used_at: options.now() })
        .where('code', '=', code)
        .where('used_at', 'is', null)
        .where('expires_at', '>', options.now())
        .returningAll()
        .executeTakeFirst();
      if (!used || used.client_id !== clientId || used.redirect_uri !== redirectUri) return reply.status(400).send({ error: 'invalid_grant', error_description: 'invalid authorization code' });
      const user = await db.selectFrom('sandbox_line_users').select(['user_id', 'display_name']).where('user_id', '=', used.user_id).executeTakeFirstOrThrow();
      const iat = nowSeconds();
      const idToken = signIdToken(
        { iss: LINE_ID_TOKEN_ISSUER, sub: user.user_id, aud: clientId, exp: iat + ID_TOKEN_SECONDS, iat, amr: ['linesso'], name: user.display_name, ...(used.nonce ? { nonce: used.nonce } : {}) },
        channels.loginChannelSecret,
      );
      return {
        access_token: issueToken({ kind: 'login', sub: user.user_id, iat, exp: iat + LOGIN_TOKEN_SECONDS, generation: tokenGeneration }),
        token_type: 'Bearer',
        expires_in: LOGIN_TOKEN_SECONDS,
        refresh_token: crypto.randomBytes(16).toString('base64url'),
        scope: used.scope,
        id_token: idToken,
      };
    });
  });
}

/** A LINE Login id_token as LINE signs it: HS256 with the Login channel's secret. */
export function signIdToken(claims: Record<string, unknown>, secret: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ typ: 'JWT', alg: 'HS256' })}.${encode(claims)}`;
  return `${unsigned}.${crypto.createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** Why LINE would refuse this push body, in LINE's { message, property } shape; none when it would take it. */
function pushProblems(body: unknown): Array<{ message: string; property: string }> {
  if (typeof body !== 'object' || body === null) return [{ message: 'must be a JSON object', property: '' }];
  const { to, messages } = body as { to?: unknown; messages?: unknown };
  const problems: Array<{ message: string; property: string }> = [];
  if (typeof to !== 'string' || !LINE_USER_ID.test(to)) problems.push({ message: 'Invalid user ID', property: 'to' });
  if (!Array.isArray(messages) || messages.length < 1 || messages.length > MAX_MESSAGES) {
    problems.push({ message: `Size must be between 1 and ${MAX_MESSAGES}`, property: 'messages' });
    return problems;
  }
  messages.forEach((message: unknown, index) => {
    const at = `messages[${index}]`;
    const { type, text, altText, contents } = (typeof message === 'object' && message !== null ? message : {}) as Record<string, unknown>;
    if (typeof type !== 'string' || !MESSAGE_TYPES.has(type)) return problems.push({ message: 'Invalid message type', property: `${at}.type` });
    if (type === 'text' && (typeof text !== 'string' || text.length < 1 || text.length > MAX_TEXT)) problems.push({ message: `Length must be between 1 and ${MAX_TEXT}`, property: `${at}.text` });
    if (type === 'flex') {
      if (typeof altText !== 'string' || altText.length < 1 || altText.length > MAX_ALT_TEXT) problems.push({ message: `Length must be between 1 and ${MAX_ALT_TEXT}`, property: `${at}.altText` });
      const containerType = (contents as { type?: unknown } | undefined)?.type;
      if (containerType !== 'bubble' && containerType !== 'carousel') problems.push({ message: 'Invalid flex container type', property: `${at}.contents.type` });
    }
    return undefined;
  });
  return problems;
}

async function createUser(db: Db, displayName: string): Promise<string> {
  const userId = `U${crypto.randomBytes(16).toString('hex')}`;
  await db.insertInto('sandbox_line_users').values({ user_id: userId, display_name: displayName }).execute();
  return userId;
}

/** The Official Account's own userId, the `destination` of its webhooks. */
function officialAccountUserId(channelId: string): string {
  return `U${crypto.createHash('sha256').update(`official-account:${channelId}`).digest('hex').slice(0, 32)}`;
}

/** A ULID (LINE's webhookEventId): 48-bit time and 80 random bits, Crockford base32. */
function ulid(timeMs: number): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  let time = '';
  for (let rest = timeMs, index = 0; index < 10; index += 1, rest = Math.floor(rest / 32)) time = alphabet[rest % 32]! + time;
  return time + Array.from(crypto.randomBytes(16), (byte) => alphabet[byte % 32]).join('');
}

function equalText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
