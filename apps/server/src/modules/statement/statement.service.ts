import { type Language, PROGRAMME_NAMES, type ReferenceLookup, type StatementEntry, type StatementFilter, memberDayStart, parseReference, toMajor } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { badRequest, notFound } from '../../errors.js';
import type { Members } from '../account/members.js';
import type { RelatedKind, RelatedNames, StatementRow, StatementSources } from './statement-sources.js';
import * as repo from './statement.repository.js';

/** SPEC §3 names the related item `luckydraw` for spin prizes. */
const RELATED_FIELD = { bonus: 'bonus', promotion: 'promotion', invite: 'invite', refund: 'refund', spin: 'luckydraw' } as const;
const DAY_MS = 86_400_000;

/** A filter's days as instants: from the first day's midnight (UTC+7) to the midnight after the last. */
export function statementWindow(filter: StatementFilter): repo.StatementWindow {
  return {
    since: filter.from ? memberDayStart(filter.from) : null,
    until: filter.to ? new Date(memberDayStart(filter.to).getTime() + DAY_MS) : null,
  };
}

/**
 * The member's statement (SPEC §6, §7), and an operator's way to a deposit or withdrawal by its
 * reference: read from the sources the owning modules registered, the member's name and phone from
 * the account module's port.
 */
export function createStatementService(deps: { db: Db; sources: Pick<StatementSources, 'chosen' | 'references' | 'namesFor'>; members: Pick<Members, 'find'> }) {
  const { db, sources } = deps;

  /** The operator-given names of the page's related items, one query per kind of names. */
  async function relatedNames(rows: StatementRow[]): Promise<Map<string, Record<string, string>>> {
    const codesBy = new Map<RelatedNames, Set<string>>();
    for (const row of rows) {
      const names = row.related_kind ? sources.namesFor(row.related_kind) : undefined;
      if (names) codesBy.set(names, (codesBy.get(names) ?? new Set()).add(row.related_code!));
    }
    const found = await Promise.all([...codesBy].map(([names, codes]) => names.names(db, [...codes])));
    return new Map(found.flat().map((item) => [item.code, item.name]));
  }

  return {
    async statement(memberId: bigint, filter: StatementFilter, page: number, limit: number, language: Language): Promise<{ total: number; statements: StatementEntry[] }> {
      const { total, rows } = await repo.statementPage(db, sources.chosen(filter.type ?? 'all'), memberId, statementWindow(filter), page, limit);
      const names = await relatedNames(rows);
      // Invite, refund and spin are programmes with fixed names; bonuses and promotion codes are named by the operator.
      const describe = (kind: RelatedKind, code: string): string => {
        if (kind in PROGRAMME_NAMES) return PROGRAMME_NAMES[kind as keyof typeof PROGRAMME_NAMES][language];
        const name = names.get(code);
        return (name && (name[language] || name.th)) || code;
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
        ...(row.related_kind ? { [RELATED_FIELD[row.related_kind]]: { code: row.related_code!, description: describe(row.related_kind, row.related_code!) } } : {}),
        ...(row.reference ? { reference: row.reference } : {}),
        ...(row.checking ? { checking: true } : {}),
      }));
      return { total, statements };
    },

    /** What a reference names, read out by a member or pasted by an operator (O for 0 and I or L for 1 are forgiven). */
    async findByReference(input: string): Promise<ReferenceLookup> {
      const parsed = parseReference(input);
      if (!parsed) throw badRequest('KEY_INVALID');
      const row = await sources.references(parsed.kind)?.find(db, parsed.reference);
      const member = row ? await deps.members.find(db, BigInt(row.member_id)) : undefined;
      if (!row || !member) throw notFound();
      return {
        reference: parsed.reference,
        kind: row.kind,
        statementType: row.kind === 'withdrawal' || (row.kind === 'correction' && row.to_code === 'OPERATOR') ? 'withdraw' : 'deposit',
        _id: row.id,
        memberId: String(row.member_id),
        phone: member.phone,
        memberName: member.name,
        amount: toMajor(BigInt(row.amount)),
        currency: row.currency ?? member.currency,
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
