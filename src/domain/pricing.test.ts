import { describe, expect, it } from 'vitest';
import {
  discountedPrice,
  finalPriceFor,
  hasOffer,
  shortOfFreeDelivery,
  isValidItemQty,
  lineTotal,
  priceForSize,
  subtotal,
  toPaise,
} from './pricing';

describe('priceForSize', () => {
  const prices = [100, 200, 300];
  const sizes = [100, 250, 300];

  it('picks the price at the index of the size', () => {
    expect(priceForSize(prices, sizes, 100)).toBe(100);
    expect(priceForSize(prices, sizes, 250)).toBe(200);
    expect(priceForSize(prices, sizes, 300)).toBe(300);
  });

  it('falls back to the first price when the size is not listed', () => {
    expect(priceForSize(prices, sizes, 500)).toBe(100);
    expect(priceForSize(prices, [], 250)).toBe(100);
  });

  it('falls back to the first price when the size has no price beside it', () => {
    expect(priceForSize([100], [100, 250], 250)).toBe(100);
  });

  it('throws when there is no price at all', () => {
    expect(() => priceForSize([], sizes, 100)).toThrow(RangeError);
    expect(() => priceForSize([], [], 100)).toThrow('Product has no prices');
  });
});

describe('discountedPrice', () => {
  it('subtracts the rounded discount', () => {
    expect(discountedPrice(199, 15)).toBe(169); // 199 - round(29.85)
    expect(discountedPrice(1000, 10)).toBe(900);
    expect(discountedPrice(550, 12)).toBe(484); // 550 - round(66)
    expect(discountedPrice(333, 33)).toBe(223); // 333 - round(109.89)
  });

  it('rounds a half discount up, as Math.round does', () => {
    expect(discountedPrice(250, 1)).toBe(247); // 250 - round(2.5)
    expect(discountedPrice(150, 1)).toBe(148); // 150 - round(1.5)
    expect(discountedPrice(50, 1)).toBe(49); // 50 - round(0.5)
  });

  it('rounds a discount below half down', () => {
    expect(discountedPrice(149, 1)).toBe(148); // 149 - round(1.49)
    expect(discountedPrice(10, 4)).toBe(10); // 10 - round(0.4)
  });

  it('offer 0, missing, negative or NaN means no discount', () => {
    expect(discountedPrice(199, 0)).toBe(199);
    expect(discountedPrice(199)).toBe(199);
    expect(discountedPrice(199, null)).toBe(199);
    expect(discountedPrice(199, -10)).toBe(199);
    expect(discountedPrice(199, Number.NaN)).toBe(199);
  });

  it('never goes below zero even for a bad offer above 100', () => {
    expect(discountedPrice(199, 100)).toBe(0);
    expect(discountedPrice(199, 150)).toBe(0);
  });
});

describe('hasOffer', () => {
  it('is true only for a positive percentage', () => {
    expect(hasOffer(15)).toBe(true);
    expect(hasOffer(0)).toBe(false);
    expect(hasOffer(undefined)).toBe(false);
    expect(hasOffer(null)).toBe(false);
    expect(hasOffer(-1)).toBe(false);
    expect(hasOffer(Number.POSITIVE_INFINITY)).toBe(false);
  });
});

describe('finalPriceFor', () => {
  const product = { price: [300, 550, 1000], quantitysize: [250, 500, 1000], offerpercentage: 10 };

  it('prices the chosen size after the offer', () => {
    expect(finalPriceFor(product, 500)).toBe(495);
    expect(finalPriceFor(product, 1000)).toBe(900);
  });

  it('uses the first price for an unknown size', () => {
    expect(finalPriceFor(product, 750)).toBe(270);
  });

  it('without an offer is the list price', () => {
    expect(finalPriceFor({ ...product, offerpercentage: 0 }, 250)).toBe(300);
  });
});

describe('lineTotal and subtotal', () => {
  it('multiplies by itemQty, treating a missing itemQty as 1', () => {
    expect(lineTotal(495, 2)).toBe(990);
    expect(lineTotal(495)).toBe(495);
    expect(lineTotal(495, null)).toBe(495);
  });

  it('sums every line', () => {
    expect(subtotal([{ finalPrice: 495, itemQty: 2 }, { finalPrice: 270 }, { finalPrice: 100, itemQty: 3 }])).toBe(1560);
  });

  it('is 0 for an empty cart', () => {
    expect(subtotal([])).toBe(0);
  });
});

describe('isValidItemQty', () => {
  it('accepts whole numbers 1 to 10', () => {
    expect(isValidItemQty(1)).toBe(true);
    expect(isValidItemQty(10)).toBe(true);
  });

  it('rejects anything else', () => {
    for (const bad of [0, 11, -1, 1.5, Number.NaN, '2', null, undefined]) {
      expect(isValidItemQty(bad)).toBe(false);
    }
  });
});

describe('toPaise', () => {
  it('multiplies whole rupees by 100', () => {
    expect(toPaise(1250)).toBe(125_000);
    expect(toPaise(0)).toBe(0);
  });

  it('rejects fractions, negatives and unsafe numbers', () => {
    expect(() => toPaise(12.5)).toThrow(RangeError);
    expect(() => toPaise(-1)).toThrow(RangeError);
    expect(() => toPaise(Number.NaN)).toThrow(RangeError);
    expect(() => toPaise(2 ** 60)).toThrow(RangeError);
  });
});

describe('shortOfFreeDelivery', () => {
  it('says how much more makes delivery free, and nothing when it is free or never is', () => {
    expect(shortOfFreeDelivery(1900, 1759)).toBe(141);
    expect(shortOfFreeDelivery(1900, 1900)).toBeNull();
    expect(shortOfFreeDelivery(1900, 2500)).toBeNull();
    expect(shortOfFreeDelivery(null, 100)).toBeNull();
  });
});
