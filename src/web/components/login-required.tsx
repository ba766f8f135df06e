import { Link, useLocation } from 'react-router';
import { SCREENS } from '../../domain/messages';

/** What a signed-out visitor sees on a page that needs an account (SPEC.md §6). */
export function LoginRequired({ title }: { title: string }) {
  const location = useLocation();
  const next = encodeURIComponent(location.pathname);
  return (
    <section className="container py-5 text-center page-narrow">
      <h1 className="h2 mb-3">{title}</h1>
      <p className="lead">{SCREENS.loginRequired}</p>
      <div className="d-flex gap-2 justify-content-center flex-wrap">
        <Link className="btn btn-amber" to={`/login?next=${next}`}>
          Log in
        </Link>
        <Link className="btn btn-outline-amber" to="/register">
          Create an account
        </Link>
      </div>
    </section>
  );
}
