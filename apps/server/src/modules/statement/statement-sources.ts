import type { RawBuilder } from 'kysely';
import type { ReferenceKind, StatementTypeFilter } from '@wallet/contract';
import type { Db } from '../../db/database.js';

/**
 * The member's statement is a named read model: it queries no table of its own nor anyone else's.
 * Each module that records a movement registers where its entries come from (a source), from its
 * `*.module.ts`, and the query lives in that module's repository, on its own tables only.
 */

/** The filter a source's entries answer to (`bonus` also takes the `finish_bonus` entries). */
export type StatementType = Exclude<StatementTypeFilter, 'all'>;
/** The order the types are unioned in for an unfiltered page; sources of one type keep their registration order. */
export const STATEMENT_TYPES: readonly StatementType[] = ['transfer', 'withdraw', 'deposit', 'bonus'];

export type RelatedKind = 'bonus' | 'promotion' | 'invite' | 'refund' | 'spin';

/** One statement line as every source selects it: these columns, in this order (STATEMENT_COLUMNS). */
export interface StatementRow {
  id: string;
  statement_type: 'deposit' | 'bonus' | 'finish_bonus' | 'withdraw' | 'transfer';
  from_code: string;
  to_code: string;
  status: 'in_progress' | 'SUCCESS' | 'FAILED';
  amount: bigint;
  created_at: Date;
  reason: string | null;
  /** A reward's kind and code (bonus, promotion, invite, refund, spin), for bonus and finish_bonus entries. */
  related_kind: RelatedKind | null;
  related_code: string | null;
  /** Deposits and withdrawals (migration 060); null for transfers and rewards. */
  reference: string | null;
  /** A withdrawal a risk rule holds while operators check it; false for every other line. */
  checking: boolean;
}

/** The statement names the union's columns: a filter may leave out the source that would have named them. */
export const STATEMENT_COLUMNS = ['id', 'statement_type', 'from_code', 'to_code', 'status', 'amount', 'created_at', 'reason', 'related_kind', 'related_code', 'reference', 'checking'] as const satisfies readonly (keyof StatementRow)[];

/**
 * The statement's days on a source's own time column (the one its member index is ordered by):
 * `TRUE AND column >= since AND column < until`, each bound only when the filter has it.
 */
export type Within = (column: string) => RawBuilder<unknown>;

/** Where entries of one type come from. */
export interface StatementSource {
  type: StatementType;
  /**
   * One SELECT of the member's entries within the days, in STATEMENT_COLUMNS' order, on the owning
   * module's tables only: the statement unions every chosen source's into one query per page.
   */
  entries(memberId: bigint, within: Within): RawBuilder<unknown>;
}

/** An item found by its reference, as its owner recorded it; the statement adds the member. */
export interface ReferencedEntry {
  kind: 'deposit' | 'deposit_notice' | 'withdrawal' | 'correction';
  id: string;
  member_id: bigint;
  /** The currency the item was recorded in, or null for the member's. */
  currency: string | null;
  amount: bigint;
  status: 'in_progress' | 'SUCCESS' | 'FAILED';
  created_at: Date;
  from_code: string;
  to_code: string;
  reason: string | null;
}

/** Where the items of one reference letter are found (D deposits and notices, W withdrawals, C corrections). */
export interface ReferenceSource {
  letter: ReferenceKind;
  find(db: Db, reference: string): Promise<ReferencedEntry | undefined>;
}

/** The operator-given names of related items of some kinds (offers' names for bonuses and promotion codes), by code. */
export interface RelatedNames {
  kinds: readonly RelatedKind[];
  names(db: Db, codes: string[]): Promise<{ code: string; name: Record<string, string> }[]>;
}

/** The statement's registry: each owning module adds its sources from its module entry. */
export function createStatementSources() {
  const sources: StatementSource[] = [];
  const references = new Map<ReferenceKind, ReferenceSource>();
  const related: RelatedNames[] = [];
  return {
    addSource(source: StatementSource): void {
      sources.push(source);
    },
    addReferences(source: ReferenceSource): void {
      if (references.has(source.letter)) throw new Error(`references ${source.letter} are found by another source`);
      references.set(source.letter, source);
    },
    addNames(names: RelatedNames): void {
      related.push(names);
    },

    /** The sources a filter reads, in type order, then in the order they were added. */
    chosen(type: StatementTypeFilter): StatementSource[] {
      const types = type === 'all' ? STATEMENT_TYPES : [type];
      return types.flatMap((each) => sources.filter((source) => source.type === each));
    },
    references(letter: ReferenceKind): ReferenceSource | undefined {
      return references.get(letter);
    },
    namesFor(kind: RelatedKind): RelatedNames | undefined {
      return related.find((names) => names.kinds.includes(kind));
    },
  };
}
export type StatementSources = ReturnType<typeof createStatementSources>;
/** What a module entry registers through (`uses: { statement: Pick<Statement, 'addSource'> }`). */
export type Statement = Pick<StatementSources, 'addSource' | 'addReferences' | 'addNames'>;
