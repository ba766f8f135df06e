import { Link } from 'react-router';
import type { Order } from '../../../domain/schemas/order';
import { useProducts } from '../products/products-api';

/** Your Orders: a delivered order offers "Review A2 Desi Cow Ghee" for each of its products still in the shop. */
export function OrderReviewLinks({ order }: { order: Order }) {
  const products = useProducts();
  if (order.status !== 'DELIVERED' || !products.data) return null;
  const names = [...new Set(order.items.map((item) => item.name))];
  const reviewable = names.flatMap((name) => products.data.filter((p) => p.name === name));
  if (reviewable.length === 0) return null;
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0" aria-label="Review what you received">
      {reviewable.map((p) => (
        <li key={p._id}>
          <Link className="btn btn-sm btn-outline-amber" to={`/review/${p._id}`}>
            Review {p.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
