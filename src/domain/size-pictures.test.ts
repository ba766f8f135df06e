import { describe, expect, it } from 'vitest';
import { pictureIndexForSize } from './size-pictures';

const images = ['/media/a-card.webp', '/media/b-card.webp', '/media/c-card.webp'];

describe('pictureIndexForSize', () => {
  it("shows a size's own picture", () => {
    const product = { images, quantitysize: [250, 500, 1000], sizeImages: [null, '/media/c-card.webp', '/media/b-card.webp'] };
    expect(pictureIndexForSize(product, 500)).toBe(2);
    expect(pictureIndexForSize(product, 1000)).toBe(1);
  });

  it('falls back to the first picture for a size without one, an unknown size, or a list without the field', () => {
    const product = { images, quantitysize: [250, 500], sizeImages: [null, '/media/gone-card.webp'] };
    expect(pictureIndexForSize(product, 250)).toBe(0);
    expect(pictureIndexForSize(product, 500)).toBe(0);
    expect(pictureIndexForSize(product, 750)).toBe(0);
    expect(pictureIndexForSize({ images, quantitysize: [250] }, 250)).toBe(0);
    expect(pictureIndexForSize({ images: [], quantitysize: [250], sizeImages: [null] }, 250)).toBe(0);
  });
});
