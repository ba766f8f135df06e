import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { formatRupees, formatSize } from '../../../domain/display';
import { productDescription, productPagePath } from '../../../domain/page-meta';
import { finalPriceFor } from '../../../domain/pricing';
import type { Product } from '../../../domain/schemas/product';
import { pictureIndexForSize } from '../../../domain/size-pictures';
import { QTY_MAX } from '../../../domain/constants';
import { sizeStock } from '../../../domain/stock';
import { Spinner } from '../../components/spinner';
import { StarRating } from '../../components/star-rating';
import { usePageTitle } from '../../lib/use-page-title';
import { addToCartWithNotice } from '../cart/add-to-cart';
import { FoodLabel } from './food-label';
import { LabelDeclarations } from './label-declarations';
import { PriceTag } from './price-tag';
import { ProductGallery } from './product-gallery';
import { cartLineFor, sizePrices } from './product-pricing';
import { useProducts } from './products-api';
import { PincodeCheck } from '../delivery/pincode-check';
import { QuantityStepper } from './quantity-stepper';
import { ShareLink } from './share-link';
import { ReviewsSection } from '../reviews/reviews-section';

/** /products/{slug}: the address the server's crawlable page of the product has too. */
export function ProductDetailPage() {
  const { slug = '' } = useParams();
  const { data: products, isPending } = useProducts();
  const product = products?.find((p) => p.slug === slug);
  usePageTitle(product?.name ?? 'Product', product ? productDescription(product) : undefined);

  if (isPending) return <Spinner label="Loading product…" />;
  if (!product) return <NoSuchProduct name={slug} />;
  return <ProductDetail key={product._id} product={product} />;
}

/** /product/{name}, the address before decision 072 (shared links, a cart line): on to the product's own. */
export function OldProductAddress() {
  const { name = '' } = useParams();
  const { data: products, isPending } = useProducts();
  const product = products?.find((p) => p.name === name);
  usePageTitle(product?.name ?? 'Product');
  if (isPending) return <Spinner label="Loading product…" />;
  if (!product) return <NoSuchProduct name={name} />;
  return <Navigate replace to={productPagePath(product.slug)} />;
}

function NoSuchProduct({ name }: { name: string }) {
  return (
    <section className="container py-5 text-center page-narrow">
      <h1 className="h2">We could not find that ghee</h1>
      <p className="text-body-secondary">“{name}” is not in our shop right now. Have a look at what we have.</p>
      <Link className="btn btn-amber" to="/products">
        Continue Shopping
      </Link>
    </section>
  );
}

function ProductDetail({ product }: { product: Product }) {
  // A sold-out default size would greet the customer with a disabled button: start on a size that can be bought.
  const [size, setSize] = useState(() =>
    sizeStock(product, product.quantity).inStock ? product.quantity : (product.quantitysize.find((s) => sizeStock(product, s).inStock) ?? product.quantity),
  );
  // A size with its own picture shows it when picked; the others show the first.
  const [photo, setPhoto] = useState(() => pictureIndexForSize(product, size));
  const stock = sizeStock(product, size);
  const canBuy = product.instock && stock.inStock;
  // "Only 2 left": no more than 2 can be chosen (also after picking another size).
  const maxQty = stock.left ?? QTY_MAX;
  const [chosenQty, setQty] = useState(1);
  const qty = Math.max(1, Math.min(chosenQty, maxQty));
  const { original, final } = sizePrices(product, size);

  function addToCart() {
    addToCartWithNotice(cartLineFor(product, size, qty), product.name);
  }

  return (
    <section className="container py-4 py-md-5">
      <nav aria-label="Breadcrumb" className="mb-3">
        <ol className="breadcrumb mb-0">
          <li className="breadcrumb-item">
            <Link to="/">Home</Link>
          </li>
          <li className="breadcrumb-item">
            <Link to="/products">Products</Link>
          </li>
          <li className="breadcrumb-item active" aria-current="page">
            {product.name}
          </li>
        </ol>
      </nav>
      <div className="row g-4 g-lg-5">
        <div className="col-md-6">
          <ProductGallery name={product.name} images={product.images} index={photo} onIndexChange={setPhoto} />
        </div>
        <div className="col-md-6">
          <h1 className="display-6 mb-2">{product.name}</h1>
          <StarRating stars={product.ratingStar} count={product.ratings} />
          <p className="fs-4 my-3" aria-live="polite" data-testid="detail-price">
            <PriceTag original={original} final={final} offer={product.offerpercentage} large />
            <span className="d-block fs-6 text-body-secondary">for {formatSize(size)}, inclusive of taxes</span>
          </p>
          <fieldset className="mb-3">
            <legend className="form-label fs-6 mb-2">Size</legend>
            <div className="d-flex flex-wrap gap-2">
              {product.quantitysize.map((s) => (
                <div key={s} className="size-option">
                  <input
                    className="btn-check"
                    type="radio"
                    name="size"
                    id={`size-${s}`}
                    value={s}
                    checked={size === s}
                    disabled={!sizeStock(product, s).inStock}
                    onChange={() => {
                      setSize(s);
                      setPhoto(pictureIndexForSize(product, s));
                    }}
                  />
                  <label className="btn btn-outline-amber size-option-label" htmlFor={`size-${s}`}>
                    <span className="d-block fw-semibold">{formatSize(s)}</span>
                    <span className="d-block small">{formatRupees(finalPriceFor(product, s))}</span>
                    {sizeStock(product, s).note ? <span className="d-block small text-danger size-stock-note">{sizeStock(product, s).note}</span> : null}
                  </label>
                </div>
              ))}
            </div>
          </fieldset>
          <div className="d-flex flex-wrap align-items-end gap-3 mb-4">
            <div className="quantity-stepper-wrap">
              <QuantityStepper label="Quantity" value={qty} onChange={setQty} max={maxQty} />
            </div>
            <button type="button" className="btn btn-amber btn-lg flex-grow-1" onClick={addToCart} disabled={!canBuy}>
              {!product.instock ? 'Out of stock' : stock.inStock ? 'Add to Cart' : 'Sold out'}
            </button>
          </div>
          <PincodeCheck />
          {!product.instock ? (
            <p className="alert alert-warning py-2">This ghee is being made right now and will be back soon.</p>
          ) : null}
          <h2 className="h5">About this ghee</h2>
          <p className="text-body-secondary product-description">{product.description}</p>
          {/* This component is also the crawlable page's HTML (src/web/ssr), so the declarations are on /products/{slug} too. */}
          <LabelDeclarations product={product} size={size} />
          <FoodLabel product={product} />
          <div className="d-flex flex-wrap align-items-center gap-3">
            <Link className="btn btn-outline-amber" to="/products">
              Continue Shopping
            </Link>
            <ShareLink name={product.name} path={productPagePath(product.slug)} />
          </div>
        </div>
      </div>
      <ReviewsSection product={product} />
    </section>
  );
}
