import crypto from 'node:crypto';

/**
 * Guest ids: a visitor's chat is reached by an id the server issued and signed, never
 * by an id a browser made up. The id is a bearer secret: `key.signature`, where only the key (its
 * public half) is stored and shown to agents.
 */
export function createGuestIds(secret: string) {
  const sign = (key: string) => crypto.createHmac('sha256', secret).update(key).digest('base64url').slice(0, 32);
  return {
    issue(): string {
      const key = crypto.randomBytes(16).toString('hex');
      return `${key}.${sign(key)}`;
    },
    /** The id's public key when the server issued it; null for anything else. */
    verify(guestId: unknown): string | null {
      if (typeof guestId !== 'string') return null;
      const match = /^([0-9a-f]{32})\.([A-Za-z0-9_-]{32})$/.exec(guestId);
      if (!match) return null;
      const expected = Buffer.from(sign(match[1]!));
      const given = Buffer.from(match[2]!);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? match[1]! : null;
    },
  };
}
export type GuestIds = ReturnType<typeof createGuestIds>;
