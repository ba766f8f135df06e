import { RATING_STAR_MAX } from '../../domain/constants';
import { StarIcon } from './icons';

/** Whole stars out of five, read out as one phrase, with the number of ratings beside them. */
export function StarRating({ stars, count }: { stars: number; count: number }) {
  const whole = Math.max(0, Math.min(RATING_STAR_MAX, Math.round(stars)));
  return (
    <div className="d-flex align-items-center gap-2">
      <span className="star-rating" role="img" aria-label={`Rated ${whole} out of ${RATING_STAR_MAX}`}>
        {Array.from({ length: RATING_STAR_MAX }, (_, i) => (
          <StarIcon key={i} filled={i < whole} size={18} />
        ))}
      </span>
      <span className="text-body-secondary small">({count} ratings)</span>
    </div>
  );
}
