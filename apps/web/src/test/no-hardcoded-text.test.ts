import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const LETTERS = /[A-Za-z\u0E00-\u0EFF]/;
const THAI_OR_LAO = /[\u0E00-\u0EFF]/;
/** Attributes a member reads or hears. */
const SHOWN_ATTRIBUTES = new Set(['placeholder', 'title', 'alt', 'aria-label', 'aria-description']);
/**
 * Thai or Lao in code on purpose: the server's Thai 'cannot verify identity' message (SPEC §8), the
 * loanwords kept whole on a line, and the glyphs the wheel and the first render load their fonts with.
 */
const SCRIPT_ALLOWED = new Set(['shared/api/client.ts', 'shared/i18n/keepWords.ts', 'features/spin/SpinWheel.tsx', 'main.tsx']);

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'locales' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Text a member would see that does not come from a translation. */
function hardCodedText(file: string): string[] {
  const relative = path.relative(ROOT, file);
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const where = (node: ts.Node) => `${relative}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && LETTERS.test(node.text)) found.push(`${where(node)} text "${node.text.trim()}"`);
    // An example address (a gift-link placeholder) is not words to translate.
    const shownAttribute = ts.isJsxAttribute(node) && SHOWN_ATTRIBUTES.has(node.name.getText()) && node.initializer && ts.isStringLiteral(node.initializer) ? node.initializer.text : null;
    if (ts.isJsxAttribute(node) && shownAttribute !== null && LETTERS.test(shownAttribute) && !/^https?:\/\//.test(shownAttribute)) {
      found.push(`${where(node)} ${node.name.getText()}="${shownAttribute}"`);
    }
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && THAI_OR_LAO.test(node.text) && !SCRIPT_ALLOWED.has(relative)) found.push(`${where(node)} "${node.text}"`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('member-visible text', () => {
  it('comes from the translations: no Thai, Lao or English written into a component', () => {
    expect(sourceFiles(ROOT).flatMap(hardCodedText)).toEqual([]);
  });
});
