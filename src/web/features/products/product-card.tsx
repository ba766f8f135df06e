import { Link } from 'react-router';
import { descriptionPreview, formatSize } from '../../../domain/display';
import type { Product } from '../../../domain/schemas/product';
import { sizeStock } from '../../../domain/stock';
import { productPath } from '../../lib/format';
import { addToCartWithNotice } from '../cart/add-to-cart';
import { StarRating } from '../../components/star-rating';
import { PriceTag } from './price-tag';
import { cartLineFor, sizePrices } from './product-pricing';

/**
 * One product in the list. The whole card opens the detail page (the name is the real link, stretched over
 * the card, so keyboard and screen-reader users get one clear target); Add to Cart sits above that link.
 * The link's address is the product's crawlable page, which search engines follow and a new tab opens; a plain
 * click stays in the app, at the same address.
 */
export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  const size = product.quantity;
  const stock = sizeStock(product, size);
  const { original, final } = sizePrices(product, size);
  const image = product.images[0];

  function addToCart() {
    addToCartWithNotice(cartLineFor(product, size), product.name);
  }

  return (
    <article className="card product-card h-100 shadow-sm">
      <div className="product-card-media">
        {image ? (
          <img
            src={image}
            alt={`${product.name}, ${formatSize(size)} bottle`}
            width={300}
            height={300}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="card-img-top"
          />
        ) : (
          <div className="card-img-top product-card-noimage" role="img" aria-label={`No photo of ${product.name} yet`} />
        )}
        {!product.instock ? <span className="badge text-bg-dark product-card-badge">Out of stock</span> : null}
        {product.instock && product.offerpercentage > 0 ? (
          <span className="badge product-card-badge badge-offer">{product.offerpercentage}% off</span>
        ) : null}
      </div>
      <div className="card-body d-flex flex-column">
        <h2 className="h5 card-title mb-1">
          <Link to={productPath(product.slug)} className="stretched-link product-card-link">
            {product.name}
          </Link>
        </h2>
        {/* Computed from published reviews; a product without any shows no stars at all. */}
        {product.ratings > 0 ? (
          <div className="mb-1 small">
            <StarRating stars={product.ratingStar} count={product.ratings} size={14} />
          </div>
        ) : null}
        <p className="mb-2">
          <span className="text-body-secondary">{formatSize(size)}</span>
          <span aria-hidden="true"> · </span>
          <PriceTag original={original} final={final} offer={product.offerpercentage} />
        </p>
        <p className="card-text small text-body-secondary flex-grow-1">{descriptionPreview(product.description)}</p>
        {product.instock && stock.note ? <p className="small text-danger mb-2">{stock.note}</p> : null}
        <button
          type="button"
          className="btn btn-amber w-100 product-card-action"
          onClick={addToCart}
          disabled={!product.instock || !stock.inStock}
          aria-label={`Add ${product.name} ${formatSize(size)} to cart`}
        >
          {!product.instock ? 'Out of stock' : stock.inStock ? 'Add to Cart' : 'Sold out'}
        </button>
      </div>
    </article>
  );
}
