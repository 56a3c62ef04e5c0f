import { configChange } from '@wallet/contract';
import type { FastifyReply } from 'fastify';
import type { Outcome } from '../modules/approvals/approvals.service.js';

/** A change's answer: 200 with what applied, or 202 with the proposal that waits for a second operator. */
export function answerOutcome<T>(reply: FastifyReply, outcome: Outcome<T>) {
  if ('pending' in outcome) return reply.code(202).send(outcome.pending);
  return outcome.applied;
}
/** The response schema of a call that may wait for a second operator. */
export const pendingResponse = { 202: configChange };
