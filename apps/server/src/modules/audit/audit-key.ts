import crypto from 'node:crypto';
import type { AppConfig } from '../../config.js';
import { writtenOnce } from '../../data-dir-file.js';

/**
 * The audit chain's secret: AUDIT_KEY, or on a machine without one a key generated once into
 * DATA_DIR/audit.key (beside the embedded database, never in it). Two processes starting together
 * keep whichever was written first.
 */
export function auditSecret(config: Pick<AppConfig, 'auditKey' | 'dataDir'>): string {
  if (config.auditKey) return config.auditKey;
  const { file, text } = writtenOnce(config.dataDir, 'audit.key', () => `${crypto.randomBytes(32).toString('base64url')}\n`);
  const secret = text.trim();
  if (secret.length < 32) throw new Error(`${file} holds no audit key (expected at least 32 characters)`);
  return secret;
}
