import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  adminSlipsResponse,
  failReasonBody,
  memberIdParams,
  memberPageQuery,
  operatorItemParams,
  operatorQueueQuery,
  pageBody,
  slipApproveBody,
  slipImageResponse,
  slipListResponse,
  slipRecord,
  slipReferenceParams,
  slipUploadResponse,
} from '@wallet/contract';
import { AppError, badRequest } from '../../errors.js';
import { idempotencyKey } from '../../http/idempotency.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import { MEMBER, operator } from '../../http/auth.js';
import { SLIP_MAX_BYTES } from './slip-image.js';
import type { SlipService } from './slip.service.js';

const imageQuery = z.object({ expires: z.coerce.number().int().positive(), signature: z.string().max(100) });

export function registerSlipRoutes(app: App, slips: SlipService): void {
  const member = { config: MEMBER };

  // Multipart is parsed only here: no other route accepts a file.
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: SLIP_MAX_BYTES, files: 1, fields: 5, parts: 6, headerPairs: 100 } });
    scope.post(
      '/api/wallet/slip',
      {
        // Decoding an image costs far more than any other call: a member gets a few a minute.
        config: { ...MEMBER, rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: { tags: ['deposit'], consumes: ['multipart/form-data'], response: { 200: slipUploadResponse, ...failures(422, 503) } },
      },
      async (request) => {
        if (!request.isMultipart()) throw badRequest('SLIP_NO_FILE');
        let bytes: Buffer | null = null;
        try {
          for await (const part of request.files()) {
            if (part.fieldname === 'file' && bytes === null) bytes = await part.toBuffer();
            else await part.toBuffer(); // drain what is not ours
          }
        } catch (error) {
          // Everything that fails here is reading the member's upload: a body cut short, a broken
          // boundary or part header (busboy's plain Errors), too many parts. None is our fault.
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('SLIP_INVALID_FILE', 413);
          request.log.info({ err: error }, 'unreadable slip upload');
          throw badRequest('SLIP_INVALID_FILE');
        }
        return { message: 'SUCCESS' as const, slip: await slips.upload(request.member, bytes, idempotencyKey(request)) };
      },
    );
  });

  app.post('/api/statement/slip', { ...member, schema: { tags: ['statement'], body: pageBody, response: { 200: slipListResponse } } }, (request) =>
    slips.list(request.member, request.body.page, request.body.limit),
  );
  app.get(
    '/api/statement/slip/reference/:reference',
    { ...member, schema: { tags: ['statement'], params: slipReferenceParams, response: { 200: slipImageResponse, ...failures(404) } } },
    (request) => slips.imageUrl(request.member, request.params.reference),
  );
  // The image itself: opened by the browser (no bearer token), so the address carries a signature.
  app.get('/api/slips/image/:reference', { schema: { hide: true, params: slipReferenceParams, querystring: imageQuery } }, async (request, reply) => {
    const image = await slips.image(request.params.reference, request.query.expires, request.query.signature);
    return reply.header('content-type', 'image/jpeg').header('cache-control', 'private, max-age=900').send(image);
  });

  const finance = { config: operator('admin', 'finance') };
  const tags = ['admin'];
  app.get(
    '/api/admin/members/:id/slips',
    { config: operator('admin', 'finance', 'support'), schema: { tags, params: memberIdParams, querystring: memberPageQuery, response: { 200: adminSlipsResponse } } },
    (request) => slips.listForOperator('all', request.query.page, request.query.limit, BigInt(request.params.id)),
  );
  app.get('/api/admin/slips', { ...finance, schema: { tags, querystring: operatorQueueQuery, response: { 200: adminSlipsResponse } } }, (request) =>
    slips.listForOperator(request.query.status, request.query.page, request.query.limit),
  );
  app.post(
    '/api/admin/slips/:id/approve',
    { ...finance, schema: { tags, params: operatorItemParams, body: slipApproveBody, response: { 200: slipRecord, ...failures(404, 409) } } },
    (request) => slips.approve(request.params.id, request.body.amount, request.admin),
  );
  app.post(
    '/api/admin/slips/:id/fail',
    { ...finance, schema: { tags, params: operatorItemParams, body: failReasonBody, response: { 200: slipRecord, ...failures(404, 409) } } },
    (request) => slips.fail(request.params.id, request.body.reason, request.admin),
  );
}
