import crypto from 'node:crypto';

/** Game passwords at rest: AES-256-GCM, key derived from the server secret, base64(iv|ct|tag). */
export function createSecretBox(serverSecret: string) {
  const key = Buffer.from(crypto.hkdfSync('sha256', serverSecret, 'wallet', 'game-passwords', 32));
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
