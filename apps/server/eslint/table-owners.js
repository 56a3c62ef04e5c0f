// Each table is queried by its owning module only (apps/server/db/table-owners.json): another
// module asks the owner's service. Kysely calls name tables in string literals, raw SQL names them
// after FROM, JOIN, INTO and UPDATE; both are read here.
import fs from 'node:fs';

const map = JSON.parse(fs.readFileSync(new URL('../db/table-owners.json', import.meta.url), 'utf8'));
const ownerOf = new Map(Object.entries(map.owners).flatMap(([owner, tables]) => tables.map((table) => [table, owner])));

const READS = new Set(['selectFrom', 'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'innerJoinLateral', 'leftJoinLateral', 'table']);
const WRITES = new Set(['insertInto', 'updateTable', 'deleteFrom', 'mergeInto', 'replaceInto']);
const SQL_TABLE = /\b(delete\s+from|from|join|into|update)\s+([a-z_][a-z0-9_]*)/gi;

/** The module a file belongs to, or undefined outside modules and sandboxes. */
function moduleOf(filename) {
  if (/\.test\.ts$/.test(filename)) return undefined;
  const match = /apps\/server\/src\/(?:modules\/([^/]+)|(sandbox))\//.exec(filename.replaceAll('\\', '/'));
  return match ? (match[1] ?? match[2]) : undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const tableOwners = {
  meta: {
    type: 'problem',
    messages: {
      foreign: "'{{table}}' belongs to the {{owner}} module: ask its service (a port passed through `uses`), or list the read in apps/server/db/table-owners.json if this module is a read model.",
      readModelWrites: "'{{table}}' belongs to the {{owner}} module: a read model reads it, never writes it.",
    },
    schema: [],
  },
  create(context) {
    const module = moduleOf(context.filename);
    if (!module) return {};
    const reads = new Set(map.readModels[module] ?? []);

    function check(node, table, writes) {
      const owner = ownerOf.get(table);
      if (!owner || owner === module) return;
      if (reads.has(table)) {
        if (writes) context.report({ node, messageId: 'readModelWrites', data: { table, owner } });
        return;
      }
      context.report({ node, messageId: 'foreign', data: { table, owner } });
    }
    const tableIn = (literal) => (typeof literal === 'string' ? literal.split(/\s+as\s+/i)[0].trim() : undefined);

    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const name = callee.property.name;
        if (!READS.has(name) && !WRITES.has(name)) return;
        const first = node.arguments[0];
        const literals = first?.type === 'ArrayExpression' ? first.elements : [first];
        for (const literal of literals) {
          if (literal?.type === 'Literal') {
            const table = tableIn(literal.value);
            if (table) check(literal, table, WRITES.has(name));
          }
        }
      },
      TaggedTemplateExpression(node) {
        if (node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
        const text = node.quasi.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join(' ');
        for (const [, keyword, table] of text.matchAll(SQL_TABLE)) {
          check(node, table.toLowerCase(), /^(delete|into|update)/i.test(keyword));
        }
      },
    };
  },
};
