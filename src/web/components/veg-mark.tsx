import type { VegMark as Mark } from '../../domain/schemas/food-label';

/**
 * The FSSAI veg (green) or non-veg (brown) symbol: a square outline with a filled circle, or for non-veg a filled
 * triangle. Named for screen readers, since the colour and shape alone say nothing to them; `decorative` beside a
 * text that already says it (a form's choice), so it is not read twice.
 */
export function VegMark({ mark, size = 20, decorative = false }: { mark: Mark; size?: number; decorative?: boolean }) {
  const veg = mark === 'VEG';
  const colour = veg ? '#1b8a2f' : '#7a3b0c';
  const label = veg ? 'Vegetarian (green mark)' : 'Non-vegetarian (brown mark)';
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 20 20"
      className="veg-mark flex-shrink-0"
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label })}
    >
      {decorative ? null : <title>{label}</title>}
      <rect x="1" y="1" width="18" height="18" rx="1.5" fill="#fff" stroke={colour} strokeWidth="2" />
      {veg ? <circle cx="10" cy="10" r="5" fill={colour} /> : <path d="M10 4.5 15.5 14.5H4.5Z" fill={colour} />}
    </svg>
  );
}
