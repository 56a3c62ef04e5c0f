import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assignRiskCaseBody, closeRiskCaseBody, memberIdParams, messageResponse, riskCaseNoteBody, riskCaseResponse, riskCasesQuery, riskCasesResponse, riskMetricsResponse, riskSnoozeBody } from '@wallet/contract';
import { AppError, badRequest } from '../../errors.js';
import { operator } from '../../http/auth.js';
import { sendCsv } from '../../http/csv.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { CaseService, ExportRow, Upload } from './risk.cases.service.js';

const tags = ['admin'];
const idParams = z.object({ id: z.uuid() });
const attachmentParams = z.object({ id: z.uuid(), attachmentId: z.uuid() });
const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
const NOTE_MAX = 4000;
const EXPORT_COLUMNS: { key: keyof ExportRow & string; header: string }[] = [
  { key: 'section', header: 'section' },
  { key: 'time', header: 'time (UTC)' },
  { key: 'item', header: 'item' },
  { key: 'reference', header: 'reference' },
  { key: 'amount', header: 'amount' },
  { key: 'currency', header: 'currency' },
  { key: 'detail', header: 'detail' },
];

/** Cases, for the desks whose inboxes they sit in (finance: money movements; marketing: rewards and invites; admin: all). */
export function registerCaseRoutes(app: App, cases: CaseService): void {
  const base = '/api/admin/risk/cases';
  const desks = { config: operator('admin', 'finance', 'marketing') };
  const detail = { tags, params: idParams, response: { 200: riskCaseResponse, ...failures(404, 409) } };
  app.get(base, { ...desks, schema: { tags, querystring: riskCasesQuery, response: { 200: riskCasesResponse } } }, async (request) => ({ cases: await cases.list(request.admin, request.query) }));
  app.get(`${base}/:id`, { ...desks, schema: detail }, async (request) => ({ case: await cases.detail(request.params.id, request.admin) }));
  app.post(`${base}/:id/assign`, { ...desks, schema: { ...detail, body: assignRiskCaseBody } }, async (request) => ({
    case: await cases.assign(request.params.id, request.body.assignee, request.admin),
  }));
  app.post(`${base}/:id/notes`, { ...desks, schema: { ...detail, body: riskCaseNoteBody } }, async (request) => ({ case: await cases.note(request.params.id, request.body.body, request.admin) }));
  app.post(`${base}/:id/close`, { ...desks, schema: { ...detail, body: closeRiskCaseBody } }, async (request) => ({ case: await cases.close(request.params.id, request.body, request.admin) }));
  app.post(`${base}/:id/snoozes`, { ...desks, schema: { ...detail, body: riskSnoozeBody } }, async (request) => ({ case: await cases.snooze(request.params.id, request.body, request.admin) }));
  app.register(async (untyped) => {
    const scope = untyped.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, { limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 1, parts: 2, headerPairs: 100 } });
    scope.post(`${base}/:id/attachments`, { ...desks, schema: { ...detail, consumes: ['multipart/form-data'], response: { ...detail.response, ...failures(413) } } }, async (request) => {
      if (!request.isMultipart()) throw badRequest('SLIP_NO_FILE');
      let file: Upload | null = null;
      let body = '';
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const bytes = await part.toBuffer();
            if (part.fieldname === 'file' && file === null) file = { filename: part.filename, bytes };
          } else if (part.fieldname === 'body' && typeof part.value === 'string') body = part.value.trim();
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('CHAT_FILE_TOO_LARGE', 413);
        throw badRequest('CHAT_FILE_UNSUPPORTED');
      }
      if (!file) throw badRequest('SLIP_NO_FILE');
      if (body.length > NOTE_MAX) throw badRequest('KEY_INVALID');
      return { case: await cases.attach(request.params.id, file, body, request.admin) };
    });
  });
  app.get(`${base}/:id/attachments/:attachmentId`, { ...desks, schema: { tags, params: attachmentParams } }, async (request, reply) => {
    const file = await cases.attachment(request.params.id, request.params.attachmentId, request.admin);
    return reply
      .header('content-type', file.content_type)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', 'sandbox')
      .header('cache-control', 'private, no-store')
      .send(file.bytes);
  });
  app.get(`${base}/:id/export.csv`, { ...desks, schema: { tags, params: idParams } }, async (request, reply) => {
    const { rows, caseId } = await cases.exportRows(request.params.id, request.admin);
    return sendCsv(
      reply,
      `case-${caseId}.csv`,
      EXPORT_COLUMNS,
      (async function* () {
        yield rows;
      })(),
    );
  });
  app.get('/api/admin/risk/metrics', { config: operator('admin', 'finance'), schema: { tags, response: { 200: riskMetricsResponse } } }, () => cases.metrics());
  app.delete('/api/admin/risk/freezes/:id', { config: operator('admin'), schema: { tags, params: memberIdParams, response: { 200: messageResponse, ...failures(404) } } }, async (request) => {
    return { message: await cases.unfreeze(BigInt(request.params.id), request.admin) };
  });
}
