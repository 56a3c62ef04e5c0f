import crypto from 'node:crypto';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { toMajor } from '@wallet/contract';
import type { Db } from '../db/database.js';
import { type IdempotencyClaim, claimIdempotencyKey } from '../db/idempotency-keys.js';
import { badRequest } from '../errors.js';
import type { App } from './types.js';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_:-]{8,100}$/;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A call that moves money: it takes an Idempotency-Key, bound to what the call asked for.
     * `'by-service'`: the route's service makes the claim itself (`request.idempotencyClaim`), in the
     * statement that moves the money, so the claim costs no commit of its own.
     */
    idempotent?: boolean | 'by-service';
  }
  interface FastifyRequest {
    /** On a `'by-service'` route with a key: the claim its service must make before moving anything. */
    idempotencyClaim: IdempotencyClaim | null;
    /**
     * On an `idempotent: true` route: this key was claimed before for this same call, so the request
     * is a retry whose answer is the first one's (a service that cannot find it by the key alone, as
     * a gift link's credit, asks this).
     */
    idempotentRepeat: boolean;
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
 * does for a reused transfer key) and moves nothing. With `idempotent: 'by-service'` the claim is
 * handed to the route's service instead, which makes it in the statement that moves the money.
 * Must be called before routes are registered.
 */
export function registerIdempotency(app: App, db: Db): void {
  app.decorateRequest('idempotencyClaim', null);
  app.decorateRequest('idempotentRepeat', false);
  const claimOf = (request: FastifyRequest): IdempotencyClaim | null => {
    const key = idempotencyKey(request);
    const owner = ownerOf(request);
    if (key === null || owner === null) return null;
    // The validated body: zod's output has a fixed key order and trimmed strings, so equal calls hash
    // equal. Amounts are parsed into satang (bigint), which JSON cannot write: they are written back
    // in baht, exactly as the body held them, so keys recorded before that change still match.
    const fingerprint = crypto
      .createHash('sha256')
      .update(JSON.stringify([request.method, request.routeOptions.url, request.params ?? null, request.body ?? null], (_key, value: unknown) => (typeof value === 'bigint' ? toMajor(value) : value)))
      .digest('base64url');
    return { owner, key, fingerprint };
  };
  const guard: preHandlerAsyncHookHandler = async (request) => {
    const claim = claimOf(request);
    if (claim) request.idempotentRepeat = !(await claimIdempotencyKey(db, claim));
  };
  const handOver: preHandlerAsyncHookHandler = async (request) => {
    request.idempotencyClaim = claimOf(request);
  };
  app.addHook('onRoute', (route) => {
    const idempotent = route.config?.idempotent;
    if (!idempotent) return;
    const existing = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    route.preHandler = [idempotent === 'by-service' ? handOver : guard, ...existing];
  });
}
