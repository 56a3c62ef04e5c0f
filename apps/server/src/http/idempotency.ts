import crypto from 'node:crypto';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { toMajor } from '@wallet/contract';
import type { Db } from '../db/database.js';
import { AppError, badRequest } from '../errors.js';
import type { App } from './types.js';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_:-]{8,100}$/;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A call that moves money: it takes an Idempotency-Key, bound to what the call asked for. */
    idempotent?: boolean;
  }
}

/** DESIGN §4: money-moving calls accept an Idempotency-Key (the web sends one per action). */
export function idempotencyKey(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) throw badRequest('KEY_INVALID');
  return header;
}

/** Whose key it is: keys are chosen by clients, so two callers may well pick the same one. */
function ownerOf(request: FastifyRequest): string | null {
  if (request.member) return `member:${request.member.memberId}`;
  if (request.admin) return `operator:${request.admin.adminId}`;
  return null;
}

/**
 * Routes with `config: { idempotent: true }` record, on first use of a key, a hash of the route,
 * its parameters and the validated body. The services replay a key's first result; a key reused
 * for a different call is a client bug, and answering the first call's result to it would tell
 * the member that something happened which did not: it answers 409 KEY_INVALID (as the ledger
 * does for a reused transfer key) and moves nothing. Must be called before routes are registered.
 */
export function registerIdempotency(app: App, db: Db): void {
  const guard: preHandlerAsyncHookHandler = async (request) => {
    const key = idempotencyKey(request);
    const owner = ownerOf(request);
    if (key === null || owner === null) return;
    // The validated body: zod's output has a fixed key order and trimmed strings, so equal calls hash
    // equal. Amounts are parsed into satang (bigint), which JSON cannot write: they are written back
    // in baht, exactly as the body held them, so keys recorded before that change still match.
    const fingerprint = crypto
      .createHash('sha256')
      .update(JSON.stringify([request.method, request.routeOptions.url, request.params ?? null, request.body ?? null], (_key, value: unknown) => (typeof value === 'bigint' ? toMajor(value) : value)))
      .digest('base64url');
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({ owner, key, fingerprint })
      .onConflict((oc) => oc.columns(['owner', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (inserted) return;
    const first = await db.selectFrom('idempotency_keys').select('fingerprint').where('owner', '=', owner).where('key', '=', key).executeTakeFirstOrThrow();
    if (first.fingerprint !== fingerprint) throw new AppError('KEY_INVALID', 409);
  };
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    const existing = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    route.preHandler = [guard, ...existing];
  });
}
