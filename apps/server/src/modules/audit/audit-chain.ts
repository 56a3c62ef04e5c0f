import crypto from 'node:crypto';

/** What an entry's hash covers, as the database gives it back (`detail` as jsonb's own text). */
export interface ChainedEntry {
  id: string;
  position: string;
  actor: string;
  action: string;
  detailText: string;
  ip: string | null;
  /** created_at in microseconds since the epoch, as text. */
  createdMicros: string;
  prevHash: string;
  /** The request or job run that caused the entry (migration 061); null for entries without one. */
  requestId: string | null;
}

/** A checkpoint as stored outside the database. */
export interface CheckpointFields {
  position: string;
  id: string;
  hash: string;
  entries: number;
  at: string;
}
export interface SignedCheckpoint extends CheckpointFields {
  signature: string;
}

/**
 * The audit chain's cryptography: an entry's hash is HMAC-SHA256 over its content and the hash of
 * the entry before, with a key the database does not hold, so someone who can write the table cannot
 * make a hash that verifies; checkpoints are signed with a second key derived from the same secret.
 */
export function createAuditChain(secret: string) {
  const derive = (purpose: string) => Buffer.from(crypto.hkdfSync('sha256', secret, 'wallet-audit', purpose, 32));
  const entryKey = derive('audit-entry');
  const checkpointKey = derive('audit-checkpoint');
  const hmac = (key: Buffer, fields: unknown[]) => crypto.createHmac('sha256', key).update(JSON.stringify(fields)).digest('hex');
  const sameHex = (left: string, right: string) => left.length === right.length && crypto.timingSafeEqual(Buffer.from(left), Buffer.from(right));
  const checkpointFields = (checkpoint: CheckpointFields) => ['audit-checkpoint-v1', checkpoint.position, checkpoint.id, checkpoint.hash, checkpoint.entries, checkpoint.at];

  return {
    /**
     * A JSON array, so no field's text can run into the next one's. An entry with a request id is
     * hashed by v3, which covers it; one without keeps v2's fields, so entries from before the
     * request id verify as written, and adding, changing or removing an id breaks the hash (ADR 0339).
     */
    entryHash: (entry: ChainedEntry) => {
      const fields = [entry.prevHash, entry.id, entry.position, entry.actor, entry.action, entry.detailText, entry.ip, entry.createdMicros];
      return hmac(entryKey, entry.requestId === null ? ['audit-entry-v2', ...fields] : ['audit-entry-v3', ...fields, entry.requestId]);
    },
    sign: (checkpoint: CheckpointFields): SignedCheckpoint => ({ ...checkpoint, signature: hmac(checkpointKey, checkpointFields(checkpoint)) }),
    signatureHolds: (checkpoint: SignedCheckpoint) => sameHex(hmac(checkpointKey, checkpointFields(checkpoint)), checkpoint.signature),
  };
}
export type AuditChain = ReturnType<typeof createAuditChain>;

/** The hash entries had before migration 054 (migration 021's `audit_entry_hash`, which anyone can recompute). */
export function unkeyedEntryHash(entry: ChainedEntry): string {
  const fields = [entry.prevHash, entry.id, entry.actor, entry.action, entry.detailText, entry.ip ?? '', entry.createdMicros];
  return crypto.createHash('sha256').update(fields.join('|'), 'utf8').digest('hex');
}
