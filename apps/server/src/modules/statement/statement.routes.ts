import { type StatementEntry, pageBody, statementResponse, toMajor } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { MEMBER } from '../../http/auth.js';
import type { App } from '../../http/types.js';
import { statementPage } from './statement.repository.js';

/** SPEC §7 POST /api/statement {page, limit} → { total, statements }. */
export function registerStatementRoutes(app: App, db: Db): void {
  app.post(
    '/api/statement',
    { config: MEMBER, schema: { tags: ['statement'], body: pageBody, response: { 200: statementResponse } } },
    async (request) => {
      const { total, rows } = await statementPage(db, request.member.memberId, request.body.page, request.body.limit);
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
    },
  );
}
