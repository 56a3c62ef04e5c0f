import type { Trx } from '../../db/database.js';
import { currentRequestId } from '../../request-context.js';
import type { AuditChain } from './audit-chain.js';
import { appendEntry, lockChain, nextLink } from './audit.repository.js';

/** Who acted and from which address (null when no caller's address is known). */
export interface AuditActor {
  username: string;
  ip: string | null;
}

/**
 * Every operator action, with who, when and from which address; written in the
 * caller's transaction, so an entry exists exactly when its change does. `detail` holds what the
 * action needs to be understood, with `before` and `after` for changes. Each entry is chained to
 * the one before with a keyed hash the server computes (the database holds no key: migration 054),
 * under a lock held to the caller's commit, so entries commit in the chain's order. The request or
 * job run that caused it (request-context.ts) is recorded and hashed with it.
 */
export function createAuditTrail(chain: AuditChain) {
  return {
    /** A transaction, always: the entry commits with its change or not at all. */
    async record(trx: Trx, actor: AuditActor, action: string, detail: unknown): Promise<void> {
      await lockChain(trx);
      const link = await nextLink(trx, JSON.stringify(detail));
      const content = {
        id: link.id,
        position: link.position,
        actor: actor.username,
        action,
        detailText: link.detail_text,
        ip: actor.ip,
        createdMicros: link.created_micros,
        prevHash: link.prev_hash,
        requestId: currentRequestId(),
      };
      await appendEntry(trx, { ...content, hash: chain.entryHash(content) });
    },
  };
}
export type AuditTrail = ReturnType<typeof createAuditTrail>;
