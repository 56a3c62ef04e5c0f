import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { isWellFormedText } from '@wallet/contract';
import type { z } from 'zod';
import { badRequest } from '../errors.js';

/** Whether any string (or object key) in `value` is not well-formed text. */
function hasMalformedText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !isWellFormedText(value);
  if (value === null || typeof value !== 'object') return false;
  // No route takes input nested this deep; refusing it also keeps the walk off the stack's limit.
  if (depth > 32) return true;
  if (Array.isArray(value)) return value.some((item) => hasMalformedText(item, depth + 1));
  return Object.entries(value).some(([key, item]) => !isWellFormedText(key) || hasMalformedText(item, depth + 1));
}

/**
 * The zod validator, behind one check shared by every string of every route (body, params,
 * query, headers): a NUL byte or a lone surrogate is refused with KEY_INVALID. PostgreSQL
 * cannot store either in text, so without this each would surface as a 500 in whatever query
 * met it first; here new routes are covered without anyone remembering to.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    if (hasMalformedText(data)) return { error: badRequest('KEY_INVALID') };
    return validate(data);
  };
};
