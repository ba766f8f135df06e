import { Link, useNavigate } from 'react-router';
import { formatRupees, formatSize } from '../../../domain/display';
import { SCREENS } from '../../../domain/messages';
import { lineTotal, subtotal } from '../../../domain/pricing';
import { PincodeCheck } from '../delivery/pincode-check';
import { productPath, productPathByName } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { useProducts } from '../products/products-api';
import { QuantityStepper } from '../products/quantity-stepper';
import { lineKey } from './cart-lines';
import { cart, useCart } from './cart-store';

export function CartPage() {
  usePageTitle('Your cart');
  const lines = useCart();
  const navigate = useNavigate();
  // A cart line keeps only the name: the catalogue gives its canonical /products/{slug}, as the product cards link.
  const products = useProducts();
  const linkTo = (name: string) => {
    const slug = products.data?.find((p) => p.name === name)?.slug;
    return slug ? productPath(slug) : productPathByName(name);
  };

  if (lines.length === 0) {
    return (
      <section className="container py-5 text-center page-narrow">
        <h1 className="h2 mb-3">{SCREENS.cartEmpty}</h1>
        <p className="text-body-secondary">Fill it with something golden: our ghee is slow-cooked in small batches.</p>
        <Link className="btn btn-amber" to="/products">
          Continue Shopping
        </Link>
      </section>
    );
  }

  // The table's rows are the items the header counts; the summary says how many bottles those come to.
  const bottles = lines.reduce((n, l) => n + l.itemQty, 0);
  return (
    <section className="container py-4 py-md-5">
      <h1 className="display-6 mb-4">Your cart</h1>
      <div className="row g-4">
        <div className="col-lg-8">
          <table className="table align-middle cart-table">
            <caption className="visually-hidden">Items in your cart</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Price</th>
                <th scope="col">Quantity</th>
                <th scope="col" className="text-end">
                  Total
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={lineKey(line)}>
                  <td>
                    <div className="d-flex align-items-center gap-3">
                      {line.image ? (
                        <img src={line.image} alt="" width={64} height={64} className="rounded-3 cart-thumb" />
                      ) : null}
                      <div>
                        <Link to={linkTo(line.name)} className="fw-semibold text-decoration-none">
                          {line.name}
                        </Link>
                        <div className="small text-body-secondary">{formatSize(line.quantity)}</div>
                      </div>
                    </div>
                  </td>
                  <td data-label="Price">{formatRupees(line.finalPrice)}</td>
                  <td data-label="Quantity">
                    <QuantityStepper
                      size="sm"
                      hideLabel
                      label={`Quantity of ${line.name} ${formatSize(line.quantity)}`}
                      value={line.itemQty}
                      onChange={(n) => cart.setQty(line.name, line.quantity, n)}
                    />
                  </td>
                  <td data-label="Total" className="text-end fw-semibold">
                    {formatRupees(lineTotal(line.finalPrice, line.itemQty))}
                  </td>
                  <td className="text-end">
                    <button
                      type="button"
                      className="btn btn-link text-danger p-1 cart-remove"
                      onClick={() => cart.remove(line.name, line.quantity)}
                      aria-label={`Remove ${line.name} ${formatSize(line.quantity)}`}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <button type="button" className="btn btn-sm btn-outline-secondary cart-clear" onClick={cart.clear}>
            Clear cart
          </button>
        </div>
        <div className="col-lg-4">
          <aside className="card shadow-sm border-0 bg-cream" aria-label="Cart summary">
            <div className="card-body">
              <h2 className="h5">Summary</h2>
              <dl className="row mb-3">
                <dt className="col-6 fw-normal">Bottles</dt>
                <dd className="col-6 text-end mb-1" data-testid="cart-count">
                  {bottles}
                </dd>
                <dt className="col-6">Subtotal</dt>
                <dd className="col-6 text-end fw-bold mb-0" data-testid="cart-subtotal">
                  {formatRupees(subtotal(lines))}
                </dd>
              </dl>
              <PincodeCheck />
              <button
                type="button"
                className="btn btn-amber btn-lg w-100 mb-2"
                // Billing comes next, not payment (a cash-on-delivery order never sees a payment page): no toast.
                onClick={() => navigate('/checkoutbilling')}
              >
                Checkout
              </button>
              <Link className="btn btn-outline-amber w-100" to="/products">
                Continue Shopping
              </Link>
            </div>
          </aside>
        </div>
      </div>
    </section>
  );
}
