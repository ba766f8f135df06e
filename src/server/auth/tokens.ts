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

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
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
      try {
        // The algorithm allow-list is what stops `alg: none` and key-confusion tokens.
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || typeof payload.email !== 'string') return null;
        return { userId, email: payload.email };
      } catch {
        return null;
      }
    },
  };
}
