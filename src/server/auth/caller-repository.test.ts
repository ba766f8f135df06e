import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLES } from '../../domain/constants';
import { removeRole } from '../accounts/user-repository';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop } from '../test-support/test-shop';
import { loadCaller } from './caller-repository';

describeEachDatabase('caller query', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
  });
  afterAll(async () => shop.close());

  const rolesOf = (rows: readonly { role: string | null }[]) => rows.flatMap((r) => (r.role ? [r.role] : [])).sort();

  it('answers each of many concurrent callers with their own account and roles', async () => {
    const customer = await createTestUser(shop, { username: 'Asha Customer' });
    const admin = await createTestUser(shop, { username: 'Ravi Admin', roles: [ROLES.USER, ROLES.ADMIN] });
    const { db } = shop.app.ctx;
    const ids = [customer.id, admin.id, customer.id, 987_654_321, admin.id];
    const answers = await Promise.all(ids.map((id) => loadCaller(db, dialect, id)));
    expect(answers.map((rows) => rows[0]?.username ?? null)).toEqual(['Asha Customer', 'Ravi Admin', 'Asha Customer', null, 'Ravi Admin']);
    expect(answers.map(rolesOf)).toEqual([[ROLES.USER], [ROLES.ADMIN, ROLES.USER].sort(), [ROLES.USER], [], [ROLES.ADMIN, ROLES.USER].sort()]);
    expect(answers[0]?.every((row) => row.id === customer.id && row.email === customer.email)).toBe(true);
  });

  it('reads the roles as they are now on the next request, never an earlier answer', async () => {
    const admin = await createTestUser(shop, { roles: [ROLES.USER, ROLES.ADMIN] });
    const { db } = shop.app.ctx;
    expect(rolesOf(await loadCaller(db, dialect, admin.id))).toContain(ROLES.ADMIN);
    await removeRole(db, admin.id, ROLES.ADMIN);
    expect(rolesOf(await loadCaller(db, dialect, admin.id))).toEqual([ROLES.USER]);
  });
});
