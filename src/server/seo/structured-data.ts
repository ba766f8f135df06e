// JSON-LD of the crawlable pages (schema.org): a Product with one Offer per size, its reviews, and breadcrumbs.
// Google reads these for rich results (price, availability, stars); tests check the shape it requires.
import { CURRENCY_CODE } from '../../domain/constants';
import { formatSize } from '../../domain/display';
import { PRODUCTS_PAGE_PATH, PRODUCTS_SCREEN, SHOP_NAME, productPagePath } from '../../domain/page-meta';
import { finalPriceFor, priceForSize } from '../../domain/pricing';
import type { Product } from '../../domain/schemas/product';
import { REVIEWS_IN_STRUCTURED_DATA, type PublicReview } from '../../domain/schemas/review';
import { absoluteUrl, largePictureUrl } from './product-images';

export const SCHEMA_AVAILABILITY = {
  inStock: 'https://schema.org/InStock',
  outOfStock: 'https://schema.org/OutOfStock',
} as const;
/** The MRP: the highest price the law lets the bottle be sold at, which schema.org calls the list price. */
export const SCHEMA_LIST_PRICE = 'https://schema.org/ListPrice';

export type Availability = (typeof SCHEMA_AVAILABILITY)[keyof typeof SCHEMA_AVAILABILITY];

/**
 * Whether the size at `index` can be ordered now. Every Offer's availability is decided here and nowhere else:
 * when stock is tracked per size (DESIGN.md §7.3, `sizeInStock`), it plugs in here.
 */
export function offerAvailability(product: Product, _index: number): Availability {
  return product.instock ? SCHEMA_AVAILABILITY.inStock : SCHEMA_AVAILABILITY.outOfStock;
}

function seller(origin: string) {
  return { '@type': 'Organization', name: SHOP_NAME, url: `${origin}/` };
}

/**
 * `reviews` are the newest published ones; the rating and reviews are there only when at least one review is
 * published (the figures are computed from them, never typed).
 */
export function productStructuredData(product: Product, origin: string, reviews: readonly PublicReview[] = []) {
  const url = absoluteUrl(origin, productPagePath(product.slug));
  const rated = product.ratings > 0 && product.ratingStar >= 1;
  const shown = reviews.slice(0, REVIEWS_IN_STRUCTURED_DATA);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${url}#product`,
    name: product.name,
    description: product.description,
    url,
    sku: product._id,
    image: product.images.map((image) => absoluteUrl(origin, largePictureUrl(image))),
    brand: { '@type': 'Brand', name: SHOP_NAME },
    // Label declarations (DESIGN.md §7.2) that schema.org has words for: the country of origin here, and per offer
    // the net quantity (referenceQuantity: the price is for one bottle of this size) and the MRP, inclusive of all
    // taxes, as the list price beside the price asked.
    countryOfOrigin: { '@type': 'Country', name: product.countryOfOrigin },
    offers: product.quantitysize.map((size, index) => {
      const price = finalPriceFor(product, size);
      const netQuantity = { '@type': 'QuantitativeValue', value: size, unitCode: 'MLT', unitText: 'ml' };
      const spec = (amount: number) => ({
        '@type': 'UnitPriceSpecification',
        price: amount,
        priceCurrency: CURRENCY_CODE,
        valueAddedTaxIncluded: true,
        referenceQuantity: netQuantity,
      });
      return {
        '@type': 'Offer',
        name: `${product.name}, ${formatSize(size)}`,
        sku: `${product._id}-${size}`,
        url,
        price,
        priceCurrency: CURRENCY_CODE,
        priceSpecification: [spec(price), { ...spec(priceForSize(product.price, product.quantitysize, size)), priceType: SCHEMA_LIST_PRICE }],
        availability: offerAvailability(product, index),
        itemCondition: 'https://schema.org/NewCondition',
        seller: seller(origin),
      };
    }),
    ...(rated
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Math.min(product.ratingStar, 5),
            ratingCount: product.ratings,
            bestRating: 5,
            worstRating: 1,
          },
          ...(shown.length > 0 ? { review: shown.map(reviewStructuredData) } : {}),
        }
      : {}),
  };
}

function reviewStructuredData(review: PublicReview) {
  return {
    '@type': 'Review',
    reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    author: { '@type': 'Person', name: review.author },
    datePublished: review.createdAt.slice(0, 10),
    ...(review.title ? { name: review.title } : {}),
    reviewBody: review.text,
  };
}

export interface Crumb {
  name: string;
  path: string;
}

export const HOME_CRUMB: Crumb = { name: 'Home', path: '/' };
// Named as the product page's visible breadcrumb names them.
export const PRODUCTS_CRUMB: Crumb = { name: 'Products', path: PRODUCTS_PAGE_PATH };

export function breadcrumbStructuredData(trail: Crumb[], origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: absoluteUrl(origin, crumb.path),
    })),
  };
}

/** The product list page: which product pages it lists, in order. */
export function productListStructuredData(products: Product[], origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: PRODUCTS_SCREEN.title,
    itemListElement: products.map((product, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: product.name,
      url: absoluteUrl(origin, productPagePath(product.slug)),
    })),
  };
}
