import { type Language, PROGRAMME_NAMES, type StatementEntry, memberIdParams, memberPageQuery, pageBody, statementResponse, toMajor } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { MEMBER, operator } from '../../http/auth.js';
import { requestLanguage } from '../../http/language.js';
import type { App } from '../../http/types.js';
import { type StatementRow, offerNames, statementPage } from './statement.repository.js';

/** SPEC §3 names the related item `luckydraw` for spin prizes. */
const RELATED_FIELD = { bonus: 'bonus', promotion: 'promotion', invite: 'invite', refund: 'refund', spin: 'luckydraw' } as const;

/** SPEC §7 POST /api/statement {page, limit} → { total, statements }; the same for an operator on the member page. */
export function registerStatementRoutes(app: App, db: Db, defaultLanguage: Language): void {
  app.post(
    '/api/statement',
    { config: MEMBER, schema: { tags: ['statement'], body: pageBody, response: { 200: statementResponse } } },
    (request) => statementOf(db, request.member.memberId, request.body.page, request.body.limit, requestLanguage(request, defaultLanguage)),
  );
  app.get(
    '/api/admin/members/:id/statement',
    { config: operator('admin', 'finance', 'support', 'marketing'), schema: { tags: ['admin'], params: memberIdParams, querystring: memberPageQuery, response: { 200: statementResponse } } },
    (request) => statementOf(db, BigInt(request.params.id), request.query.page, request.query.limit, requestLanguage(request, defaultLanguage)),
  );
}

async function statementOf(db: Db, memberId: bigint, page: number, limit: number, language: Language) {
  const { total, rows } = await statementPage(db, memberId, page, limit);
  const offerCodes = [...new Set(rows.filter((row) => row.related_kind === 'bonus' || row.related_kind === 'promotion').map((row) => row.related_code!))];
  const names = new Map((await offerNames(db, offerCodes)).map((offer) => [offer.code, offer.name]));
  const describe = (row: StatementRow): string => {
    if (row.related_kind === 'bonus' || row.related_kind === 'promotion') {
      const name = names.get(row.related_code!);
      return (name && (name[language] || name.th)) || row.related_code!;
    }
    return PROGRAMME_NAMES[row.related_kind!][language];
  };
  const statements: StatementEntry[] = rows.map((row) => ({
    _id: row.id,
    statementType: row.statement_type,
    from: row.from_code,
    to: row.to_code,
    status: row.status,
    amount: toMajor(BigInt(row.amount)),
    createdAt: new Date(row.created_at).toISOString(),
    reason: row.reason,
    ...(row.related_kind ? { [RELATED_FIELD[row.related_kind]]: { code: row.related_code!, description: describe(row) } } : {}),
  }));
  return { total, statements };
}
