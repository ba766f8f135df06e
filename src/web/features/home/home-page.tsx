export function HomePage() {
  return (
    <section className="container py-5">
      <h1 className="display-5 text-amber">Ghees!</h1>
      <p className="lead">Premium small-batch ghee made from grass-fed butter.</p>
      <a className="btn btn-amber" href="#/products">Explore</a>
    </section>
  );
}
