import type { Db } from '../../db/database.js';
import * as repo from './wallet.repository.js';

type ProviderRow = NonNullable<Awaited<ReturnType<typeof repo.findProvider>>>;

// Providers are operator configuration read on every transfer; a short cache saves a query
// each time and an operator's change is seen within this long on every node.
const TTL_MS = 10_000;

export function createProviderCache(db: Db) {
  let loaded: { at: number; byCode: Map<string, ProviderRow> } | undefined;
  return {
    async get(code: string): Promise<ProviderRow | undefined> {
      if (!loaded || Date.now() - loaded.at > TTL_MS) {
        const rows = await repo.listProviders(db);
        loaded = { at: Date.now(), byCode: new Map(rows.map((row) => [row.code, row])) };
      }
      return loaded.byCode.get(code);
    },
  };
}
