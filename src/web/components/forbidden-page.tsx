import { Link } from 'react-router';

export function ForbiddenPage() {
  return (
    <section className="container py-5 text-center">
      <h1 className="display-4">403</h1>
      <p className="lead">You do not have access to this page.</p>
      <Link className="btn btn-amber" to="/">Back to home</Link>
    </section>
  );
}
