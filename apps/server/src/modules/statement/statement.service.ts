import { type Language, PROGRAMME_NAMES, type ReferenceLookup, type StatementEntry, type StatementFilter, memberDayStart, numberOfReference, parseReference, toMajor } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { badRequest, notFound } from '../../errors.js';
import * as repo from './statement.repository.js';

/** SPEC §3 names the related item `luckydraw` for spin prizes. */
const RELATED_FIELD = { bonus: 'bonus', promotion: 'promotion', invite: 'invite', refund: 'refund', spin: 'luckydraw' } as const;
const DAY_MS = 86_400_000;

/** A filter's days as instants: from the first day's midnight (UTC+7) to the midnight after the last. */
export function statementQuery(filter: StatementFilter): repo.StatementQuery {
  return {
    type: filter.type ?? 'all',
    since: filter.from ? memberDayStart(filter.from) : null,
    until: filter.to ? new Date(memberDayStart(filter.to).getTime() + DAY_MS) : null,
  };
}

/** The member's statement (SPEC §6, §7), and an operator's way to a deposit or withdrawal by its reference. */
export function createStatementService(db: Db) {
  return {
    async statement(memberId: bigint, filter: StatementFilter, page: number, limit: number, language: Language): Promise<{ total: number; statements: StatementEntry[] }> {
      const { total, rows } = await repo.statementPage(db, memberId, statementQuery(filter), page, limit);
      const offerCodes = [...new Set(rows.filter((row) => row.related_kind === 'bonus' || row.related_kind === 'promotion').map((row) => row.related_code!))];
      const names = new Map((await repo.offerNames(db, offerCodes)).map((offer) => [offer.code, offer.name]));
      const describe = (row: repo.StatementRow): string => {
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
        ...(row.reference ? { reference: row.reference } : {}),
      }));
      return { total, statements };
    },

    /** What a reference names, read out by a member or pasted by an operator (O for 0 and I or L for 1 are forgiven). */
    async findByReference(input: string): Promise<ReferenceLookup> {
      const parsed = parseReference(input);
      if (!parsed) throw badRequest('KEY_INVALID');
      const row =
        parsed.kind === 'D'
          ? await repo.depositByReference(db, parsed.reference)
          : parsed.kind === 'W'
            ? await repo.withdrawalByReference(db, parsed.reference)
            : await repo.correctionByTransferId(db, numberOfReference(parsed.reference));
      if (!row) throw notFound();
      return {
        reference: parsed.reference,
        kind: row.kind,
        statementType: row.kind === 'withdrawal' || (row.kind === 'correction' && row.to_code === 'OPERATOR') ? 'withdraw' : 'deposit',
        _id: row.id,
        memberId: String(row.member_id),
        phone: row.phone,
        memberName: row.member_name,
        amount: toMajor(BigInt(row.amount)),
        currency: row.currency,
        status: row.status,
        createdAt: new Date(row.created_at).toISOString(),
        from: row.from_code,
        to: row.to_code,
        reason: row.reason,
      };
    },
  };
}
export type StatementService = ReturnType<typeof createStatementService>;
