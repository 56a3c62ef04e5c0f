import crypto from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import { type ZodTypeProvider, serializerCompiler } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@wallet/contract';
import type { AppConfig } from '../config.js';
import { runCausedBy } from '../request-context.js';
import { registerErrorHandling } from './errors.js';
import { swaggerOptions } from './openapi.js';
import type { App } from './types.js';
import { validatorCompiler } from './validation.js';

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count becomes a function: the socket peer is hop 0,
 * then X-Forwarded-For from the right, and the first hop past the count is the client. (Fastify 5
 * now refuses a bare number, since a client that reaches the node directly could claim hops; the
 * count is for nodes only the proxies can reach, docs/operations.md.)
 */
function trustedProxies(setting: AppConfig['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/**
 * A caller's `x-request-id` is kept when it is short visible ASCII (no spaces or line breaks: it goes
 * into log lines, the ledger and the audit log); any other, or none, gets a UUID.
 */
const CALLER_REQUEST_ID = /^[\x21-\x7e]{1,128}$/;
function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && CALLER_REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

// Fastify types its compiler factories for Ajv's schemas; ours take zod's, as setValidatorCompiler does.
const zodCompilers = { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler } as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * The HTTP server every module registers on: parsing, validation, errors, security headers, compression, API docs.
 * `forBrowsers: false` leaves out what only a browser needs (security headers, cookies, compression):
 * the sandbox provider alone answers our adapter's calls and nothing else (sandbox/provider-main.ts).
 */
export async function createServer(config: Pick<AppConfig, 'logLevel' | 'trustProxy'>, { forBrowsers = true } = {}): Promise<App> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 64 * 1024,
    requestIdHeader: false,
    genReqId: requestIdOf,
    return503OnClosing: true,
    // A path that is not valid percent-encoding (a lone surrogate's bytes) never reaches a route:
    // it gets the same `{ message }` answer as every other malformed input.
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply).code(error.statusCode && error.statusCode < 500 ? error.statusCode : 400).send({ message: 'KEY_INVALID' });
    },
    // Every schema is the contract's zod: Fastify's own JSON Schema compilers (Ajv,
    // fast-json-stringify) are never built, which took a tenth of a node's start to load.
    schemaController: { compilersFactory: zodCompilers },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // The request's id is what its writes record (request-context.ts): set first, and again once the
  // body is read, since the body's stream events run outside the request's async context.
  app.addHook('onRequest', (request, _reply, done) => runCausedBy(request.id, done));
  app.addHook('preValidation', (request, _reply, done) => runCausedBy(request.id, done));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers are private and change (a 410 gone is cacheable by default): never cache them.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  if (!forBrowsers) return app;

  // Security headers from helmet, built once: @fastify/helmet built helmet's middleware again on every
  // request, parsing the whole policy each time (measured in a profile of the money bench).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // sonner and React set inline styles; no inline script is ever allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameAncestors: ["'none'"],
        // TLS is ended by the load balancer; upgrading would break plain-http local use.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
  await app.register(cookie);
  // Members are on phone data: JSON answers and the web app's files go out compressed.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  return app;
}

/** The OpenAPI document and its viewer; registered after the flood guard so the docs are counted too. */
export async function registerApiDocs(app: App): Promise<void> {
  await app.register(swagger, { ...swaggerOptions, openapi: { ...swaggerOptions.openapi, info: { ...swaggerOptions.openapi!.info!, version: APP_VERSION } } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
