// Attack suite: mass assignment (ASVS V15.3). The rule, said once: request schemas are strict and answer 400 to
// any field they do not know, except register, createorder and codorder, which drop unknown fields (a stale client
// and the original client keep working) and so can never store them.
import { expect, it } from 'vitest';
import { codOrder, createOrder, orderBody } from '../support/test-orders';
import { describeEachDatabase, useTestShop } from '../support/test-shop';
import { countRows } from './attack-support';

const SMUGGLED: Record<string, unknown>[] = [
  { roles: ['ADMIN'] },
  { role: 'ADMIN' },
  { id: 1 },
  { user_id: 1 },
  { isAdmin: true },
  { password_hash: '$argon2id$v=19$m=19456,t=2,p=1$AAAA$BBBB' },
];

describeEachDatabase('attack: mass assignment of roles, ids and states', (dialect) => {
  const set = useTestShop(dialect, { logger: { level: 'error' } });

  const rolesOf = async (email: string) => {
    const user = await set.shop.app.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    return (await set.shop.app.ctx.db.selectFrom('user_roles').select('role').where('user_id', '=', user.id).execute()).map((r) => r.role);
  };

  it('register drops smuggled roles, ids and hashes: the account is a plain USER with its own id', async () => {
    for (const [i, extra] of SMUGGLED.entries()) {
      const email = `smuggler${i}-${dialect}@example.in`;
      const res = await set.shop.app.inject({
        method: 'POST',
        url: '/api/account/register',
        payload: { username: 'Smuggler', emailaddress: email, mobilenumber: '9876543210', password: 'smuggled-ghee-jar', ...extra },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user.roles).toEqual(['USER']);
      expect(await rolesOf(email)).toEqual(['USER']);
      const row = await set.shop.app.ctx.db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', email).executeTakeFirstOrThrow();
      expect(row.id).not.toBe(1);
      expect(row.password_hash).not.toBe(extra.password_hash);
    }
    // The seeded admin (id 1) kept its own account.
    expect(await rolesOf(set.admin.email)).toContain('ADMIN');
  });

  it('registeronprocess (guest at billing) refuses smuggled fields with 400 and creates nothing', async () => {
    const before = await countRows(set.shop, 'users');
    for (const extra of SMUGGLED) {
      const res = await set.shop.app.inject({
        method: 'POST',
        url: '/api/account/registeronprocess',
        payload: { name: 'Guest', email: `guest-${Math.random().toString(36).slice(2)}@example.in`, mobilenumber: '9876543210', address: '1 Road', pincode: '560001', district: 'Bengaluru', state: 'Karnataka', ...extra },
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect(await countRows(set.shop, 'users')).toBe(before);
  });

  it('profile refuses smuggled roles and ids with 400 and changes nothing', async () => {
    const profile = { username: 'Changed', emailaddress: set.customer.email, address: '1 Road', pincode: '560001', state: 'Karnataka', mobilenumber: '9876543210', district: 'Bengaluru' };
    for (const extra of SMUGGLED) {
      const res = await set.shop.app.inject({ method: 'PUT', url: '/api/account/profile', headers: set.customer.auth, payload: { ...profile, ...extra } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect(await rolesOf(set.customer.email)).toEqual(['USER']);
    const row = await set.shop.app.ctx.db.selectFrom('users').select('username').where('id', '=', set.customer.id).executeTakeFirstOrThrow();
    expect(row.username).not.toBe('Changed');
  });

  it('order bodies drop a smuggled paid status, payment id, order id, owner or line total: nothing of it is stored or takes effect', async () => {
    // createorder and codorder strip unknown fields (the original client sends whole cart lines, DESIGN.md §7.4).
    const extras: Record<string, unknown>[] = [
      { paymentstatus: 'PAID' },
      { payment_status: 'PAID' },
      { status: 'DELIVERED' },
      { paymentid: 'pay_FREEFREEFREE00' },
      { orderid: 'order_MINEMINEMINE00' },
      { user_id: set.admin.id },
      { invoiceNumber: 'GS/26-27/000001', refunds: [{ amount: 1 }], discount: 3037, deliveryFee: -100 },
      ...SMUGGLED,
    ];
    const lineExtras = { lineTotal: 1, unit_price: 1, price: [1], offerprice: 1, status: 'DELIVERED', user_id: set.admin.id };
    const before = await countRows(set.shop, 'orders');
    for (const extra of extras) {
      const cod = orderBody({ paymentmode: 'CASHONDELIVERY' });
      const online = orderBody();
      const codRes = await codOrder(set.shop, set.customer, { ...cod, ...extra, items: cod.items.map((i) => ({ ...i, ...lineExtras })) } as never);
      const onlineRes = await createOrder(set.shop, set.customer, { ...online, ...extra } as never);
      expect(codRes.statusCode, JSON.stringify(extra)).toBe(200);
      expect(onlineRes.statusCode, JSON.stringify(extra)).toBe(200);
      for (const orderid of [codRes.json().orderid as string, onlineRes.json().orderid as string]) {
        const row = await set.shop.app.ctx.db.selectFrom('orders').selectAll().where('orderid', '=', orderid).executeTakeFirstOrThrow();
        expect(orderid).not.toBe('order_MINEMINEMINE00');
        expect(row).toMatchObject({ status: 'PREPARATION', paymentid: '', user_id: set.customer.id, total_amount: 3037 });
        expect(row.payment_status).toBe(orderid === codRes.json().orderid ? 'COD' : 'PENDING');
        const lines = await set.shop.app.ctx.db.selectFrom('order_lines').selectAll().where('order_id', '=', row.id).orderBy('position').execute();
        expect(lines.map((l) => [l.name, l.size_ml, l.item_qty, l.unit_price])).toEqual([
          ['A2 Desi Cow Ghee', 500, 2, 1019],
          ['Buffalo Ghee', 1000, 1, 999],
        ]);
      }
      expect(JSON.stringify(codRes.json())).not.toMatch(/FREEFREE|MINEMINE|lineTotal|unit_price|offerprice|password_hash|isAdmin/);
    }
    // Two new orders each time (a smuggled id overwrote none), the admin kept its account, the customer is a USER.
    expect(await countRows(set.shop, 'orders')).toBe(before + 2 * extras.length);
    expect(await rolesOf(set.customer.email)).toEqual(['USER']);
    expect(await rolesOf(set.admin.email)).toContain('ADMIN');
  });

  it('payment confirmation refuses a smuggled amount or status with 400', async () => {
    const { orderid } = (await createOrder(set.shop, set.customer)).json() as { orderid: string };
    const res = await set.shop.app.inject({
      method: 'PUT',
      url: '/api/checkout/updateorder',
      headers: set.customer.auth,
      payload: { orderid, paymentid: 'pay_AAAAAAAAAAAAAA', paymentsignature: 'f'.repeat(64), status: 'captured', amount: 1 },
    });
    expect(res.statusCode).toBe(400);
    const row = await set.shop.app.ctx.db.selectFrom('orders').select('payment_status').where('orderid', '=', orderid).executeTakeFirstOrThrow();
    expect(row.payment_status).toBe('PENDING');
  });

  it('admin writes refuse unknown fields too, so an admin form cannot be abused to set hidden columns', async () => {
    const settings = (await set.shop.app.inject({ method: 'GET', url: '/api/settings', headers: set.admin.auth })).json();
    const res = await set.shop.app.inject({ method: 'PUT', url: '/api/settings', headers: set.admin.auth, payload: { ...settings, id: 2 } });
    expect(res.statusCode).toBe(400);
    const template = await set.shop.app.inject({ method: 'POST', url: '/api/email', headers: set.admin.auth, payload: { title: 't', subject: 's', body: 'b', created_at: 'x' } });
    expect(template.statusCode).toBe(400);
  });
});
