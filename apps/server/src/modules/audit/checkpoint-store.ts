import { auditCheckpoint } from '@wallet/contract';
import { z } from 'zod';
import type { UploadStorage } from '../../adapters/upload-storage.js';
import type { SignedCheckpoint } from './audit-chain.js';

const LATEST = 'audit/checkpoint.json';
const storedCheckpoint = auditCheckpoint.extend({ signature: z.string() });

/**
 * Where the audit log's head is anchored: outside the database, on the upload storage (a volume
 * every node mounts). The latest checkpoint is read back; each one is also kept under its position,
 * for an auditor who wants the history.
 */
export function createCheckpointStore(storage: UploadStorage) {
  return {
    /** null: none written; 'unreadable': a file that is not a checkpoint (treated as a failed signature). */
    async latest(): Promise<SignedCheckpoint | 'unreadable' | null> {
      const bytes = await storage.get(LATEST);
      if (!bytes) return null;
      try {
        return storedCheckpoint.parse(JSON.parse(bytes.toString('utf8')));
      } catch {
        return 'unreadable';
      }
    },
    async save(checkpoint: SignedCheckpoint): Promise<void> {
      const bytes = Buffer.from(`${JSON.stringify(checkpoint, null, 2)}\n`);
      await storage.put(`audit/checkpoint-${checkpoint.position}.json`, bytes);
      await storage.put(LATEST, bytes);
    },
  };
}
export type CheckpointStore = ReturnType<typeof createCheckpointStore>;
