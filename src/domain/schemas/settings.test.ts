import { describe, expect, it } from 'vitest';
import { settingsSchema } from './settings';
import { errorsOf } from './test-helpers';

const settings = {
  emailsetting: true,
  customeremail: false,
  intialsubject: 'Order update',
  intialbody: 'Hello {{customerName}}',
};

describe('settingsSchema', () => {
  it('keeps the spec spelling of the field names', () => {
    expect(settingsSchema.parse(settings)).toEqual(settings);
  });

  it('needs booleans for the two switches', () => {
    expect(settingsSchema.safeParse({ ...settings, emailsetting: 'true' }).success).toBe(false);
    expect(settingsSchema.safeParse({ ...settings, customeremail: undefined }).success).toBe(false);
  });

  it('caps subject at 200 and body at 10000', () => {
    expect(errorsOf(settingsSchema, { ...settings, intialsubject: 's'.repeat(201) })).toEqual({
      intialsubject: 'Initial subject can be at most 200 characters; this one has 201.',
    });
    expect(errorsOf(settingsSchema, { ...settings, intialbody: 'b'.repeat(10_001) })).toEqual({
      intialbody: 'Initial body can be at most 10000 characters; this one has 10001.',
    });
  });

  it('takes a low-stock threshold of 0 to 10,000 bottles, or none (the original client sends none)', () => {
    expect(settingsSchema.parse({ ...settings, lowStockThreshold: 0 })).toEqual({ ...settings, lowStockThreshold: 0 });
    expect(settingsSchema.parse({ ...settings, lowStockThreshold: 10_000 }).lowStockThreshold).toBe(10_000);
    expect(settingsSchema.parse(settings)).not.toHaveProperty('lowStockThreshold');
    const message = 'Enter the low-stock threshold as a whole number from 0 to 10,000.';
    for (const bad of [-1, 10_001, 2.5, '5', null, Number.NaN]) {
      expect(errorsOf(settingsSchema, { ...settings, lowStockThreshold: bad })).toEqual({ lowStockThreshold: message });
    }
  });

  it('rejects the corrected spelling as an unknown key', () => {
    expect(settingsSchema.safeParse({ ...settings, initialsubject: 'x' }).success).toBe(false);
  });
});
