import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export async function readSetting(db: Db, key: string): Promise<unknown> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Inserts the value only when the key is absent; answers whatever is stored afterwards. */
export async function readOrCreateSetting(db: Db, key: string, create: () => unknown): Promise<unknown> {
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(create()) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return readSetting(db, key);
}

/** Merges `change` into a stored JSON object in one statement, so concurrent edits of different keys both land. */
export async function mergeSetting(db: Db, key: string, change: Record<string, unknown>): Promise<void> {
  const json = JSON.stringify(change);
  await db
    .insertInto('settings')
    .values({ key, value: json })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ value: sql`settings.value || excluded.value`, updated_at: sql`now()` }),
    )
    .execute();
}

/** Reads a setting locked for the caller's transaction (created empty when absent, so there is a row to lock). */
export async function lockSetting(db: Db, key: string): Promise<unknown> {
  await db.insertInto('settings').values({ key, value: '{}' }).onConflict((oc) => oc.column('key').doNothing()).execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).forUpdate().executeTakeFirstOrThrow();
  return row.value;
}
