import { type StatementEntry, memberIdParams, memberPageQuery, pageBody, statementResponse, toMajor } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { MEMBER, operator } from '../../http/auth.js';
import type { App } from '../../http/types.js';
import { statementPage } from './statement.repository.js';

/** SPEC §7 POST /api/statement {page, limit} → { total, statements }; the same for an operator on the member page. */
export function registerStatementRoutes(app: App, db: Db): void {
  app.post(
    '/api/statement',
    { config: MEMBER, schema: { tags: ['statement'], body: pageBody, response: { 200: statementResponse } } },
    (request) => statementOf(db, request.member.memberId, request.body.page, request.body.limit),
  );
  app.get(
    '/api/admin/members/:id/statement',
    { config: operator('admin', 'finance', 'support', 'marketing'), schema: { tags: ['admin'], params: memberIdParams, querystring: memberPageQuery, response: { 200: statementResponse } } },
    (request) => statementOf(db, BigInt(request.params.id), request.query.page, request.query.limit),
  );
}

async function statementOf(db: Db, memberId: bigint, page: number, limit: number) {
  const { total, rows } = await statementPage(db, memberId, page, limit);
  const statements: StatementEntry[] = rows.map((row) => ({
    _id: row.id,
    statementType: row.statement_type,
    from: row.from_code,
    to: row.to_code,
    status: row.status,
    amount: toMajor(BigInt(row.amount)),
    createdAt: new Date(row.created_at).toISOString(),
    reason: row.reason,
  }));
  return { total, statements };
}
