import type pg from 'pg';

/** How many distinct statement texts get a name: enough for every query the server writes, bounded for texts that vary. */
const MAX_NAMED_STATEMENTS = 500;

type Query = (text: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * A pattern match is planned for its pattern: only then can PostgreSQL use a trigram or prefix
 * index (a generic plan for `name ILIKE $1` scanned all 100,000 members in `npm run bench:lists`).
 */
const PLANNED_PER_CALL = /\bi?like\b/i;

/**
 * Sends each parameterised statement as a named prepared statement, so PostgreSQL parses and plans
 * its text once per connection rather than on every call (pgbench runs our transfer's
 * statements 20% faster prepared than unprepared; Kysely sends every statement unnamed). Only
 * statements with parameters are named: a text without them may hold several statements, which a
 * prepared statement cannot. Nor are pattern matches (PLANNED_PER_CALL). The names are numbered
 * per process, and texts past the bound go unnamed, so a statement whose text varies (an IN list
 * of any length) cannot fill a backend with plans. PostgreSQL plans a prepared statement again
 * when a table it reads changes.
 */
export function prepareStatementsOf(pool: pg.Pool): void {
  // Each text is looked at once: its name, or null for a text planned per call.
  const names = new Map<string, string | null>();
  const nameOf = (text: string): string | null => {
    const known = names.get(text);
    if (known !== undefined) return known;
    if (names.size >= MAX_NAMED_STATEMENTS) return null;
    const name = PLANNED_PER_CALL.test(text) ? null : `wallet_${names.size}`;
    names.set(text, name);
    return name;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    const prepared: Query = (text, values, callback) => {
      if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && callback === undefined) {
        const name = nameOf(text);
        if (name !== null) return query({ name, text, values });
      }
      return query(text, values, callback);
    };
    // The client's own query, overloaded for every calling style; ours passes each style through.
    client.query = prepared as typeof client.query;
  });
}
