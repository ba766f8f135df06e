import { RATING_STAR_MAX } from '../../domain/constants';
import { StarIcon } from './icons';

/** One decimal, as the figures are kept ("4.3"); whole averages without the ".0". */
export const formatAverage = (stars: number) => (Number.isInteger(stars) ? String(stars) : stars.toFixed(1));

/**
 * The average of the published reviews as stars, read out as one phrase, with their number beside them; "No
 * reviews yet" while there is none (the figures are computed from reviews, never typed).
 */
export function StarRating({ stars, count, size = 18 }: { stars: number; count: number; size?: number }) {
  if (count <= 0) return <p className="text-body-secondary small mb-0">No reviews yet</p>;
  const whole = Math.max(0, Math.min(RATING_STAR_MAX, Math.round(stars)));
  return (
    <div className="d-flex align-items-center gap-2">
      <span className="star-rating" role="img" aria-label={`Rated ${formatAverage(stars)} out of ${RATING_STAR_MAX}`}>
        {Array.from({ length: RATING_STAR_MAX }, (_, i) => (
          <StarIcon key={i} filled={i < whole} size={size} />
        ))}
      </span>
      <span className="text-body-secondary small">
        {formatAverage(stars)} ({count} {count === 1 ? 'review' : 'reviews'})
      </span>
    </div>
  );
}
