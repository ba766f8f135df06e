import { SignJWT, jwtVerify } from 'jose';
import { REMEMBER_ME_MS, SESSION_TIMEOUT_MS } from '../../domain/constants';

export interface TokenClaims {
  userId: number;
  email: string;
}

/** What a verified token says: the claims plus when it was issued (whole seconds since the epoch). */
export interface VerifiedClaims extends TokenClaims {
  issuedAt: number;
}

export interface TokenService {
  sign(claims: TokenClaims, options?: { remember?: boolean }): Promise<string>;
  /** Resolves to the claims, or null for any token that is not ours, is altered, or has expired. */
  verify(token: string): Promise<VerifiedClaims | null>;
}

const ISSUER = 'ghee-shop';

/**
 * Tokens already verified, until they expire. A signature never changes, so a token checked once needs no second
 * HMAC (which jose runs as an asynchronous WebCrypto job on the thread pool, the costliest step of an
 * authenticated read). The account, its roles and when its password last changed are still read from the
 * database on every request, so a cached token is refused as soon as the account says so.
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
        // Without `iat` a token could not be compared with a password change, so it is not one of ours.
        if (!Number.isSafeInteger(userId) || typeof payload.email !== 'string' || typeof payload.iat !== 'number') {
          return null;
        }
        const claims: VerifiedClaims = { userId, email: payload.email, issuedAt: payload.iat };
        if (typeof payload.exp === 'number') remember(token, claims, payload.exp * 1000);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
