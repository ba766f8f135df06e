import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  userId: number;
  email: string;
  /** The server-side session the token stands for (the `sid` claim): ending that row ends the token. */
  sessionId: string;
}

export type VerifiedClaims = TokenClaims;

export interface TokenService {
  /** Signs a token for a session that ends at `expiresAtMs` (the session row's `expires_at`). */
  sign(claims: TokenClaims, expiresAtMs: number): Promise<string>;
  /** Resolves to the claims, or null for any token that is not ours, is altered, or has expired. */
  verify(token: string): Promise<VerifiedClaims | null>;
}

const ISSUER = 'ghee-shop';

/**
 * Tokens already verified, until they expire. A signature never changes, so a token checked once needs no second
 * HMAC (which jose runs as an asynchronous WebCrypto job on the thread pool, the costliest step of an
 * authenticated read). The session, the account and its roles are still read from the database on every request,
 * so a cached token is refused as soon as its session ends.
 */
const VERIFIED_CACHE_MAX = 10_000;

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { claims: VerifiedClaims; expiresAtMs: number }>();
  const remember = (token: string, claims: VerifiedClaims, expiresAtMs: number) => {
    if (verified.size >= VERIFIED_CACHE_MAX) {
      const oldest = verified.keys().next();
      if (!oldest.done) verified.delete(oldest.value);
    }
    verified.set(token, { claims, expiresAtMs });
  };
  return {
    async sign({ userId, email, sessionId }, expiresAtMs) {
      return new SignJWT({ email, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAtMs / 1000))
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAtMs) return known.claims;
        verified.delete(token);
        return null;
      }
      try {
        // The algorithm allow-list is what stops `alg: none` and key-confusion tokens.
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
        const userId = Number(payload.sub);
        // A token without a session (signed before sessions existed) cannot be ended, so it is not accepted.
        const sessionId = payload.sid;
        if (!Number.isSafeInteger(userId) || typeof payload.email !== 'string' || typeof sessionId !== 'string' || !sessionId) {
          return null;
        }
        const claims: VerifiedClaims = { userId, email: payload.email, sessionId };
        if (typeof payload.exp === 'number') remember(token, claims, payload.exp * 1000);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
