import { requestContext } from '@fastify/request-context';
import type { Db } from '../db/database.js';

declare module '@fastify/request-context' {
  interface RequestContextData {
    /** The caller's address, as the flood guard and the audit log see it. */
    ip: string;
  }
}

/**
 * Every operator action, with who, when and from which address (issue 11 §5); written in the
 * caller's transaction, so an entry exists exactly when its change does. `detail` holds what the
 * action needs to be understood, with `before` and `after` for changes. The database chains each
 * entry to the one before (migration 021).
 */
export async function recordAudit(db: Db, actor: string, action: string, detail: unknown): Promise<void> {
  const ip = requestContext.get('ip') ?? null;
  await db.insertInto('audit_log').values({ actor, action, detail: JSON.stringify(detail), ip }).execute();
}
