import { SignJWT, jwtVerify } from 'jose';
import { REMEMBER_ME_MS, SESSION_TIMEOUT_MS } from '../../domain/constants';

export interface TokenClaims {
  userId: number;
  email: string;
}

export interface TokenService {
  sign(claims: TokenClaims, options?: { remember?: boolean }): Promise<string>;
  /** Resolves to the claims, or null for any token that is not ours, is altered, or has expired. */
  verify(token: string): Promise<TokenClaims | null>;
}

const ISSUER = 'ghee-shop';

/**
 * Tokens already verified, until they expire. A signature never changes, so a token checked once needs no second
 * HMAC (which jose runs as an asynchronous WebCrypto job on the thread pool, the costliest step of an
 * authenticated read). The account and its roles are still read from the database on every request.
 */
const VERIFIED_CACHE_MAX = 10_000;

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();
  const remember = (token: string, claims: TokenClaims, expiresAtMs: number) => {
    if (verified.size >= VERIFIED_CACHE_MAX) {
      const oldest = verified.keys().next();
      if (!oldest.done) verified.delete(oldest.value);
    }
    verified.set(token, { claims, expiresAtMs });
  };
  return {
    async sign({ userId, email }, options) {
      const lifetimeMs = options?.remember ? REMEMBER_ME_MS : SESSION_TIMEOUT_MS;
      return new SignJWT({ email })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor((Date.now() + lifetimeMs) / 1000))
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
        if (!Number.isSafeInteger(userId) || typeof payload.email !== 'string') return null;
        const claims = { userId, email: payload.email };
        if (typeof payload.exp === 'number') remember(token, claims, payload.exp * 1000);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
