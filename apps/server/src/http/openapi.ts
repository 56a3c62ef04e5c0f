import { errorResponse } from '@wallet/contract';
import { z } from 'zod';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from './types.js';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

/** A route's failures besides the ones every route has (see registerOpenApiConventions). */
export function failures(...statuses: ErrorStatus[]): Partial<Record<ErrorStatus, typeof errorResponse>> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponse]));
}

const IDEMPOTENCY_HEADER = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      pattern: '^[A-Za-z0-9_:-]{8,100}$',
      description: 'One per member action; a retry with the same key and the same call answers the first result, with another call 409 KEY_INVALID.',
    },
  },
};

/**
 * Every documented /api route answers, besides its own failures: 400 when it takes input (and 413,
 * 415 when it has a body), 401 and
 * 403 when it needs a token, 410 once the site is terminated (unless it survives termination),
 * 429 from the flood guard, 500, and 503 while the database is away or the node sheds load (BUSY). These are added to the route's response schemas (so answers
 * are checked against them too) and the route is marked with the token it needs.
 */
export function registerOpenApiConventions(app: App, options: { survivesTermination: (url: string) => boolean }): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema;
    if (!route.url.startsWith('/api/') || !schema || schema.hide) return;
    const auth = route.config?.auth;
    // Any POST or PUT carries a body Fastify parses: malformed (400), too large (413), not JSON (415).
    const hasBody = ['POST', 'PUT'].some((method) => (Array.isArray(route.method) ? route.method : [route.method]).includes(method));
    const common: ErrorStatus[] = [...(auth ? [401 as const, 403 as const] : []), 429, 500, 503];
    if (hasBody) common.push(400, 413, 415);
    else if (schema.params || schema.querystring) common.push(400);
    if (!options.survivesTermination(route.url)) common.push(410);
    schema.response = { ...failures(...common), ...(schema.response as object | undefined) };
    if (auth) schema.security = auth === 'customer' ? [{ member: [] }, { guest: [] }] : [{ [auth === 'member' ? 'member' : 'operator']: [] }];
    // The roles an operator route admits, for readers of the document and the test that holds every other role to 403.
    if (auth && typeof auth === 'object') (schema as Record<string, unknown>)['x-roles'] = [...auth.operator];
  });
}

type JsonSchemaNode = { [keyword: string]: unknown };

/**
 * zod's OpenAPI 3.0 output marks a nullable enum `nullable: true` but leaves null out of `enum`,
 * which (OpenAPI 3.0.3, and validators that follow it) still refuses null: add it.
 */
function admitNullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(admitNullInNullableEnums);
  if (node === null || typeof node !== 'object') return;
  const schema = node as JsonSchemaNode;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
  Object.values(schema).forEach(admitNullInNullableEnums);
}

export const swaggerOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    info: {
      title: 'Member wallet API',
      version: '',
      description:
        'Every failure answers `{ "message": CODE }`. Strings never hold a NUL byte or a lone surrogate (400 KEY_INVALID). Calls that move money take an `Idempotency-Key`.',
    },
    components: {
      schemas: { Error: z.toJSONSchema(errorResponse, { target: 'openapi-3.0' }) as Record<string, unknown> },
      securitySchemes: {
        member: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A member session token from POST /api/login.' },
        operator: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An operator token from POST /api/admin/login.' },
        guest: { type: 'apiKey', in: 'header', name: 'x-guest-id', description: 'A chat guest id from POST /api/chat/guest (a secret: it is the guest).' },
      },
    },
  },
  transform: (document) => {
    const transformed = jsonSchemaTransform(document);
    admitNullInNullableEnums(transformed.schema);
    // Failures share one schema: named once under components instead of inlined a thousand times.
    const declared = (document.schema as { response?: Record<string, unknown> } | undefined)?.response ?? {};
    const answers = (transformed.schema as { response?: Record<string, unknown> } | undefined)?.response;
    for (const status of Object.keys(answers ?? {})) {
      if (declared[status] === errorResponse) answers![status] = { $ref: '#/components/schemas/Error' };
    }
    if (document.route.config?.idempotent && transformed.schema && !transformed.schema.hide) {
      return { ...transformed, schema: { ...transformed.schema, headers: IDEMPOTENCY_HEADER } };
    }
    return transformed;
  },
};
