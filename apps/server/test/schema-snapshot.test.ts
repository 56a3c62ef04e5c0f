import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Catalog, isSandbox, readCatalog, readFunctions } from '../src/db/catalog.js';
import { migrate } from '../src/db/migrate.js';
import { FUNCTIONS_DIR, SANDBOX_FUNCTIONS_DIR, SANDBOX_SCHEMA_FILE, SCHEMA_FILE } from '../src/db/snapshot-cli.js';
import { freshDatabase } from './harness.js';

const REGENERATE = 'run `npm run db:snapshot` after changing a migration, and commit what it writes';

let catalog: Catalog;
let drop: () => Promise<void>;

beforeAll(async () => {
  const fresh = await freshDatabase();
  catalog = await readCatalog(fresh.handle.db);
  await fresh.handle.close();
  drop = fresh.drop;
});
afterAll(async () => drop?.());

describe('what the migrations make', () => {
  it('is the committed schema snapshot: tables, columns, constraints, indexes, triggers, views, types', () => {
    expect(catalog.schema, REGENERATE).toBe(fs.readFileSync(SCHEMA_FILE, 'utf8'));
  });

  it('has one file per database function, holding its current body', () => {
    for (const [dir, functions] of [[FUNCTIONS_DIR, catalog.functions], [SANDBOX_FUNCTIONS_DIR, catalog.sandbox.functions]] as const) {
      const files = fs.readdirSync(dir).filter((file) => file.endsWith('.sql')).map((file) => file.slice(0, -'.sql'.length)).sort();
      expect(files, REGENERATE).toEqual([...functions.keys()].sort());
      for (const [name, definition] of functions) {
        expect(definition, `${name}: ${REGENERATE}`).toBe(fs.readFileSync(path.join(dir, `${name}.sql`), 'utf8'));
      }
    }
  });

  it('keeps the sandboxes apart: their schema is its own snapshot', () => {
    expect(catalog.sandbox.schema, REGENERATE).toBe(fs.readFileSync(SANDBOX_SCHEMA_FILE, 'utf8'));
  });

  it('without the sandboxes is the product alone: no sandbox table or function', async () => {
    const production = await freshDatabase({ sandboxes: false });
    try {
      const made = await readCatalog(production.handle.db);
      expect(made.schema).toBe(catalog.schema);
      expect([...made.functions.keys()]).toEqual([...catalog.functions.keys()]);
      expect(made.sandbox.functions.size).toBe(0);
      expect([...made.relations.keys()].filter(isSandbox)).toEqual([]);
    } finally {
      await production.handle.close();
      await production.drop();
    }
  });

  it('is what db/schema.ts tells Kysely: the same tables and views, columns and nullability', () => {
    const declared = declaredTables(new URL('../src/db/schema.ts', import.meta.url).pathname);
    // The migrator's own table is declared for Kysely but made by the migrator, not a migration.
    declared.delete('schema_migrations');
    expect([...declared.keys()].sort()).toEqual([...catalog.relations.keys()].sort());
    for (const [table, columns] of catalog.relations) {
      const written = declared.get(table)!;
      expect([...written.keys()].sort(), table).toEqual(columns.map((column) => column.column).sort());
      for (const { column, nullable } of columns) {
        if (nullable !== undefined) expect(written.get(column), `${table}.${column} takes null`).toBe(nullable);
      }
    }
  });
});

describe('database functions', () => {
  // A migration creates a function itself only when it needs it at once: a trigger's, or one its
  // own statements call (money_reference numbers the rows 060 backfills).
  const NEEDED_BY_THEIR_MIGRATION = new Set(['ledger_transfers_are_immutable', 'audit_log_immutable', 'money_reference']);

  it('are not restated in migrations: each body is its file, applied after the migrations', () => {
    const migrations = new URL('../migrations/', import.meta.url).pathname;
    const functions = [...fs.readdirSync(FUNCTIONS_DIR), ...fs.readdirSync(SANDBOX_FUNCTIONS_DIR)].map((file) => file.slice(0, -'.sql'.length));
    for (const file of fs.readdirSync(migrations, { recursive: true, encoding: 'utf8' }).filter((each) => each.endsWith('.sql'))) {
      const script = fs.readFileSync(path.join(migrations, file), 'utf8');
      for (const name of functions.filter((each) => !NEEDED_BY_THEIR_MIGRATION.has(each))) {
        expect(script, `${file} restates ${name}: change db/functions/${name}.sql instead`).not.toMatch(new RegExp(`CREATE (OR REPLACE )?FUNCTION ${name}\\(`, 'i'));
      }
    }
  });

  it('that differ from their file are replaced by the next migration run', async () => {
    const fresh = await freshDatabase();
    try {
      await sql`CREATE OR REPLACE FUNCTION ledger_balance(p_account bigint, p_kind text, p_balance bigint) RETURNS bigint LANGUAGE sql STABLE AS $$ SELECT 0::bigint $$`.execute(fresh.handle.db);
      expect((await readFunctions(fresh.handle.db)).get('ledger_balance')).not.toBe(fs.readFileSync(path.join(FUNCTIONS_DIR, 'ledger_balance.sql'), 'utf8'));
      expect(await migrate(fresh.handle, { sandboxes: true })).toEqual(['functions/ledger_balance.sql']);
      expect((await readFunctions(fresh.handle.db)).get('ledger_balance')).toBe(fs.readFileSync(path.join(FUNCTIONS_DIR, 'ledger_balance.sql'), 'utf8'));
      expect(await migrate(fresh.handle, { sandboxes: true })).toEqual([]);
    } finally {
      await fresh.handle.close();
      await fresh.drop();
    }
  });
});

/** Reads `interface Database` of schema.ts: each table's columns and whether their type admits null. */
function declaredTables(file: string): Map<string, Map<string, boolean>> {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const database = source.statements.find((statement): statement is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(statement) && statement.name.text === 'Database');
  if (!database) throw new Error('schema.ts has no interface Database');
  const tables = new Map<string, Map<string, boolean>>();
  for (const member of database.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeLiteralNode(member.type)) throw new Error(`schema.ts: ${member.getText()} is not a table literal`);
    const columns = new Map<string, boolean>();
    for (const column of member.type.members) {
      if (!ts.isPropertySignature(column) || !column.type) continue;
      columns.set(column.name.getText(source), admitsNull(column.type));
    }
    tables.set(member.name.getText(source), columns);
  }
  return tables;
}

function admitsNull(type: ts.TypeNode): boolean {
  if (ts.isLiteralTypeNode(type)) return type.literal.kind === ts.SyntaxKind.NullKeyword;
  if (ts.isUnionTypeNode(type)) return type.types.some(admitsNull);
  if (ts.isParenthesizedTypeNode(type)) return admitsNull(type.type);
  // Generated<T | null> and the like.
  if (ts.isTypeReferenceNode(type)) return (type.typeArguments ?? []).some(admitsNull);
  return false;
}
