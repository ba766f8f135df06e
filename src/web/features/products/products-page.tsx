import { useDeferredValue, useId, useState } from 'react';
import { SCREENS } from '../../../domain/messages';
import { PRODUCTS_SCREEN } from '../../../domain/page-meta';
import { Spinner } from '../../components/spinner';
import { usePageTitle } from '../../lib/use-page-title';
import { ProductCard } from './product-card';
import { useProducts } from './products-api';

export function ProductsPage() {
  usePageTitle(PRODUCTS_SCREEN.title, PRODUCTS_SCREEN.description);
  const searchId = useId();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim().toLowerCase());
  const { data: products = [], isPending } = useProducts();
  const shown = query ? products.filter((p) => p.name.toLowerCase().includes(query)) : products;

  return (
    <section className="container py-4 py-md-5">
      <div className="row align-items-end g-3 mb-4">
        <div className="col-md-7">
          <h1 className="display-6 mb-1">Our ghee</h1>
          <p className="text-body-secondary mb-0">Slow-cooked in small batches from grass-fed butter. Pick a size and add it to your cart.</p>
        </div>
        <div className="col-md-5">
          <label htmlFor={searchId} className="visually-hidden">
            Search products
          </label>
          <input
            id={searchId}
            type="search"
            className="form-control form-control-lg"
            placeholder={SCREENS.searchPlaceholder}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            autoComplete="off"
          />
        </div>
      </div>
      {isPending ? (
        <ProductGridSkeleton />
      ) : shown.length === 0 ? (
        <p className="lead text-center py-5" role="status">
          {SCREENS.noProducts}
        </p>
      ) : (
        <>
          <p className="visually-hidden" role="status">
            {shown.length} {shown.length === 1 ? 'product' : 'products'}
          </p>
          <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 row-cols-xl-4 g-4 list-unstyled">
            {shown.map((product, i) => (
              <li key={product._id} className="col">
                <ProductCard product={product} eager={i < 4} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function ProductGridSkeleton() {
  return (
    <div aria-busy="true">
      <Spinner label="Loading products…" className="visually-hidden" />
      <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 row-cols-xl-4 g-4" aria-hidden="true">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="col">
            <div className="card h-100 placeholder-glow">
              <div className="ratio ratio-1x1 placeholder bg-secondary-subtle" />
              <div className="card-body">
                <span className="placeholder col-8 mb-2" />
                <span className="placeholder col-5 mb-3" />
                <span className="placeholder col-12" />
                <span className="placeholder col-10" />
              </div>
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
