import { Fragment } from 'react';
import { labelDeclarations } from '../../../domain/india/label-declarations';
import type { Product } from '../../../domain/schemas/product';
import { usePublicBusiness } from '../../lib/public-business';

/** What the pack's label says, for the selected size (DESIGN.md §7.2); it follows the size as it changes. */
export function LabelDeclarations({ product, size }: { product: Product; size: number }) {
  const { data: business } = usePublicBusiness();
  return (
    <section className="label-declarations mb-4" aria-labelledby="label-declarations-title">
      <h2 id="label-declarations-title" className="h6">
        Label declarations
      </h2>
      <dl className="row small mb-0" data-testid="label-declarations">
        {labelDeclarations(product, size, business).map((d) => (
          <Fragment key={d.label}>
            <dt className="col-sm-5 fw-semibold">{d.label}</dt>
            <dd className="col-sm-7 mb-1">{d.value}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
