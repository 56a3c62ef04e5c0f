import type { Db } from '../db/database.js';

/** Who acted and from which address (null when no caller's address is known). */
export interface AuditActor {
  username: string;
  ip: string | null;
}

/**
 * Every operator action, with who, when and from which address (issue 11 §5); written in the
 * caller's transaction, so an entry exists exactly when its change does. `detail` holds what the
 * action needs to be understood, with `before` and `after` for changes. The database chains each
 * entry to the one before (migration 021).
 */
export async function recordAudit(db: Db, actor: AuditActor, action: string, detail: unknown): Promise<void> {
  await db.insertInto('audit_log').values({ actor: actor.username, action, detail: JSON.stringify(detail), ip: actor.ip }).execute();
}
