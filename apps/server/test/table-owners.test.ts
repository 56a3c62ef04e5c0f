import fs from 'node:fs';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { tableOwners } from '../eslint/table-owners.js';
import { SANDBOX_SCHEMA_FILE, SCHEMA_FILE } from '../src/db/snapshot-cli.js';

interface OwnerMap {
  owners: Record<string, string[]>;
  readModels: Record<string, string[]>;
}
const map = JSON.parse(fs.readFileSync(new URL('../db/table-owners.json', import.meta.url), 'utf8')) as OwnerMap;
const relations = [SCHEMA_FILE, SANDBOX_SCHEMA_FILE].flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/^(?:TABLE|VIEW) ([a-z_0-9]+)$/gm)].map((match) => match[1]!));

describe('table owners', () => {
  it('name one owner for every table and view the migrations make, and no other', () => {
    const owned = Object.values(map.owners).flat();
    expect(owned.length, 'a table listed under two owners').toBe(new Set(owned).size);
    expect([...owned].sort()).toEqual([...relations].sort());
  });

  it('lend only tables that exist, to read models that do not own them', () => {
    for (const [module, tables] of Object.entries(map.readModels)) {
      for (const table of tables) {
        expect(relations, `${module} borrows ${table}`).toContain(table);
        expect(map.owners[module] ?? [], `${module} borrows its own ${table}`).not.toContain(table);
      }
    }
  });
});

describe('the lint rule', () => {
  const linter = new Linter({ configType: 'flat', cwd: '/repo' });
  const lint = (filename: string, code: string) =>
    linter
      .verify(code, [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { wallet: { rules: { 'table-owners': tableOwners } } }, rules: { 'wallet/table-owners': 'error' } }], { filename })
      .map((message) => message.message);

  it('refuses a module querying another module’s table, through Kysely or raw SQL', () => {
    const file = '/repo/apps/server/src/modules/withdraw/withdraw.repository.ts';
    expect(lint(file, "db.selectFrom('deposits as d').selectAll();")).toEqual([expect.stringContaining("'deposits' belongs to the deposit module")]);
    expect(lint(file, "db.selectFrom('withdrawals').innerJoin('spins', 'spins.id', 'withdrawals.id');")).toEqual([expect.stringContaining("'spins' belongs to the spin module")]);
    expect(lint(file, 'sql`SELECT 1 FROM withdrawals w JOIN game_accounts g ON true`;')).toEqual([expect.stringContaining("'game_accounts' belongs to the wallet module")]);
  });

  it('lets a module query its own tables, and a read model read but not write what it lists', () => {
    expect(lint('/repo/apps/server/src/modules/withdraw/withdraw.repository.ts', "db.updateTable('withdrawals').set({});")).toEqual([]);
    const reports = '/repo/apps/server/src/modules/reports/reports.repository.ts';
    expect(lint(reports, "db.selectFrom('deposits').selectAll();")).toEqual([]);
    expect(lint(reports, "db.deleteFrom('deposits');")).toEqual([expect.stringContaining('a read model reads it, never writes it')]);
    expect(lint(reports, 'sql`UPDATE deposits SET status = 1`;')).toEqual([expect.stringContaining('a read model reads it, never writes it')]);
    expect(lint(reports, 'sql`DELETE\n  FROM deposits WHERE true`;')).toEqual([expect.stringContaining('a read model reads it, never writes it')]);
  });

  it('keeps the statement off every table: its entries come from sources in the owning modules', () => {
    expect(map.readModels).not.toHaveProperty('statement');
    const statement = '/repo/apps/server/src/modules/statement/statement.repository.ts';
    expect(lint(statement, "db.selectFrom('deposits').selectAll();")).toEqual([expect.stringContaining("'deposits' belongs to the deposit module")]);
    expect(lint(statement, 'sql`SELECT 1 FROM withdrawals`;')).toEqual([expect.stringContaining("'withdrawals' belongs to the withdraw module")]);
    expect(lint('/repo/apps/server/src/modules/deposit/deposit.statement.repository.ts', 'sql`SELECT 1 FROM deposits UNION ALL SELECT 1 FROM manual_deposit_notices`;')).toEqual([]);
  });

  it('leaves tests and files outside the modules alone', () => {
    expect(lint('/repo/apps/server/test/withdraw.test.ts', "db.selectFrom('deposits');")).toEqual([]);
    expect(lint('/repo/apps/server/src/modules/withdraw/withdraw.test.ts', "db.selectFrom('deposits');")).toEqual([]);
    expect(lint('/repo/apps/server/src/db/migrate.ts', "db.selectFrom('deposits');")).toEqual([]);
  });
});
