import { describe, expect, it } from 'vitest';
import { businessSchema } from './business';
import { shopProfileSchema } from './shop-profile';
import { errorsOf } from './test-helpers';
import { KARNATAKA_BUSINESS } from '../test-business';

// Valid in every field but the phones under test.
const BUSINESS = { ...KARNATAKA_BUSINESS, gstin: '' };
const businessErrors = (phones: { carePhone?: string; grievancePhone?: string }) => errorsOf(businessSchema, { ...BUSINESS, ...phones });
const whatsappError = (whatsappNumber: string) => errorsOf(shopProfileSchema, { shopName: 'Ghee Shop', whatsappNumber }).whatsappNumber;

describe('the business phone fields', () => {
  it('say a number is too short and how many digits are needed, on both phones', () => {
    const errors = businessErrors({ carePhone: '98450', grievancePhone: '080 412' });
    expect(errors.carePhone).toBe('Phone number is too short: it has 5 digits, and an Indian number has 10 (a landline with its area code, e.g. 080 4123 4567)');
    expect(errors.grievancePhone).toMatch(/^Phone number is too short: it has 6 digits/);
  });

  it('say a number is too long', () => {
    expect(businessErrors({ carePhone: '+91 98450 12345 678' }).carePhone).toBe(
      'Phone number is too long: it has 15 digits, and an Indian number has 10, or 12 with +91 in front',
    );
  });

  it('keep the characters message for characters, and ask for a digit at each end', () => {
    expect(businessErrors({ carePhone: '98450 ext 12345' }).carePhone).toBe('Phone number: digits, spaces, dashes and a leading + only');
    expect(businessErrors({ carePhone: '98450-12345-' }).carePhone).toBe('Phone number: begin and end with a digit (a leading + is fine)');
  });

  it('refuse a number that cannot be real: one digit repeated, or a 0 where the number begins', () => {
    const repeated = 'Phone number cannot be real: it is one digit repeated. Enter the number customers will call';
    for (const phone of ['0000000000', '000 0000 0000', '+91 00000 00000', '+91 99999 99999', '99999-99999', '0 1111111111', '1111111111111']) {
      expect(businessErrors({ carePhone: phone }).carePhone, phone).toBe(repeated);
    }
    const leadingZero = 'Phone number cannot be real: after the 0 or +91 in front, an Indian number does not start with 0';
    for (const phone of ['00000 12345', '+91 0 0804 123456', '00 8041 234567']) expect(businessErrors({ grievancePhone: phone }).grievancePhone, phone).toBe(leadingZero);
  });

  it('accept mobiles, landlines with the area code, +91 and toll-free numbers', () => {
    for (const phone of ['9845012345', '080 4123 4567', '+91 80 4123 4567', '+91-98450-12345', '1800 123 4567', '+91 1800 123 4567', '+91 080 4123 4567', '1800 123 456', '9100000000', '+44 20 7946 0000']) {
      expect(businessErrors({ carePhone: phone, grievancePhone: phone })).toEqual({});
    }
  });
});

describe('the shop profile WhatsApp number', () => {
  it('says what is wrong: too short, too long, a landline, other characters', () => {
    expect(whatsappError('98450')).toBe('WhatsApp number is too short: it has 5 digits, and a mobile number has 10');
    expect(whatsappError('98450 123456')).toBe('WhatsApp number is too long: it has 11 digits, and a mobile number has 10 (+91 in front is fine)');
    expect(whatsappError('2345678901')).toBe('WhatsApp number: an Indian mobile number starts with 6, 7, 8 or 9');
    expect(whatsappError('98450 ext 1')).toBe('WhatsApp number: digits, spaces, dashes and a leading + only');
  });

  it('accepts a mobile however it is written, and empty', () => {
    for (const number of ['9845012345', '+91 98450 12345', '098450-12345', '']) expect(whatsappError(number)).toBeUndefined();
  });
});
