import { formatRupees, formatSize } from '../../../domain/display';
import { discountedPrice } from '../../../domain/pricing';
import type { StudioProduct } from '../../../domain/schemas/studio';

interface ProductListProps {
  products: StudioProduct[];
  selectedId: string | null;
  togglingId: string | null;
  onEdit: (product: StudioProduct) => void;
  onDelete: (product: StudioProduct) => void;
  onToggleStock: (product: StudioProduct) => void;
}

/** Every product with its first photo, its sizes and prices, a stock switch, and edit and delete. */
export function ProductList({ products, selectedId, togglingId, onEdit, onDelete, onToggleStock }: ProductListProps) {
  if (products.length === 0) {
    return <p className="studio-empty">No products yet. Use “New product” to add the first one.</p>;
  }
  return (
    <ul className="list-unstyled studio-list" aria-label="Products">
      {products.map((product) => {
        const image = product.gallery[0];
        const selected = product._id === selectedId;
        const switchId = `stock-${product._id}`;
        return (
          <li key={product._id} className={`studio-item${selected ? ' studio-item-selected' : ''}`} aria-current={selected ? 'true' : undefined}>
            {image ? (
              <img src={image.thumb} alt="" width={72} height={72} className="studio-item-image" />
            ) : (
              <div className="studio-item-image studio-item-noimage" aria-hidden="true" />
            )}
            <div className="studio-item-body">
              <h3 className="h6 mb-1 studio-item-name">{product.name}</h3>
              <p className="small mb-1 text-body-secondary">
                {product.quantitysize.map((size, i) => {
                  const price = product.price[i] ?? 0;
                  const final = discountedPrice(price, product.offerpercentage);
                  return (
                    <span key={size} className="studio-item-size">
                      {formatSize(size)} · {formatRupees(final)}
                      {final < price ? <s className="ms-1">{formatRupees(price)}</s> : null}
                    </span>
                  );
                })}
                {product.offerpercentage > 0 ? <span className="badge badge-offer ms-1">{product.offerpercentage}% off</span> : null}
              </p>
              <div className="studio-item-actions">
                <div className="form-check form-switch m-0">
                  <input
                    id={switchId}
                    className="form-check-input"
                    type="checkbox"
                    role="switch"
                    checked={product.instock}
                    disabled={togglingId === product._id}
                    onChange={() => onToggleStock(product)}
                    aria-label={`In stock: ${product.name}`}
                  />
                  <label className="form-check-label small" htmlFor={switchId}>
                    In stock
                  </label>
                </div>
                <button type="button" className="btn btn-sm btn-outline-amber" onClick={() => onEdit(product)} aria-label={`Edit ${product.name}`}>
                  Edit
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  onClick={() => onDelete(product)}
                  aria-label={`Delete ${product.name}`}
                >
                  Delete
                </button>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
