import { formatRupees } from '../../../domain/display';

/** Offer price with the original struck through, or just the price when there is no offer. */
export function PriceTag({ original, final, offer, large = false }: { original: number; final: number; offer: number; large?: boolean }) {
  const discounted = final < original;
  return (
    <span className={`price-tag${large ? ' price-tag-lg' : ''}`}>
      <span className="price-final text-nowrap">{formatRupees(final)}</span>
      {discounted ? (
        <>
          {' '}
          <s className="price-original text-nowrap">
            <span className="visually-hidden">was </span>
            {formatRupees(original)}
          </s>
          {large ? <span className="badge text-bg-success ms-2">{offer}% off</span> : null}
        </>
      ) : null}
    </span>
  );
}
