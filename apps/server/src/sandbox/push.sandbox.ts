import crypto from 'node:crypto';
import ece from 'http_ece';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/database.js';
import type { App } from '../http/types.js';

const pushFaults = z.object({
  /** Every send answers 503, as a push service down. */
  unavailable: z.boolean().default(false),
  /** Subscriptions the member's browser dropped (unsubscribed, expired): sends to them answer 410. */
  gone: z.array(z.string()).max(1000).default([]),
  /** Each send waits this long before the service does anything. */
  slowMs: z.number().int().min(0).max(120_000).default(0),
  /** Every send answers 429 with Retry-After, as a service throttling us. */
  rateLimited: z.boolean().default(false),
});

/** A push service keeps a message four weeks at most; the sandbox bounds TTL the same way. */
const MAX_TTL_SECONDS = 28 * 24 * 3600;
/** VAPID: a JWT may live 24 hours at most. */
const MAX_JWT_SECONDS = 24 * 3600;

/**
 * Checks `Authorization: vapid t=<JWT>, k=<public key>` as a push service does (RFC 8292): an ES256
 * JWT signed by the key in `k`, for this service's origin, expiring in the future and within 24 h.
 * 'unauthorised' (401) when the header or the signature is wrong, 'forbidden' (403) when a
 * well-signed JWT claims the wrong audience or lifetime.
 */
export function checkVapid(header: string | undefined, audience: string, nowSeconds: number): 'ok' | 'unauthorised' | 'forbidden' {
  const match = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!match?.[1]) return 'unauthorised';
  const parameters = new Map(match[1].split(',').map((part) => {
    const [name = '', ...value] = part.trim().split('=');
    return [name.trim().toLowerCase(), value.join('=').trim()] as const;
  }));
  const token = parameters.get('t') ?? '';
  const publicKey = Buffer.from(parameters.get('k') ?? '', 'base64url');
  const [encodedHeader, encodedClaims, encodedSignature, ...extra] = token.split('.');
  if (!encodedHeader || !encodedClaims || !encodedSignature || extra.length || publicKey.length !== 65 || publicKey[0] !== 4) return 'unauthorised';
  let claims: { aud?: unknown; exp?: unknown };
  try {
    const jwtHeader = JSON.parse(Buffer.from(encodedHeader, 'base64url').toString()) as { alg?: unknown };
    if (jwtHeader.alg !== 'ES256') return 'unauthorised';
    const key = crypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: publicKey.subarray(1, 33).toString('base64url'), y: publicKey.subarray(33).toString('base64url') }, format: 'jwk' });
    // A JWS ES256 signature is r||s (IEEE P1363), not the DER node:crypto expects by default.
    const signed = crypto.verify('sha256', Buffer.from(`${encodedHeader}.${encodedClaims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(encodedSignature, 'base64url'));
    if (!signed) return 'unauthorised';
    claims = JSON.parse(Buffer.from(encodedClaims, 'base64url').toString()) as typeof claims;
  } catch {
    return 'unauthorised';
  }
  if (claims.aud !== audience) return 'forbidden';
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds || claims.exp > nowSeconds + MAX_JWT_SECONDS) return 'forbidden';
  return 'ok';
}

/**
 * The stand-in for a browser push service (DESIGN §7), which also plays the member's browser:
 * a subscription is a real P-256 key pair and auth secret, the service checks each request's
 * VAPID signature and decrypts its aes128gcm body with the browser's private key, as only the
 * browser could, and keeps what it read in an inbox testers and tests look at. Faults: down,
 * throttling, slow, and subscriptions gone.
 */
export function registerPushSandbox(app: App, db: Db, options: { ownAddress: () => string; now: () => Date }): void {
  let faults = pushFaults.parse({});

  app.put('/sandbox/push/faults', { schema: { hide: true, body: pushFaults } }, async (request) => {
    faults = request.body;
    return faults;
  });

  /** What a browser's `pushManager.subscribe()` gives the site: the endpoint to post to and the keys to encrypt for. */
  app.post('/sandbox/push/subscriptions', { schema: { hide: true } }, async () => {
    const browser = crypto.createECDH('prime256v1');
    browser.generateKeys();
    const id = crypto.randomBytes(12).toString('base64url');
    const keys = { p256dh: browser.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') };
    await db.insertInto('sandbox_push_subscriptions').values({ id, private_key: browser.getPrivateKey().toString('base64url'), public_key: keys.p256dh, auth_secret: keys.auth, created_at: options.now() }).execute();
    return { id, endpoint: `${options.ownAddress()}/sandbox/push/send/${id}`, keys };
  });

  // The body is ciphertext: this scope takes it as bytes, whatever the sender calls its type.
  app.register(async (untyped) => {
    const scope = untyped.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // `Content-Encoding: aes128gcm` names the encryption, not a compression for the server to undo.
    scope.post('/sandbox/push/send/:id', { decompress: false, schema: { hide: true, params: z.object({ id: z.string() }) } }, async (request, reply) => {
      if (faults.slowMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.slowMs));
      if (faults.unavailable) return reply.status(503).send({ error: 'UNAVAILABLE' });
      if (faults.rateLimited) return reply.status(429).header('retry-after', '30').send({ error: 'TOO_MANY_REQUESTS' });
      const subscription = await db.selectFrom('sandbox_push_subscriptions').selectAll().where('id', '=', request.params.id).executeTakeFirst();
      if (!subscription) return reply.status(404).send({ error: 'NOT_FOUND' });
      if (faults.gone.includes(subscription.id)) return reply.status(410).send({ error: 'GONE' });

      const vapid = checkVapid(request.headers.authorization, new URL(options.ownAddress()).origin, Math.floor(options.now().getTime() / 1000));
      if (vapid !== 'ok') return reply.status(vapid === 'forbidden' ? 403 : 401).send({ error: vapid === 'forbidden' ? 'FORBIDDEN' : 'UNAUTHORIZED' });
      const ttl = Number(request.headers.ttl);
      if (request.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0 || ttl > MAX_TTL_SECONDS) return reply.status(400).send({ error: 'TTL_REQUIRED' });
      if (request.headers['content-encoding'] !== 'aes128gcm') return reply.status(415).send({ error: 'AES128GCM_REQUIRED' });
      const urgency = request.headers.urgency;
      if (urgency !== undefined && !['very-low', 'low', 'normal', 'high'].includes(String(urgency))) return reply.status(400).send({ error: 'BAD_URGENCY' });
      const topic = request.headers.topic;
      if (topic !== undefined && !/^[\w-]{1,32}$/.test(String(topic))) return reply.status(400).send({ error: 'BAD_TOPIC' });

      let text: string;
      try {
        const browser = crypto.createECDH('prime256v1');
        browser.setPrivateKey(Buffer.from(subscription.private_key, 'base64url'));
        const content = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        text = new TextDecoder('utf-8', { fatal: true }).decode(ece.decrypt(content, { version: 'aes128gcm', privateKey: browser, authSecret: subscription.auth_secret }));
      } catch {
        return reply.status(400).send({ error: 'UNDECRYPTABLE' });
      }
      await db
        .insertInto('sandbox_push_messages')
        .values({ subscription_id: subscription.id, payload: text, ttl, urgency: urgency === undefined ? null : String(urgency), topic: topic === undefined ? null : String(topic), received_at: options.now() })
        .execute();
      return reply.status(201).header('location', `${options.ownAddress()}/sandbox/push/messages?subscription=${subscription.id}`).send();
    });
  });

  /** What the member's browser received, newest first: the payload as sent (parsed when JSON). */
  app.get('/sandbox/push/messages', { schema: { hide: true, querystring: z.object({ subscription: z.string() }) } }, async (request) => {
    const rows = await db.selectFrom('sandbox_push_messages').selectAll().where('subscription_id', '=', request.query.subscription).orderBy('id', 'desc').execute();
    return { messages: rows.map((row) => ({ payload: parsedWhenJson(row.payload), ttl: row.ttl, urgency: row.urgency, topic: row.topic, receivedAt: row.received_at })) };
  });
}

function parsedWhenJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
