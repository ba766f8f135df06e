export function NotFoundPage() {
  return (
    <section className="container py-5 text-center">
      <h1 className="display-4">404</h1>
      <p className="lead">page not found</p>
      <a className="btn btn-amber" href="#/">Back to home</a>
    </section>
  );
}
