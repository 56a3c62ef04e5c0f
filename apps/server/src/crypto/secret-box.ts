import crypto from 'node:crypto';

/**
 * Secrets at rest (game passwords, operators' TOTP keys): AES-256-GCM with a key derived from the
 * server secret for each purpose, stored as base64(iv|ct|tag).
 */
export function createSecretBox(serverSecret: string, purpose: 'game-passwords' | 'operator-totp') {
  const key = Buffer.from(crypto.hkdfSync('sha256', serverSecret, 'wallet', purpose, 32));
  return {
    seal(plain: string): string {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64');
    },
    open(box: string): string {
      const raw = Buffer.from(box, 'base64');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(raw.length - 16));
      return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
