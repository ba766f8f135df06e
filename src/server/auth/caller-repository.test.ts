import { decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLES } from '../../domain/constants';
import { removeRole } from '../accounts/user-repository';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop } from '../../../tests/support/test-shop';
import { loadCaller } from './caller-repository';

describeEachDatabase('caller query', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
  });
  afterAll(async () => shop.close());

  const rolesOf = (rows: readonly { role: string | null }[]) => rows.flatMap((r) => (r.role ? [r.role] : [])).sort();
  const sessionOf = (token: string) => String(decodeJwt(token).sid);

  it('answers each of many concurrent sessions with their own session, account and roles', async () => {
    const customer = await createTestUser(shop, { username: 'Asha Customer' });
    const admin = await createTestUser(shop, { username: 'Ravi Admin', roles: [ROLES.USER, ROLES.ADMIN] });
    const { db } = shop.app.ctx;
    const ids = [sessionOf(customer.token), sessionOf(admin.token), sessionOf(customer.token), 'no-such-session', sessionOf(admin.token)];
    const answers = await Promise.all(ids.map((id) => loadCaller(db, dialect, id)));
    expect(answers.map((rows) => rows[0]?.username ?? null)).toEqual(['Asha Customer', 'Ravi Admin', 'Asha Customer', null, 'Ravi Admin']);
    expect(answers.map(rolesOf)).toEqual([[ROLES.USER], [ROLES.ADMIN, ROLES.USER].sort(), [ROLES.USER], [], [ROLES.ADMIN, ROLES.USER].sort()]);
    expect(answers[0]?.every((row) => row.id === customer.id && row.email === customer.email && row.session_id === ids[0])).toBe(true);
    expect(answers[0]?.[0]?.ended_at).toBeNull();
  });

  it('reads the roles and the session as they are now on the next request, never an earlier answer', async () => {
    const admin = await createTestUser(shop, { roles: [ROLES.USER, ROLES.ADMIN] });
    const { db } = shop.app.ctx;
    const id = sessionOf(admin.token);
    expect(rolesOf(await loadCaller(db, dialect, id))).toContain(ROLES.ADMIN);
    await removeRole(db, admin.id, ROLES.ADMIN);
    expect(rolesOf(await loadCaller(db, dialect, id))).toEqual([ROLES.USER]);
    await db.updateTable('sessions').set({ ended_at: new Date().toISOString() }).where('id', '=', id).execute();
    expect((await loadCaller(db, dialect, id))[0]?.ended_at).not.toBeNull();
  });
});
