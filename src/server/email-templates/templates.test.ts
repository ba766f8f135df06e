import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENS } from '../../domain/messages';
import { emailTemplateSchema, type EmailTemplate } from '../../domain/schemas/email-template';
import {
  adminOf,
  createTestShop,
  createTestUser,
  describeEachDatabase,
  type TestShop,
  type TestUser,
} from '../../../tests/support/test-shop';
import { insertOrder, TWO_LINES } from '../../../tests/support/test-orders';

describeEachDatabase('e-mail templates API', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;

  beforeAll(async () => {
    shop = await createTestShop(dialect);
    admin = await adminOf(shop);
  });
  afterAll(async () => shop.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: admin.auth, ...(payload ? { payload } : {}) });
  const list = async () => emailTemplateSchema.array().parse((await call('GET', '/api/email')).json());

  describe('listing', () => {
    it('starts with a default template for each status, the seeded cancellation and return templates included', async () => {
      const templates = await list();
      expect(templates.map((t) => [t.status, t.isdefault])).toEqual([
        ['PREPARATION', true],
        ['READY', true],
        ['OUTFORDELIVERY', true],
        ['DELIVERED', true],
        ['CANCELLED', true],
        ['RETURNED', true],
      ]);
    });
  });

  describe('adding', () => {
    it('adds a template that defaults to PREPARATION and not default, and lists it', async () => {
      const res = await call('POST', '/api/email', { title: 'Thanks', subject: 'Hello {{customerName}}', body: 'Hi' });
      expect(res.statusCode).toBe(200);
      const added = emailTemplateSchema.parse(res.json());
      expect(added).toMatchObject({ title: 'Thanks', status: 'PREPARATION', isdefault: false });
      expect((await list()).find((t) => t.id === added.id)).toEqual(added);
    });

    it('refuses a second template with the same status and isdefault, with the spec message', async () => {
      const res = await call('POST', '/api/email', { title: 'Again', subject: 'S', body: 'B', status: 'PREPARATION' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'TEMPLATE_DUPLICATE', message: SCREENS.templateDuplicate });
      expect(res.json().message).toBe('A template with the same status and default already exists. Update failed.');
    });

    it('refuses a second default for a status that already has one', async () => {
      const res = await call('POST', '/api/email', { title: 'New ready', subject: 'S', body: 'B', status: 'READY', isdefault: true });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(SCREENS.templateDuplicate);
    });

    it('allows the same status when isdefault differs', async () => {
      const res = await call('POST', '/api/email', { title: 'Ready (alt)', subject: 'S', body: 'B', status: 'READY', isdefault: false });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'READY', isdefault: false });
    });

    it('lets exactly one of several simultaneous adds for one slot through', async () => {
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          call('POST', '/api/email', { title: `Race ${i}`, subject: 'S', body: 'B', status: 'DELIVERED', isdefault: false }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
      for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().message).toBe(SCREENS.templateDuplicate);
      expect((await list()).filter((t) => t.status === 'DELIVERED' && !t.isdefault)).toHaveLength(1);
    });

    it('checks title, subject and body with the field messages', async () => {
      const cases: [object, string, unknown][] = [
        [{ title: ' ', subject: 'S' }, 'title', 'Title is required'],
        [{ title: 't'.repeat(101), subject: 'S' }, 'title', 'Title can be at most 100 characters; this one has 101.'],
        [{ title: 'T', subject: '' }, 'subject', 'Subject is required'],
        [{ title: 'T', subject: 's'.repeat(201) }, 'subject', 'Subject can be at most 200 characters; this one has 201.'],
        [{ title: 'T', subject: 'S', body: 'b'.repeat(10_001) }, 'body', 'Body can be at most 10000 characters; this one has 10001.'],
        [{ title: 'T', subject: 'S', status: 'Closed' }, 'status', 'Choose a valid order status'],
        [{ title: 'T', subject: 'S', body: '  ' }, 'body', 'Body is required: a mail with no text tells the customer nothing'],
        [
          { title: 'T', subject: 'Hello {{customer}}', body: 'B' },
          'subject',
          expect.stringMatching(/^Unknown placeholder \{\{customer\}\}\. Use only these: \{\{customerName\}\}, \{\{orderNumber\}\}, \{\{orderId\}\}.*\{\{items\}\}\.$/),
        ],
        [{ title: 'T', subject: 'S', body: 'Paid {{ total }} for {{orderID}}' }, 'body', expect.stringContaining('Unknown placeholders {{total}}, {{orderID}}.')],
      ];
      for (const [payload, field, message] of cases) {
        const res = await call('POST', '/api/email', { body: 'B', ...payload });
        expect(res.statusCode, field).toBe(400);
        expect(res.json().fields[field]).toEqual(message);
      }
      const longest = await call('POST', '/api/email', {
        title: 't'.repeat(100),
        subject: 's'.repeat(200),
        body: 'b'.repeat(10_000),
        status: 'OUTFORDELIVERY',
      });
      expect(longest.statusCode).toBe(200);
    });

    it('rejects unknown fields', async () => {
      const res = await call('POST', '/api/email', { title: 'T', subject: 'S', body: 'B', colour: 'red' });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('updating', () => {
    let mine: EmailTemplate;
    beforeAll(async () => {
      // Earlier tests may hold the slot; free it so this block starts from a known state.
      const holder = (await list()).find((t) => t.status === 'DELIVERED' && !t.isdefault);
      if (holder) expect((await call('DELETE', '/api/email', holder)).statusCode).toBe(200);
      const res = await call('POST', '/api/email', { title: 'Mine', subject: 'S', body: 'B', status: 'DELIVERED', isdefault: false });
      mine = emailTemplateSchema.parse(res.json());
    });

    it('saves the whole template when its slot stays its own', async () => {
      const res = await call('PUT', '/api/email', { ...mine, title: 'Renamed', body: 'Line 1\nLine 2' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ...mine, title: 'Renamed', body: 'Line 1\nLine 2' });
      expect((await list()).find((t) => t.id === mine.id)?.title).toBe('Renamed');
    });

    it('refuses to move into the slot of another template, with the spec message', async () => {
      const res = await call('PUT', '/api/email', { ...mine, isdefault: true });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'TEMPLATE_DUPLICATE', message: SCREENS.templateDuplicate });
      expect((await list()).find((t) => t.id === mine.id)?.isdefault).toBe(false);
    });

    it('moves a default out of its slot and another one in', async () => {
      const templates = await list();
      const deliveredDefault = templates.find((t) => t.status === 'DELIVERED' && t.isdefault) as EmailTemplate;
      // The non-default slot is taken by `mine`, so the old default makes way by changing status.
      expect((await call('PUT', '/api/email', { ...deliveredDefault, status: 'READY', isdefault: false })).statusCode).toBe(409);
      await call('DELETE', '/api/email', { id: mine.id });
      expect((await call('PUT', '/api/email', { ...deliveredDefault, isdefault: false })).statusCode).toBe(200);
      const res = await call('POST', '/api/email', { title: 'New default', subject: 'S', body: 'B', status: 'DELIVERED', isdefault: true });
      expect(res.statusCode).toBe(200);
    });

    it('answers 404 for a template that does not exist, including ids beyond any row', async () => {
      for (const id of [999_999, 9_000_000_000]) {
        const res = await call('PUT', '/api/email', { id, title: 'T', subject: 'S', body: 'B', status: 'READY', isdefault: false });
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe('NOT_FOUND');
      }
    });

    it('validates like adding', async () => {
      const res = await call('PUT', '/api/email', { id: 1, title: '', subject: 'S', body: 'B', status: 'READY', isdefault: true });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.title).toBe('Title is required');
    });
  });

  describe('deleting', () => {
    it('refuses to delete a default template and keeps it', async () => {
      const def = (await list()).find((t) => t.isdefault) as EmailTemplate;
      const res = await call('DELETE', '/api/email', def);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'TEMPLATE_IS_DEFAULT', message: expect.stringContaining('default') });
      expect((await list()).some((t) => t.id === def.id)).toBe(true);
    });

    it('deletes a template sent whole as the body, as the spec screen does', async () => {
      const holder = (await list()).find((t) => t.status === 'OUTFORDELIVERY' && !t.isdefault);
      if (holder) await call('DELETE', '/api/email', { id: holder.id });
      const added = emailTemplateSchema.parse(
        (await call('POST', '/api/email', { title: 'Gone soon', subject: 'S', body: 'B', status: 'OUTFORDELIVERY' })).json(),
      );
      const res = await call('DELETE', '/api/email', added);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Email template deleted successfully' });
      expect((await list()).some((t) => t.id === added.id)).toBe(false);
    });

    it('answers 404 for a template that is not there and 400 without an id', async () => {
      expect((await call('DELETE', '/api/email', { id: 999_999 })).statusCode).toBe(404);
      expect((await call('DELETE', '/api/email', { title: 'no id' })).statusCode).toBe(400);
    });
  });

  describe('preview', () => {
    it('fills sample values, escapes them in HTML and leaves unknown placeholders visible', async () => {
      const res = await call('POST', '/api/email/preview', {
        subject: 'Order {{orderId}} for {{customerName}}',
        body: 'Hello {{customerName}}\n\n{{items}}\n{{nickname}}',
      });
      expect(res.statusCode).toBe(200);
      const preview = res.json();
      expect(preview.subject).toBe('Order SAMPLE0000000 for Asha Verma');
      expect(preview.body).toBe(
        'Hello Asha Verma\n\nClassic Cow Ghee - 500 ml x 2 - Rs. 1,100\nA2 Desi Ghee - 250 ml x 1 - Rs. 550\n{{nickname}}',
      );
      expect(preview.html).toContain('Classic Cow Ghee - 500 ml x 2 - Rs. 1,100<br>A2 Desi Ghee');
    });

    it('fills the values of a named order, with or without its prefix', async () => {
      const user = await createTestUser(shop);
      const order = await insertOrder(shop.app.ctx.db, { userId: user.id, lines: TWO_LINES, username: 'Ravi <b>Kumar</b>' });
      for (const orderid of [order.orderid, order.orderid.slice('order_'.length)]) {
        const res = await call('POST', '/api/email/preview', { subject: '{{orderId}}', body: '{{customerName}}', orderid });
        expect(res.statusCode).toBe(200);
        expect(res.json().subject).toBe(order.orderid.slice('order_'.length));
        expect(res.json().body).toBe('Ravi <b>Kumar</b>');
        expect(res.json().html).toContain('Ravi &lt;b&gt;Kumar&lt;/b&gt;');
      }
    });

    it('answers 404 for an unknown order', async () => {
      const res = await call('POST', '/api/email/preview', { subject: 'S', body: 'B', orderid: 'order_NOPE' });
      expect(res.statusCode).toBe(404);
    });
  });
});
