import { describe, expect, it } from 'vitest';
import { EMPTY_FOOD_LABEL } from './schemas/food-label';
import { META_DESCRIPTION_MAX, metaDescription, pageTitle, productDescription, productPagePath } from './page-meta';
import { PRODUCT_TAX_DEFAULTS } from './schemas/product';

const product = {
  _id: '1',
  name: 'A2 Desi Cow Ghee',
  offerpercentage: 10,
  instock: true,
  ratings: 3,
  ratingStar: 5,
  description: 'Slow-cooked   in small batches.\nNothing added.',
  price: [600, 1100],
  quantitysize: [250, 500],
  quantity: 250,
  images: [],
  slug: 'a2-desi-cow-ghee',
  ...PRODUCT_TAX_DEFAULTS,
  ...EMPTY_FOOD_LABEL,
};

describe('page meta', () => {
  it('names pages "Title · Ghee Shop", and the home page by the shop', () => {
    expect(pageTitle('Our ghee')).toBe('Our ghee · Ghee Shop');
    expect(pageTitle()).toBe('Ghee Shop · Homemade small-batch ghee');
  });

  it('describes a product by its sizes, its lowest offer price and its text, on one line', () => {
    expect(productDescription(product)).toBe('A2 Desi Cow Ghee in 250 ml and 500 ml bottles from Rs. 540. Slow-cooked in small batches. Nothing added.');
  });

  it('cuts a long description between words, within the limit', () => {
    const text = metaDescription('word '.repeat(100));
    expect([...text].length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
    expect(text.endsWith('word…')).toBe(true);
  });

  it('addresses a product by its slug, on the crawlable page and in the app alike', () => {
    expect(productPagePath('देसी-घी')).toBe('/products/%E0%A4%A6%E0%A5%87%E0%A4%B8%E0%A5%80-%E0%A4%98%E0%A5%80');
  });
});
