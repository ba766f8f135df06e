import { describe, expect, it } from 'vitest';
import { EMPTY_FOOD_LABEL } from './food-label';
import { productInputSchema, productSchema } from './product';
import { errorsOf } from './test-helpers';

const input = {
  name: 'Classic Cow Ghee',
  description: 'Slow-cooked from cultured butter.',
  offerpercentage: 10,
  instock: true,
  ratings: 120,
  ratingStar: 4,
  price: [300, 550, 1000],
  quantitysize: [250, 500, 1000],
  quantity: 500,
};

describe('productSchema (answer)', () => {
  it('reads the DESIGN.md product shape', () => {
    const product = { _id: 'p1', ...input, images: ['/api/images/abc/300.webp'], slug: 'classic-cow-ghee', hsn: '0405', gstRate: 5, bestBeforeMonths: 9, countryOfOrigin: 'India', ...EMPTY_FOOD_LABEL };
    expect(productSchema.parse(product)).toEqual(product);
  });

  it('rejects a product without its size list', () => {
    const { quantitysize: _omit, ...rest } = input;
    expect(productSchema.safeParse({ _id: 'p1', ...rest, images: [] }).success).toBe(false);
  });
});

describe('productInputSchema', () => {
  it('accepts a valid product, trimming text and defaulting images', () => {
    const parsed = productInputSchema.parse({ ...input, name: '  Classic Cow Ghee ' });
    expect(parsed.name).toBe('Classic Cow Ghee');
    expect(parsed.images).toEqual([]);
  });

  it('defaults a missing description to empty text', () => {
    const { description: _omit, ...rest } = input;
    expect(productInputSchema.parse(rest).description).toBe('');
  });

  it('checks the name length', () => {
    expect(errorsOf(productInputSchema, { ...input, name: 'A' })).toEqual({
      name: 'Product name must be 2 to 100 characters',
    });
    expect(errorsOf(productInputSchema, { ...input, name: 'n'.repeat(101) })).toEqual({
      name: 'Product name must be 2 to 100 characters',
    });
  });

  it('caps the description at 2000', () => {
    expect(errorsOf(productInputSchema, { ...input, description: 'd'.repeat(2001) })).toEqual({
      description: 'Description can be at most 2000 characters; this one has 2001.',
    });
  });

  it('limits the offer to whole numbers 0 to 90', () => {
    expect(productInputSchema.safeParse({ ...input, offerpercentage: 0 }).success).toBe(true);
    expect(productInputSchema.safeParse({ ...input, offerpercentage: 90 }).success).toBe(true);
    for (const bad of [91, -1, 12.5]) {
      expect(errorsOf(productInputSchema, { ...input, offerpercentage: bad })).toEqual({
        offerpercentage: 'Offer must be a whole number between 0 and 90',
      });
    }
  });

  it('no longer needs ratings or ratingStar (computed from reviews), still taking them from older callers', () => {
    const { ratings: _r, ratingStar: _s, ...withoutRatings } = input;
    expect(productInputSchema.safeParse(withoutRatings).success).toBe(true);
    expect(productInputSchema.safeParse({ ...input, ratings: 312, ratingStar: 5 }).success).toBe(true);
  });

  it('needs positive whole prices and sizes', () => {
    expect(errorsOf(productInputSchema, { ...input, price: [300, 0, 1000] })).toEqual({
      'price.1': 'Price must be a positive whole number of rupees',
    });
    expect(errorsOf(productInputSchema, { ...input, quantitysize: [250, 500.5, 1000] })).toEqual({
      'quantitysize.1': 'Size must be a positive whole number of ml',
    });
  });

  it('needs at least one size', () => {
    expect(errorsOf(productInputSchema, { ...input, price: [], quantitysize: [] })).toEqual({
      price: 'Add at least one size',
      quantitysize: 'Add at least one size',
    });
  });

  it('rejects prices and sizes of different lengths, on the price field', () => {
    expect(errorsOf(productInputSchema, { ...input, price: [300, 550] })).toEqual({
      price: 'Each size needs exactly one price',
    });
  });

  it('rejects repeated sizes', () => {
    expect(
      errorsOf(productInputSchema, { ...input, quantitysize: [250, 500, 500], quantity: 250 }),
    ).toEqual({ quantitysize: 'Sizes must not repeat' });
  });

  it('rejects a default size that is not one of the sizes, on the quantity field', () => {
    expect(errorsOf(productInputSchema, { ...input, quantity: 750 })).toEqual({
      quantity: 'Default size must be one of the sizes',
    });
  });

  it('takes one photo id or null per size, aligned with the sizes', () => {
    const hash = 'a'.repeat(32);
    expect(productInputSchema.parse({ ...input, sizeImageHashes: [null, hash, null] }).sizeImageHashes).toEqual([null, hash, null]);
    expect(productInputSchema.parse(input).sizeImageHashes).toBeUndefined();
    expect(errorsOf(productInputSchema, { ...input, sizeImageHashes: [hash] })).toEqual({
      sizeImageHashes: 'Choose one photo (or none) for each size. Reload the product and try again.',
    });
    expect(errorsOf(productInputSchema, { ...input, sizeImageHashes: [null, '../etc/passwd', null] })).toEqual({
      'sizeImageHashes.1': 'Photo ids are 32 hexadecimal characters.',
    });
  });

  it('rejects unknown keys', () => {
    expect(productInputSchema.safeParse({ ...input, _id: 'p1' }).success).toBe(false);
  });
});
