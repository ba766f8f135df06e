import { descriptionPreview, formatRupees, formatSize } from '../../../domain/display';
import { finalPriceFor, priceForSize } from '../../../domain/pricing';
import { inputOfForm, type ProductFormValues } from './product-form-values';

const isCount = (n: number) => Number.isFinite(n) && n > 0;

/**
 * The product as its card will look in the shop, redrawn on every keystroke: default size, price after the
 * offer with the original struck through, and the description cut where the shop cuts it.
 */
export function CardPreview({ values, image }: { values: ProductFormValues; image: string | undefined }) {
  const input = inputOfForm(values);
  const size = input.quantity;
  const prices = input.price.filter(isCount);
  const sizes = input.quantitysize;
  const offer = Number.isFinite(input.offerpercentage) ? Math.max(0, input.offerpercentage) : 0;
  const priced = isCount(size) && prices.length === input.price.length && prices.length > 0;
  const original = priced ? priceForSize(input.price, sizes, size) : undefined;
  const final = priced ? finalPriceFor({ price: input.price, quantitysize: sizes, offerpercentage: offer }, size) : undefined;
  const name = input.name.trim() || 'Product name';

  return (
    <figure className="studio-preview m-0" aria-label="Live preview of the product card">
      <figcaption className="studio-label mb-2">Card preview</figcaption>
      <div className="card product-card shadow-sm" aria-hidden="true">
        <div className="product-card-media">
          {image ? <img src={image} alt="" className="card-img-top" /> : <div className="card-img-top product-card-noimage" />}
          {!input.instock ? <span className="badge text-bg-dark product-card-badge">Out of stock</span> : null}
          {input.instock && offer > 0 ? <span className="badge product-card-badge badge-offer">{offer}% off</span> : null}
        </div>
        <div className="card-body">
          <p className="h5 card-title mb-1 studio-preview-name">{name}</p>
          <p className="mb-2">
            <span className="text-body-secondary">{isCount(size) ? formatSize(size) : '— ml'}</span>
            <span> · </span>
            <span className="price-final" data-testid="preview-price">
              {final !== undefined ? formatRupees(final) : 'Rs. —'}
            </span>
            {original !== undefined && final !== undefined && final < original ? (
              <s className="price-original" data-testid="preview-original">
                {formatRupees(original)}
              </s>
            ) : null}
          </p>
          <p className="card-text small text-body-secondary">{descriptionPreview(input.description)}</p>
          <span className="btn btn-amber w-100 studio-preview-action">{input.instock ? 'Add to Cart' : 'Out of stock'}</span>
        </div>
      </div>
      {/* The card itself is hidden from screen readers (it repeats the form); this line says what it shows. */}
      <p className="visually-hidden" aria-live="polite">
        {`${name}, ${isCount(size) ? formatSize(size) : 'no size yet'}, ${final !== undefined ? formatRupees(final) : 'no price yet'}${
          original !== undefined && final !== undefined && final < original ? `, was ${formatRupees(original)}` : ''
        }`}
      </p>
    </figure>
  );
}
