import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors.js';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_:-]{8,100}$/;

/** DESIGN §4: money-moving calls accept an Idempotency-Key (the web sends one per action). */
export function idempotencyKey(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) throw badRequest('KEY_INVALID');
  return header;
}
