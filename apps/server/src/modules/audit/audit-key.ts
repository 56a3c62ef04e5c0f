import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../config.js';

/**
 * The audit chain's secret: AUDIT_KEY, or on a machine without one a key generated once into
 * DATA_DIR/audit.key (beside the embedded database, never in it). Two processes starting together
 * keep whichever was written first.
 */
export function auditSecret(config: Pick<AppConfig, 'auditKey' | 'dataDir'>): string {
  if (config.auditKey) return config.auditKey;
  const file = path.join(config.dataDir, 'audit.key');
  fs.mkdirSync(config.dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    // Written whole under another name, then linked: linking fails if another process got there first.
    const partial = `${file}.${crypto.randomBytes(6).toString('hex')}.part`;
    fs.writeFileSync(partial, `${crypto.randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
    try {
      fs.linkSync(partial, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.unlinkSync(partial);
    }
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds no audit key (expected at least 32 characters)`);
  return secret;
}
