import { describe, expect, it } from 'vitest';
import {
  emailTemplateDeleteSchema,
  emailTemplateInputSchema,
  emailTemplateSchema,
  emailTemplateUpdateSchema,
  statusMailSchema,
  templatePreviewSchema,
} from './email-template';
import { errorsOf } from './test-helpers';

const input = { title: 'Ready', subject: 'Your order {{orderId}} is ready', body: 'Hi {{customerName}}' };

describe('emailTemplateInputSchema', () => {
  it('defaults status to PREPARATION and isdefault to false', () => {
    expect(emailTemplateInputSchema.parse(input)).toEqual({
      ...input,
      status: 'PREPARATION',
      isdefault: false,
    });
  });

  it('requires a title and a subject', () => {
    expect(errorsOf(emailTemplateInputSchema, { ...input, title: ' ', subject: '' })).toEqual({
      title: 'Title is required',
      subject: 'Subject is required',
    });
  });

  it('enforces the length limits', () => {
    expect(errorsOf(emailTemplateInputSchema, { ...input, title: 't'.repeat(101) })).toEqual({
      title: 'Title can be at most 100 characters; this one has 101.',
    });
    expect(errorsOf(emailTemplateInputSchema, { ...input, subject: 's'.repeat(201) })).toEqual({
      subject: 'Subject can be at most 200 characters; this one has 201.',
    });
    expect(errorsOf(emailTemplateInputSchema, { ...input, body: 'b'.repeat(10_001) })).toEqual({
      body: 'Body can be at most 10000 characters; this one has 10001.',
    });
    expect(emailTemplateInputSchema.safeParse({ ...input, body: 'b'.repeat(10_000) }).success).toBe(true);
  });

  it('accepts only the four statuses', () => {
    expect(emailTemplateInputSchema.parse({ ...input, status: 'DELIVERED' }).status).toBe('DELIVERED');
    expect(errorsOf(emailTemplateInputSchema, { ...input, status: 'Closed' })).toEqual({
      status: 'Choose a valid order status',
    });
  });

  it('rejects unknown keys, including an id', () => {
    expect(emailTemplateInputSchema.safeParse({ ...input, id: 3 }).success).toBe(false);
  });
});

describe('emailTemplateUpdateSchema', () => {
  it('needs the id', () => {
    expect(emailTemplateUpdateSchema.parse({ ...input, id: 3 }).id).toBe(3);
    expect(emailTemplateUpdateSchema.safeParse(input).success).toBe(false);
  });
});

describe('emailTemplateDeleteSchema', () => {
  it('reads the id from a whole template body', () => {
    const template = { ...input, id: 3, status: 'READY', isdefault: false };
    expect(emailTemplateDeleteSchema.parse(template)).toEqual({ id: 3 });
  });
});

describe('emailTemplateSchema (answer)', () => {
  it('reads a stored template', () => {
    const t = { id: 1, ...input, status: 'READY', isdefault: true };
    expect(emailTemplateSchema.parse(t)).toEqual(t);
  });
});

describe('statusMailSchema', () => {
  it('needs an order id and a status', () => {
    expect(statusMailSchema.parse({ orderid: 'order_X', status: 'READY' })).toEqual({
      orderid: 'order_X',
      status: 'READY',
    });
    expect(errorsOf(statusMailSchema, { orderid: '', status: 'LOST' })).toEqual({
      orderid: 'Order id is required',
      status: 'Choose a valid order status',
    });
  });
});

describe('templatePreviewSchema', () => {
  it('takes subject and body, and an optional order', () => {
    expect(templatePreviewSchema.parse({ subject: 's', body: 'b' })).toEqual({ subject: 's', body: 'b' });
    expect(templatePreviewSchema.parse({ subject: 's', body: 'b', orderid: 'order_X' }).orderid).toBe('order_X');
    expect(templatePreviewSchema.safeParse({ subject: 's', body: 'b', extra: 1 }).success).toBe(false);
  });
});
