import type { Db } from '../../db/database.js';
import * as repo from './wallet.repository.js';

type ProviderRow = Awaited<ReturnType<typeof repo.listProviders>>[number];

// Providers are operator configuration read on every transfer and every wallet view; a short cache
// saves a query each time and an operator's change is seen within this long on every node.
const TTL_MS = 10_000;

export function createProviderCache(db: Db) {
  let loaded: { at: number; rows: ProviderRow[]; byCode: Map<string, ProviderRow> } | undefined;
  // Calls that find the cache stale together share one read.
  let reading: Promise<NonNullable<typeof loaded>> | undefined;

  async function current(): Promise<NonNullable<typeof loaded>> {
    if (loaded && Date.now() - loaded.at <= TTL_MS) return loaded;
    reading ??= repo
      .listProviders(db)
      .then((rows) => (loaded = { at: Date.now(), rows, byCode: new Map(rows.map((row) => [row.code, row])) }))
      .finally(() => {
        reading = undefined;
      });
    return reading;
  }

  return {
    /** The enabled providers, in their order. */
    list: async (): Promise<ProviderRow[]> => (await current()).rows,
    get: async (code: string): Promise<ProviderRow | undefined> => (await current()).byCode.get(code),
  };
}
