import { Link, useLocation } from 'react-router';

/**
 * The 403 screen (SPEC.md §4: everyone but an admin sees it on the dashboard). A visitor who is not signed in may be
 * the owner opening a link from the shop's mail in a fresh tab, so they are offered the login that comes back here.
 */
export function ForbiddenPage({ signedIn }: { signedIn: boolean }) {
  const location = useLocation();
  const next = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <section className="container py-5 text-center">
      <h1 className="display-4">403</h1>
      <p className="lead">You do not have access to this page.</p>
      {!signedIn && <p>If this is your shop, log in with the owner’s account to open it.</p>}
      <div className="d-flex gap-2 justify-content-center flex-wrap">
        {!signedIn && (
          <Link className="btn btn-amber" to={`/login?next=${next}`}>
            Log in
          </Link>
        )}
        <Link className={signedIn ? 'btn btn-amber' : 'btn btn-outline-amber'} to="/">
          Back to home
        </Link>
      </div>
    </section>
  );
}
