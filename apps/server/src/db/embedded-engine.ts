import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { EmbeddedEngine } from './database.js';

/**
 * The embedded database's PostgreSQL, 9 MB of WebAssembly, compiled on V8's background threads.
 * A node starts this before it loads its own modules, so the two share the machine's cores instead
 * of one waiting for the other; `openDatabase` instantiates what it gives.
 */
export async function compileEmbeddedEngine(): Promise<EmbeddedEngine> {
  return WebAssembly.compile(await readFile(fileURLToPath(import.meta.resolve('@electric-sql/pglite/pglite.wasm'))));
}
