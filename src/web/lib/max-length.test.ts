import { describe, expect, it } from 'vitest';
import { billingPageSchema, profileFormSchema } from '../../domain/schemas/account';
import { businessSchema } from '../../domain/schemas/business';
import { shopProfileSchema } from '../../domain/schemas/shop-profile';
import { maxLengthOf } from './max-length';

describe('maxLengthOf', () => {
  it('reads the limit of the one-line fields, through defaults and transforms', () => {
    expect(maxLengthOf(billingPageSchema.shape.name)).toBe(100);
    expect(maxLengthOf(billingPageSchema.shape.address)).toBe(200);
    expect(maxLengthOf(billingPageSchema.shape.district)).toBe(100);
    expect(maxLengthOf(billingPageSchema.shape.businessName)).toBe(100);
    expect(maxLengthOf(profileFormSchema.shape.username)).toBe(100);
    expect(maxLengthOf(businessSchema.shape.legalName)).toBe(100);
    expect(maxLengthOf(businessSchema.shape.signatoryTitle)).toBe(100);
    expect(maxLengthOf(shopProfileSchema.shape.tagline)).toBeGreaterThan(0);
  });

  it('gives none for a field without a length limit', () => {
    expect(maxLengthOf(billingPageSchema.shape.businessInvoice)).toBeUndefined();
    expect(maxLengthOf(billingPageSchema.shape.mobilenumber)).toBeUndefined();
  });
});
