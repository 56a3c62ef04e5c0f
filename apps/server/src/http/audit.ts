import type { Db } from '../db/database.js';

/** Every operator action, with who and when (DESIGN §7); written in the caller's transaction. */
export async function recordAudit(db: Db, actor: string, action: string, detail: unknown): Promise<void> {
  await db.insertInto('audit_log').values({ actor, action, detail: JSON.stringify(detail) }).execute();
}
