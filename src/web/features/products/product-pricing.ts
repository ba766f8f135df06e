import { finalPriceFor, priceForSize } from '../../../domain/pricing';
import type { Product } from '../../../domain/schemas/product';
import type { NewCartLine } from '../cart/cart-lines';

/** Original and offer price of one size, by the shared rules the server charges with. */
export function sizePrices(product: Product, size: number): { original: number; final: number } {
  return { original: priceForSize(product.price, product.quantitysize, size), final: finalPriceFor(product, size) };
}

/** The cart line for `itemQty` bottles of `size`. */
export function cartLineFor(product: Product, size: number, itemQty = 1): NewCartLine {
  return {
    id: product._id,
    name: product.name,
    price: product.price,
    quantity: size,
    description: product.description,
    image: product.images[0] ?? '',
    itemQty,
    finalPrice: finalPriceFor(product, size),
  };
}
