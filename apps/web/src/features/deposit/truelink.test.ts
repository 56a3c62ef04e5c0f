import { createDecipheriv, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptTruelink } from './truelink';

describe('gift-link encryption', () => {
  it('produces base64 iv ‖ ciphertext ‖ tag that AES-256-GCM with SHA-256(secret) opens', async () => {
    const link = 'https://gift.truemoney.com/campaign/?v=abc123DEF';
    const raw = Buffer.from(await encryptTruelink(link, 'shared-secret'), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', createHash('sha256').update('shared-secret').digest(), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    expect(Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString()).toBe(link);
  });
});
