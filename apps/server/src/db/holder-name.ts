import { sql } from 'kysely';

/**
 * A bank account holder's name as members are compared on it (case, runs of spaces and a leading
 * title aside); the same expression as the index `members_account_holder_idx` (migration 067).
 */
export const holderName = (column: string) =>
  sql<string>`upper(regexp_replace(regexp_replace(btrim(${sql.ref(column)}), '\\s+', ' ', 'g'), '^(MR|MRS|MS|MISS|นาย|นาง|นางสาว)\\.?\\s+', '', 'i'))`;
