import { describe, expect, it } from 'vitest';
import { VALIDATION } from '../../../domain/messages';
import { productInputSchema } from '../../../domain/schemas/product';
import { emptyForm, formMessages, formOf, inputOfForm, productFormResolver, type ProductFormValues } from './product-form-values';

const values: ProductFormValues = {
  name: 'Cow Ghee',
  description: 'Golden',
  offerpercentage: 10,
  instock: true,
  sizes: [
    { size: 250, price: 300, picture: null },
    { size: 500, price: 550, picture: 'a'.repeat(32) },
  ],
  defaultRow: 1,
  hsn: '0405',
  gstRate: 18,
  bestBeforeMonths: 6,
  countryOfOrigin: 'India',
  ingredients: "Milk fat (from cow's milk)",
  allergens: 'Contains milk',
  vegMark: 'VEG',
  storage: 'Cool and dry',
  nutrition: { energyKcal: 897, fatG: 99.7, saturatedFatG: 62, transFatG: 2.5, carbohydrateG: 0, sugarsG: 0, proteinG: 0, sodiumMg: 0 },
};

const resolve = (v: ProductFormValues) =>
  productFormResolver(v, undefined, { fields: {}, shouldUseNativeValidation: false, names: ['name', 'sizes.0.size', 'sizes.0.price', 'sizes.1.size', 'sizes.1.price', 'defaultRow'] });

describe('product form values', () => {
  it('turns rows into the aligned arrays of the API, the default size picked by row', () => {
    const input = inputOfForm(values);
    expect(input).toMatchObject({ price: [300, 550], quantitysize: [250, 500], quantity: 500, sizeImageHashes: [null, 'a'.repeat(32)] });
    expect(productInputSchema.safeParse(input).success).toBe(true);
    // A row added in the form has no photo yet.
    expect(inputOfForm({ ...values, sizes: [...values.sizes, { size: 1000, price: 900 }] }).sizeImageHashes).toEqual([null, 'a'.repeat(32), null]);
  });

  it('reads a product back into rows', () => {
    const product = { ...inputOfForm(values), ratings: 0, ratingStar: 0, _id: '1', images: [], gallery: [], updatedAt: '', slug: 'ghee', stock: [null, null], sizeImageHashes: [null, 'a'.repeat(32)], weightGrams: [378, 700] };
    // The packed weight comes back per row: the size's rule (250 ml: 378 g) or what the studio set.
    expect(formOf(product)).toEqual({ ...values, sizes: values.sizes.map((row, i) => ({ ...row, weight: [378, 700][i] })) });
    expect(inputOfForm(formOf(product)).weightGrams).toEqual([378, 700]);
  });

  it('starts a new product with one size row and no price yet', () => {
    expect(emptyForm().sizes).toHaveLength(1);
  });

  it('places API messages under the row and box they are about', () => {
    expect(formMessages({ 'price.1': 'p', 'quantitysize.0': 's', quantity: 'q', price: 'mismatch', name: 'n', 'sizeImageHashes.1': 'photo' })).toEqual({
      'sizes.1.price': 'p',
      'sizes.0.size': 's',
      defaultRow: 'q',
      sizes: 'mismatch',
      name: 'n',
      'sizes.1.picture': 'photo',
    });
  });

  it('validates with the shared schema and nests the messages', async () => {
    expect((await resolve(values)).errors).toEqual({});
    const bad = await resolve({ ...values, name: 'A', sizes: [{ size: 250, price: NaN }, { size: 250, price: 10 }] });
    expect(bad.errors.name?.message).toBe(VALIDATION.productNameLength);
    expect(bad.errors.sizes?.[0]?.price?.message).toBe(VALIDATION.priceInvalid);
    const repeated = await resolve({ ...values, sizes: [{ size: 250, price: 10 }, { size: 250, price: 20 }] });
    expect(repeated.errors.sizes?.root?.message).toBe(VALIDATION.sizesNotUnique);
  });
});
