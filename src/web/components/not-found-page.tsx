import { Link } from 'react-router';
import { SCREENS } from '../../domain/messages';
import { usePageTitle } from '../lib/use-page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section className="container py-5 text-center page-narrow">
      <p className="display-1 fw-bold text-amber mb-0" aria-hidden="true">
        404
      </p>
      <h1 className="h2">{SCREENS.notFound}</h1>
      <p className="text-body-secondary">The link may be old, or the page has moved. Our ghee is still right here.</p>
      <div className="d-flex gap-2 justify-content-center flex-wrap">
        <Link className="btn btn-amber" to="/">
          Back to home
        </Link>
        <Link className="btn btn-outline-amber" to="/products">
          See our ghee
        </Link>
      </div>
    </section>
  );
}
