import { Link } from 'react-router';
import { SCREENS } from '../../../domain/messages';

/** A checkout step reached with an empty cart (SPEC.md §2): nothing to bill or pay, so back to the shop. */
export function NoCartItems({ title }: { title: string }) {
  return (
    <section className="container py-5 text-center page-narrow">
      <h1 className="h2 mb-3">{title}</h1>
      <p className="lead">{SCREENS.noCartItems}</p>
      <Link className="btn btn-amber" to="/products">
        Continue Shopping
      </Link>
    </section>
  );
}
