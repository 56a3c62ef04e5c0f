import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ErrorCode, isErrorCode } from '@wallet/contract';
import { isDatabaseUnavailable } from '../db/database.js';
import { AppError } from '../errors.js';

function validationCode(messages: string[]): ErrorCode {
  if (messages.includes('KEY_MISSING')) return 'KEY_MISSING';
  const named = messages.find((message) => isErrorCode(message));
  return named && isErrorCode(named) ? named : 'KEY_INVALID';
}

/** Every failure answers `{ message: CODE }` with its status; never a stack trace (DESIGN §4). */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== null) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send({ ...error.details, message: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ message: validationCode(error.validation.map((issue) => issue.message ?? '')) });
    }
    if (isDatabaseUnavailable(error)) {
      // Whatever the call did was rolled back with its transaction: the client retries with the same key.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '1').send({ message: 'SERVICE_UNAVAILABLE' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ message: 'REQUEST_LIMIT' });
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, a body over the limit: the input is at fault.
      request.log.info({ code: error.code }, 'rejected input');
      return reply.status(status).send({ message: 'KEY_INVALID' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'INTERNAL_SERVER_ERROR' });
  });
}
