// Attack suite: forged session tokens (ASVS V9 self-contained tokens), aimed at an admin call.
import { SignJWT, decodeJwt } from 'jose';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, useTestShop } from '../support/test-shop';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const ISSUER = 'ghee-shop';

describeEachDatabase('attack: forged session tokens', (dialect) => {
  const set = useTestShop(dialect, { logger: { level: 'error' } });
  let secret: Uint8Array;

  beforeAll(async () => {
    secret = new TextEncoder().encode(set.shop.config.JWT_SECRET);
  });

  const adminCall = (token: string) =>
    set.shop.app.inject({ method: 'GET', url: '/api/settings', headers: { authorization: `Bearer ${token}` } });
  const sign = (claims: Record<string, unknown>, key: Uint8Array = secret, alg = 'HS256') =>
    new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).setIssuer(ISSUER).setIssuedAt().setExpirationTime('10m').sign(key);

  it('the genuine admin token opens the admin call (so every refusal below is the token check)', async () => {
    expect((await adminCall(set.admin.token)).statusCode).toBe(200);
  });

  it("alg: none with the admin's id is 401", async () => {
    const claims = { sub: String(set.admin.id), email: set.admin.email, iss: ISSUER, exp: Math.floor(Date.now() / 1000) + 600 };
    for (const alg of ['none', 'None', 'NONE']) {
      for (const signature of ['', 'e30']) {
        const res = await adminCall(`${b64({ alg, typ: 'JWT' })}.${b64(claims)}.${signature}`);
        expect(res.statusCode, `${alg}/${signature}`).toBe(401);
      }
    }
  });

  it('a token signed with another key is 401', async () => {
    const res = await adminCall(await sign({ sub: String(set.admin.id), email: set.admin.email }, new TextEncoder().encode('x'.repeat(48))));
    expect(res.statusCode).toBe(401);
  });

  it('a token signed with the right key under another HMAC algorithm is 401 (algorithm allow-list)', async () => {
    const res = await adminCall(await sign({ sub: String(set.admin.id), email: set.admin.email }, secret, 'HS512'));
    expect(res.statusCode).toBe(401);
  });

  it("an expired admin token is 401", async () => {
    const expired = await new SignJWT({ email: set.admin.email })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(set.admin.id))
      .setIssuer(ISSUER)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret);
    expect((await adminCall(expired)).statusCode).toBe(401);
  });

  it("a customer token whose payload was edited to the admin's id is 401", async () => {
    const [header, , signature] = set.customer.token.split('.');
    const claims = { ...decodeJwt(set.customer.token), sub: String(set.admin.id), email: set.admin.email };
    expect((await adminCall(`${header}.${b64(claims)}.${signature}`)).statusCode).toBe(401);
  });

  it('a validly signed customer token that claims roles: ["ADMIN"] is still 403: roles come from the database', async () => {
    // The customer's own live session, so only the smuggled role claims differ from a real token.
    const { sid } = decodeJwt(set.customer.token);
    const token = await sign({ sub: String(set.customer.id), email: set.customer.email, sid, roles: ['ADMIN'], role: 'ADMIN', isAdmin: true });
    const res = await adminCall(token);
    expect(res.statusCode).toBe(403);
  });

  it('a token from another issuer is 401 even with the right key', async () => {
    const token = await new SignJWT({ email: set.admin.email })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(set.admin.id))
      .setIssuer('someone-else')
      .setExpirationTime('10m')
      .sign(secret);
    expect((await adminCall(token)).statusCode).toBe(401);
  });

  it('header tricks (kid, jku, embedded jwk) are ignored: a foreign key is never fetched or trusted', async () => {
    const foreign = new TextEncoder().encode('attacker-controlled-secret-0123456789abcdef');
    const token = await new SignJWT({ email: set.admin.email })
      .setProtectedHeader({ alg: 'HS256', kid: '../../../dev/null', jku: 'http://127.0.0.1:1/keys.json' })
      .setSubject(String(set.admin.id))
      .setIssuer(ISSUER)
      .setExpirationTime('10m')
      .sign(foreign);
    expect((await adminCall(token)).statusCode).toBe(401);
  });

  it('a non-numeric, negative or injected subject is 401, never a database error', async () => {
    for (const sub of ['1 OR 1=1', '-1', '1e3', "1'; DROP TABLE users; --", '9007199254740993']) {
      const res = await adminCall(await sign({ sub, email: set.admin.email }));
      expect(res.statusCode, sub).toBe(401);
    }
  });

  it('garbage in the Authorization header is 401', async () => {
    for (const header of ['Bearer', 'Bearer ', 'Basic YWRtaW46YWRtaW4=', `Bearer ${set.admin.token} extra`, `Bearer ${'a'.repeat(8000)}`, 'Bearer a.b.c']) {
      const res = await set.shop.app.inject({ method: 'GET', url: '/api/settings', headers: { authorization: header } });
      expect(res.statusCode, header.slice(0, 40)).toBe(401);
    }
  });
});
