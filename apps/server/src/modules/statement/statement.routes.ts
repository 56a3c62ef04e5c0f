import { type Language, memberIdParams, memberStatementQuery, referenceLookupResponse, referenceParams, statementBody, statementResponse } from '@wallet/contract';
import { MEMBER, operator } from '../../http/auth.js';
import { failures } from '../../http/openapi.js';
import { requestLanguage } from '../../http/language.js';
import type { App } from '../../http/types.js';
import type { StatementService } from './statement.service.js';

const readers = operator('admin', 'finance', 'support', 'marketing');

/** SPEC §7 POST /api/statement {page, limit} → { total, statements }, with optional filters; the same for an operator on the member page. */
export function registerStatementRoutes(app: App, statement: StatementService, defaultLanguage: Language): void {
  app.post(
    '/api/statement',
    { config: MEMBER, schema: { tags: ['statement'], body: statementBody, response: { 200: statementResponse } } },
    (request) => statement.statement(request.member.memberId, request.body, request.body.page, request.body.limit, requestLanguage(request, defaultLanguage)),
  );
  app.get(
    '/api/admin/members/:id/statement',
    { config: readers, schema: { tags: ['admin'], params: memberIdParams, querystring: memberStatementQuery, response: { 200: statementResponse } } },
    (request) => statement.statement(BigInt(request.params.id), request.query, request.query.page, request.query.limit, requestLanguage(request, defaultLanguage)),
  );
  app.get(
    '/api/admin/references/:reference',
    { config: readers, schema: { tags: ['admin'], params: referenceParams, response: { 200: referenceLookupResponse, ...failures(404) } } },
    (request) => statement.findByReference(request.params.reference),
  );
}
