import { type RawBuilder, sql } from 'kysely';

const normalised = (text: RawBuilder<unknown>) =>
  sql<string>`upper(regexp_replace(regexp_replace(btrim(${text}), '\\s+', ' ', 'g'), '^(MR|MRS|MS|MISS|นาย|นาง|นางสาว)\\.?\\s+', '', 'i'))`;

/**
 * A bank account holder's name as members are compared on it (case, runs of spaces and a leading
 * title aside); the same expression as the index `members_account_holder_idx` (migration 067).
 */
export const holderName = (column: string) => normalised(sql.ref(column));

/** A name as a bank or a slip gives it, normalised the same way, to compare with `holderName`. */
export const holderNameOf = (name: string) => normalised(sql`${name}::text`);
