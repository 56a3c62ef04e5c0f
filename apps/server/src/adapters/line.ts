import crypto from 'node:crypto';
import { type messagingApi, validateSignature } from '@line/bot-sdk';

/** A message as the Messaging API takes it (text, flex…): the official SDK's types, so a card LINE would refuse fails to compile. */
export type LineMessage = messagingApi.Message;

/** LINE's userId for one provider: the same under its LINE Login and Messaging API channels. */
export const LINE_USER_ID = /^U[0-9a-f]{32}$/;

/** The issuer LINE Login writes into every id_token. */
export const LINE_ID_TOKEN_ISSUER = 'https://access.line.me';

/** LINE did not take the call. */
export class LineError extends Error {
  constructor(
    message: string,
    /** Worth trying again later (LINE busy, down, rate limiting, or not answering); otherwise our request is wrong. */
    readonly retryable: boolean,
    /** LINE's answer, when there was one. */
    readonly status: number | null = null,
    /** When LINE said to come back (Retry-After, seconds). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/** `unreachable`: LINE will not deliver to this user (they blocked the Official Account, or never added it). */
export type LinePushOutcome = { status: 'sent' } | { status: 'unreachable'; why: string };

export interface LineMessaging {
  /**
   * Pushes messages to one user as the Official Account. `retryKey` (a UUID) goes as X-Line-Retry-Key:
   * LINE delivers a key once, and answers a resend 409 with the request it accepted, which is a send.
   */
  push(to: string, messages: LineMessage[], retryKey: string): Promise<LinePushOutcome>;
}

/** Who signed in with LINE Login, from an id_token whose signature and claims were checked. */
export interface LineIdentity {
  userId: string;
  displayName: string | null;
  /** Whether they have the Official Account as a friend now (LINE's friendship status). */
  friend: boolean;
}

export interface LineLogin {
  /** LINE's consent page (OAuth 2.1 authorization code), offering to add the Official Account as a friend on the way. */
  authorizeUrl(request: { redirectUri: string; state: string; nonce: string }): string;
  /** The code LINE sent back, exchanged and verified. Throws LineError when LINE refuses it or the id_token does not check out. */
  signIn(request: { code: string; redirectUri: string; nonce: string }): Promise<LineIdentity>;
}

export interface LineOptions {
  /** api.line.me, or the sandbox: read at each call, the server's own address is known once it listens. */
  apiUrl: () => string;
  /** access.line.me (the consent page), or the sandbox. */
  accessUrl: () => string;
  channelId: string;
  channelSecret: string;
  loginChannelId: string;
  loginChannelSecret: string;
  timeoutMs: number;
  now: () => Date;
}

/** A stateless channel access token is renewed this long before it expires, so no push carries one that dies on the way. */
const RENEW_BEFORE_EXPIRY_MS = 2 * 60_000;

/*
 * Calls go through fetch rather than the SDK's clients (MessagingApiClient, ChannelAccessTokenClient):
 * those build each URL as `new URL('/v2/bot/...', baseURL)`, which drops a base URL's path, so they
 * cannot reach the sandbox at this server's /sandbox/line, and the same code path must run in every
 * environment; they also take no timeout or abort signal, and hide the 409 headers a resend needs.
 * The SDK still gives the message types and the webhook signature check.
 */
export function createLineMessaging(options: LineOptions): LineMessaging {
  const tokens = channelTokens(options);

  async function pushOnce(token: string, to: string, messages: LineMessage[], retryKey: string): Promise<Response> {
    try {
      return await fetch(`${options.apiUrl()}/v2/bot/message/push`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-line-retry-key': retryKey },
        body: JSON.stringify({ to, messages } satisfies messagingApi.PushMessageRequest),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      // Timed out or unreachable: LINE may have taken it; the retry key makes the next try safe.
      throw new LineError(`LINE unreachable: ${(error as Error).message}`, true);
    }
  }

  return {
    async push(to, messages, retryKey) {
      let token = await tokens.current();
      let response = await pushOnce(token, to, messages, retryKey);
      if (response.status === 401) {
        // Expired or revoked under us (a clock off, LINE's restart): one new token, one more try.
        await response.body?.cancel();
        tokens.forget(token);
        token = await tokens.current();
        response = await pushOnce(token, to, messages, retryKey);
      }
      const text = await response.text().catch(() => '');
      if (response.ok) return { status: 'sent' };
      // A resend of a retry key LINE already accepted: the message was delivered the first time.
      if (response.status === 409 && response.headers.get('x-line-accepted-request-id')) return { status: 'sent' };
      if (response.status === 403 || response.status === 404) return { status: 'unreachable', why: `LINE refused the user (${response.status}): ${lineMessage(text)}` };
      // A userId LINE does not know for our Official Account (never a friend): nothing to retry.
      if (response.status === 400 && invalidRecipient(text)) return { status: 'unreachable', why: `LINE does not know this user: ${lineMessage(text)}` };
      throw answerError('push', response, text);
    },
  };
}

/** Stateless channel access tokens (client credentials, 15 minutes), kept and renewed before they expire; one request at a time. */
function channelTokens(options: LineOptions) {
  let held: { token: string; renewAt: number } | null = null;
  let issuing: Promise<string> | null = null;

  async function issue(): Promise<string> {
    let response: Response;
    try {
      response = await fetch(`${options.apiUrl()}/oauth2/v3/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: options.channelId, client_secret: options.channelSecret }).toString(),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new LineError(`LINE token endpoint unreachable: ${(error as Error).message}`, true);
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) throw answerError('channel token', response, text);
    const answer = parsedJson(text) as { access_token?: unknown; expires_in?: unknown } | null;
    if (typeof answer?.access_token !== 'string' || typeof answer.expires_in !== 'number') throw new LineError('LINE token endpoint answered without a token', true, response.status);
    const lifetimeMs = answer.expires_in * 1000;
    held = { token: answer.access_token, renewAt: options.now().getTime() + Math.max(lifetimeMs - RENEW_BEFORE_EXPIRY_MS, lifetimeMs / 2) };
    return answer.access_token;
  }

  return {
    current(): Promise<string> {
      if (held && options.now().getTime() < held.renewAt) return Promise.resolve(held.token);
      issuing ??= issue().finally(() => (issuing = null));
      return issuing;
    },
    forget(token: string): void {
      if (held?.token === token) held = null;
    },
  };
}

export function createLineLogin(options: LineOptions): LineLogin {
  return {
    authorizeUrl({ redirectUri, state, nonce }) {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: options.loginChannelId,
        redirect_uri: redirectUri,
        state,
        scope: 'profile openid',
        nonce,
        // Offers to add the Official Account as a friend on the consent page: without it, nothing is delivered.
        bot_prompt: 'aggressive',
      });
      return `${options.accessUrl()}/oauth2/v2.1/authorize?${query.toString()}`;
    },

    async signIn({ code, redirectUri, nonce }) {
      let response: Response;
      try {
        response = await fetch(`${options.apiUrl()}/oauth2/v2.1/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: options.loginChannelId, client_secret: options.loginChannelSecret }).toString(),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new LineError(`LINE Login unreachable: ${(error as Error).message}`, true);
      }
      const text = await response.text().catch(() => '');
      if (!response.ok) throw answerError('code exchange', response, text);
      const answer = parsedJson(text) as { access_token?: unknown; id_token?: unknown } | null;
      if (typeof answer?.id_token !== 'string' || typeof answer.access_token !== 'string') throw new LineError('LINE Login answered without an id_token', false, response.status);
      const claims = verifyLineIdToken(answer.id_token, { channelId: options.loginChannelId, channelSecret: options.loginChannelSecret, nonce, nowSeconds: Math.floor(options.now().getTime() / 1000) });
      if (!claims) throw new LineError('LINE Login id_token did not verify', false, response.status);
      return { userId: claims.sub, displayName: claims.name, friend: await friendship(options, answer.access_token) };
    },
  };
}

/** GET /friendship/v1/status with the member's own access token: whether they have our Official Account as a friend. */
async function friendship(options: LineOptions, accessToken: string): Promise<boolean> {
  let response: Response;
  try {
    response = await fetch(`${options.apiUrl()}/friendship/v1/status`, { headers: { authorization: `Bearer ${accessToken}` }, signal: AbortSignal.timeout(options.timeoutMs) });
  } catch (error) {
    throw new LineError(`LINE unreachable: ${(error as Error).message}`, true);
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) throw answerError('friendship status', response, text);
  return (parsedJson(text) as { friendFlag?: unknown } | null)?.friendFlag === true;
}

/**
 * A LINE Login id_token (HS256, signed with the Login channel's secret) checked as LINE documents:
 * signature, issuer, audience (our channel id), expiry, and the nonce we sent. null when any fails.
 */
export function verifyLineIdToken(idToken: string, expected: { channelId: string; channelSecret: string; nonce: string; nowSeconds: number }): { sub: string; name: string | null } | null {
  const [encodedHeader, encodedClaims, encodedSignature, ...extra] = idToken.split('.');
  if (!encodedHeader || !encodedClaims || encodedSignature === undefined || extra.length) return null;
  let header: { alg?: unknown };
  let claims: { iss?: unknown; aud?: unknown; exp?: unknown; nonce?: unknown; sub?: unknown; name?: unknown };
  try {
    header = JSON.parse(Buffer.from(encodedHeader, 'base64url').toString()) as typeof header;
    claims = JSON.parse(Buffer.from(encodedClaims, 'base64url').toString()) as typeof claims;
  } catch {
    return null;
  }
  // Only HS256: a token claiming `none` or another algorithm is refused before its signature is read.
  if (header.alg !== 'HS256') return null;
  const signature = Buffer.from(encodedSignature, 'base64url');
  const wanted = crypto.createHmac('sha256', expected.channelSecret).update(`${encodedHeader}.${encodedClaims}`).digest();
  if (signature.length !== wanted.length || !crypto.timingSafeEqual(signature, wanted)) return null;
  if (claims.iss !== LINE_ID_TOKEN_ISSUER || claims.aud !== expected.channelId) return null;
  if (typeof claims.exp !== 'number' || claims.exp <= expected.nowSeconds) return null;
  if (typeof claims.nonce !== 'string' || !equalText(claims.nonce, expected.nonce)) return null;
  if (typeof claims.sub !== 'string' || !LINE_USER_ID.test(claims.sub)) return null;
  return { sub: claims.sub, name: typeof claims.name === 'string' ? claims.name : null };
}

/** x-line-signature: base64 HMAC-SHA256 of the raw body with the Messaging API channel secret, compared in constant time. */
export function lineSignatureValid(rawBody: string | Buffer, channelSecret: string, signature: string | undefined): boolean {
  if (!signature) return false;
  return validateSignature(rawBody, channelSecret, signature);
}

/** The x-line-signature LINE would send with this body. */
export function lineSignature(rawBody: string | Buffer, channelSecret: string): string {
  return crypto.createHmac('sha256', channelSecret).update(rawBody).digest('base64');
}

function equalText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

function answerError(call: string, response: Response, text: string): LineError {
  const retryable = response.status === 429 || response.status >= 500;
  const seconds = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
  return new LineError(`LINE ${call} answered ${response.status}: ${lineMessage(text)}`, retryable, response.status, Number.isNaN(seconds) ? null : seconds);
}

/** LINE's own words from an error answer ({ message, details } or OAuth's { error, error_description }). */
function lineMessage(text: string): string {
  const body = parsedJson(text) as { message?: unknown; error?: unknown; error_description?: unknown } | null;
  const said = body?.message ?? body?.error_description ?? body?.error;
  return typeof said === 'string' ? said : text.slice(0, 200);
}

function invalidRecipient(text: string): boolean {
  const body = parsedJson(text) as { message?: unknown; details?: unknown } | null;
  if (typeof body?.message === 'string' && /'to'/.test(body.message)) return true;
  return Array.isArray(body?.details) && body.details.some((detail: unknown) => (detail as { property?: unknown } | null)?.property === 'to');
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
