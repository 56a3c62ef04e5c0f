import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * What the migrations made, read back from the catalog in a stable text form: each function's
 * definition as PostgreSQL prints it, and the tables with their columns, constraints, indexes and
 * triggers. `npm run db:snapshot` writes it under apps/server/db/; a test compares.
 */
export interface Catalog {
  /** The product's functions; the sandboxes' (`sandbox_*`) are under `sandbox`. */
  functions: Map<string, string>;
  /** Each table's and view's columns in order, and whether each takes null (unknown for a view's). */
  relations: Map<string, { column: string; nullable: boolean | undefined }[]>;
  /** The product's tables, views, types and sequences; the sandboxes' are under `sandbox`. */
  schema: string;
  /** What the sandbox migrations make (migrations/sandbox/), present only where sandboxes are on. */
  sandbox: { functions: Map<string, string>; schema: string };
}

/** The sandboxes' own tables and functions are named `sandbox_*`. */
export const isSandbox = (name: string) => name.startsWith('sandbox_');

/** Tables the migrator owns rather than the migrations. */
const OUTSIDE_SNAPSHOT = new Set(['schema_migrations']);

/** A test database lives in a schema of its own (extensions stay in public); the snapshot names none. */
async function unqualifier(db: Db) {
  const { schema: current } = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]!;
  return (text: string) => text.replaceAll(`${current}.`, '').replaceAll('public.', '');
}

/** Each function of the current schema by name, as `pg_get_functiondef` prints it (overloads one after the other). */
export async function readFunctions(db: Db): Promise<Map<string, string>> {
  const unqualified = await unqualifier(db);
  const functions = await sql<{ name: string; definition: string }>`
    select p.proname as name, pg_get_functiondef(p.oid) as definition
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = current_schema() and p.prokind = 'f'
       and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
     order by p.proname, pg_get_function_identity_arguments(p.oid)`.execute(db);
  const byName = new Map<string, string>();
  for (const row of functions.rows) {
    const definition = `${unqualified(row.definition).trimEnd()}\n`;
    byName.set(row.name, byName.has(row.name) ? `${byName.get(row.name)}\n${definition}` : definition);
  }
  return byName;
}

export async function readCatalog(db: Db): Promise<Catalog> {
  const unqualified = await unqualifier(db);
  const byName = await readFunctions(db);

  const columns = await sql<{ table: string; kind: string; column: string; type: string; not_null: boolean; default: string | null; identity: string; generated: string }>`
    select c.relname as table, c.relkind as kind, a.attname as column, format_type(a.atttypid, a.atttypmod) as type,
           a.attnotnull as not_null, pg_get_expr(d.adbin, d.adrelid) as default,
           a.attidentity as identity, a.attgenerated as generated
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
     where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm')
     order by c.relname, a.attnum`.execute(db);
  const constraints = await sql<{ table: string; name: string; definition: string }>`
    select c.relname as table, k.conname as name, pg_get_constraintdef(k.oid) as definition
      from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and k.contype in ('p', 'u', 'f', 'c', 'x')
     order by c.relname, k.conname`.execute(db);
  const indexes = await sql<{ table: string; definition: string }>`
    select c.relname as table, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
      join pg_class ic on ic.oid = i.indexrelid
     where n.nspname = current_schema()
       and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid and k.contype in ('p', 'u', 'x'))
     order by c.relname, ic.relname`.execute(db);
  const triggers = await sql<{ table: string; definition: string; enabled: string }>`
    select c.relname as table, pg_get_triggerdef(t.oid) as definition, t.tgenabled as enabled
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and not t.tgisinternal
     order by c.relname, t.tgname`.execute(db);
  const views = await sql<{ name: string; definition: string }>`
    select c.relname as name, pg_get_viewdef(c.oid) as definition
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind in ('v', 'm') order by c.relname`.execute(db);
  const enums = await sql<{ name: string; labels: string }>`
    select t.typname as name, string_agg(quote_literal(e.enumlabel), ', ' order by e.enumsortorder) as labels
      from pg_type t join pg_namespace n on n.oid = t.typnamespace join pg_enum e on e.enumtypid = t.oid
     where n.nspname = current_schema() group by t.typname order by t.typname`.execute(db);
  const sequences = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind = 'S' order by c.relname`.execute(db);

  const relations = [...new Set(columns.rows.map((row) => row.table))].filter((table) => !OUTSIDE_SNAPSHOT.has(table));
  const tables = [...new Set(columns.rows.filter((row) => row.kind === 'r' || row.kind === 'p').map((row) => row.table))]
    .filter((table) => !OUTSIDE_SNAPSHOT.has(table));
  function schemaText(inSandbox: boolean): string {
    const lines: string[] = ['-- Generated by `npm run db:snapshot` from the migrated database: do not edit.', ''];
    const enumRows = enums.rows.filter((row) => isSandbox(row.name) === inSandbox);
    for (const type of enumRows) lines.push(`TYPE ${type.name} AS ENUM (${type.labels})`);
    if (enumRows.length) lines.push('');
    for (const table of tables.filter((each) => isSandbox(each) === inSandbox)) {
      lines.push(`TABLE ${table}`);
      for (const column of columns.rows.filter((row) => row.table === table)) {
        const parts = [`  ${column.column} ${column.type}`];
        if (column.not_null) parts.push('NOT NULL');
        if (column.identity) parts.push(`GENERATED ${column.identity === 'a' ? 'ALWAYS' : 'BY DEFAULT'} AS IDENTITY`);
        if (column.default !== null) {
          parts.push(column.generated ? `GENERATED ALWAYS AS (${unqualified(column.default)}) STORED` : `DEFAULT ${unqualified(column.default)}`);
        }
        lines.push(parts.join(' '));
      }
      for (const constraint of constraints.rows.filter((row) => row.table === table)) {
        lines.push(`  CONSTRAINT ${constraint.name} ${unqualified(constraint.definition)}`);
      }
      for (const index of indexes.rows.filter((row) => row.table === table)) lines.push(`  ${unqualified(index.definition)}`);
      for (const trigger of triggers.rows.filter((row) => row.table === table)) {
        lines.push(`  ${unqualified(trigger.definition)}${trigger.enabled === 'D' ? ' -- disabled' : ''}`);
      }
      lines.push('');
    }
    for (const view of views.rows.filter((row) => isSandbox(row.name) === inSandbox)) lines.push(`VIEW ${view.name} AS`, unqualified(view.definition).trimEnd(), '');
    const sequenceRows = sequences.rows.filter((row) => isSandbox(row.name) === inSandbox);
    if (sequenceRows.length) lines.push(...sequenceRows.map((row) => `SEQUENCE ${row.name}`), '');
    return lines.join('\n');
  }
  const byRelation = new Map(relations.map((table) => [
    table,
    columns.rows.filter((row) => row.table === table).map((row) => ({ column: row.column, nullable: row.kind === 'v' || row.kind === 'm' ? undefined : !row.not_null })),
  ]));
  const functionsWhere = (inSandbox: boolean) => new Map([...byName].filter(([name]) => isSandbox(name) === inSandbox));
  return { functions: functionsWhere(false), relations: byRelation, schema: schemaText(false), sandbox: { functions: functionsWhere(true), schema: schemaText(true) } };
}
