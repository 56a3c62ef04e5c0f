import { createSigner, createVerifier } from 'fast-jwt';

const AUDIENCES = ['member', 'admin'] as const;
export type TokenAudience = (typeof AUDIENCES)[number];
/** Tokens whose signature a node remembers having checked (least recently used go first). */
const REMEMBERED_TOKENS = 20_000;

export interface TokenClaims {
  subject: string;
  sessionId: string;
  /** A member's wallet currency, fixed at registration: the session check needs no query for it. */
  currency?: string;
}

export type TokenCheck =
  | { ok: true; claims: TokenClaims }
  | { ok: false; reason: 'expired' | 'invalid' };

interface Payload {
  sub?: unknown;
  sid?: unknown;
  cur?: unknown;
  aud?: unknown;
  exp?: unknown;
}

/**
 * HS256 tokens; each names a session row, so revoking the row revokes the token. fast-jwt signs and
 * checks with node:crypto's HMAC, synchronously (jose went through WebCrypto, importing the key on
 * every call: about 8 % of a busy node's time, measured). The expiry is checked against `now` here,
 * so tests can move the clock.
 */
export function createTokenSigner(secret: string, now: () => Date = () => new Date()) {
  const signToken = createSigner({ key: secret, algorithm: 'HS256' });
  // Signature, algorithm and audience; the expiry below. A token checked once is remembered (by its
  // hash, fast-jwt's own cache), as a member sends the same one with every call and each call checked
  // it twice (the flood guard's key, the session check): about 5 % of a busy node's time.
  const checkToken = createVerifier({ key: secret, algorithms: ['HS256'], allowedAud: [...AUDIENCES], ignoreExpiration: true, cache: REMEMBERED_TOKENS });

  /** The payload when the signature holds, else undefined; `expired` when it holds but is past its expiry. */
  function read(token: string): { payload: Payload; expired: boolean } | undefined {
    let payload: Payload;
    try {
      payload = checkToken(token) as Payload;
    } catch {
      return undefined;
    }
    if (typeof payload.exp !== 'number') return undefined;
    return { payload, expired: payload.exp * 1000 <= now().getTime() };
  }

  const audienceOf = (payload: Payload) => AUDIENCES.find((known) => payload.aud === known || (Array.isArray(payload.aud) && payload.aud.includes(known)));

  return {
    async sign(audience: TokenAudience, claims: TokenClaims, expiresAt: Date): Promise<string> {
      return signToken({
        sid: claims.sessionId,
        sub: claims.subject,
        ...(claims.currency ? { cur: claims.currency } : {}),
        aud: audience,
        iat: Math.floor(now().getTime() / 1000),
        exp: Math.floor(expiresAt.getTime() / 1000),
      });
    },
    async verify(audience: TokenAudience, token: string): Promise<TokenCheck> {
      const checked = read(token);
      if (!checked || audienceOf(checked.payload) !== audience) return { ok: false, reason: 'invalid' };
      const { payload } = checked;
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return { ok: false, reason: 'invalid' };
      if (checked.expired) return { ok: false, reason: 'expired' };
      return { ok: true, claims: { subject: payload.sub, sessionId: payload.sid, ...(typeof payload.cur === 'string' ? { currency: payload.cur } : {}) } };
    },
    /** When a token with a valid signature stops being honoured (a socket opened with it is closed then). */
    expiresAt(token: string): Date | undefined {
      const checked = read(token);
      return checked && typeof checked.payload.exp === 'number' ? new Date(checked.payload.exp * 1000) : undefined;
    },
    /**
     * Whose token this is, by its signature alone (no session lookup): cheap enough for every
     * request, and a made-up token names nobody.
     */
    async holder(token: string): Promise<{ audience: TokenAudience; subject: string } | undefined> {
      const checked = read(token);
      if (!checked || checked.expired) return undefined;
      const audience = audienceOf(checked.payload);
      return audience && typeof checked.payload.sub === 'string' ? { audience, subject: checked.payload.sub } : undefined;
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
