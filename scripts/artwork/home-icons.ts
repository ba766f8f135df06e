// Simple emblem icons drawn in a 100x100 box centred on the origin, for the feature badges and
// the vitamins slide. Kept as filled shapes so they stay crisp at small sizes.
import { PALETTE } from './palette';
import { linearGradient, n, radialGradient } from './svg';

export type FeatureIcon = 'leaf' | 'flame' | 'drop' | 'thermo';

const ICON_PATHS: Record<FeatureIcon, string> = {
  // Two-leaf sprout: grass-fed.
  leaf:
    `<path d="M0 34 V-4" stroke="currentColor" stroke-width="7" stroke-linecap="round"/>` +
    `<path d="M0 2 C-6 -26 -30 -34 -40 -30 C-42 -10 -26 6 0 2 Z"/>` +
    `<path d="M0 -6 C4 -36 26 -44 40 -40 C42 -16 24 -4 0 -6 Z"/>`,
  // Flame: slow-cooked.
  flame:
    `<path d="M0 -40 C6 -22 30 -10 28 14 C26 32 12 40 0 40 C-14 40 -28 30 -28 12 C-28 -4 -16 -10 -12 -22 C-6 -12 -4 -6 0 -4 C4 -14 2 -28 0 -40 Z"/>` +
    `<path d="M0 6 C6 14 12 20 10 28 C8 34 4 36 0 36 C-6 36 -10 32 -10 26 C-10 18 -2 14 0 6 Z" fill="#fff3d0"/>`,
  // Drop with a tick: lactose-free.
  drop:
    `<path d="M0 -42 C10 -26 30 -6 30 12 A30 30 0 0 1 -30 12 C-30 -6 -10 -26 0 -42 Z"/>` +
    `<path d="M-13 12 L-3 22 L15 2" stroke="#fff3d0" stroke-width="7" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  // Thermometer with ticks: high smoke point.
  thermo:
    `<path d="M-8 -40 A8 8 0 0 1 8 -40 V14 A17 17 0 1 1 -8 14 Z"/>` +
    `<rect x="-3" y="-30" width="6" height="50" rx="3" fill="#fff3d0"/><circle cx="0" cy="28" r="9" fill="#fff3d0"/>` +
    `<path d="M14 -30 H24 M14 -18 H21 M14 -6 H24 M14 6 H21" stroke="currentColor" stroke-width="4" stroke-linecap="round"/>`,
};

/** A golden medallion with an icon, centred at (x, y) with radius r. */
export function featureBadge(id: string, icon: FeatureIcon, x: number, y: number, r: number): string {
  const s = (r * 1.25) / 100;
  return (
    `<defs>` +
    radialGradient(`${id}-disc`, [
      [0, '#fff4cf'],
      [0.75, PALETTE.goldLight],
      [1, PALETTE.gold],
    ], 0.4, 0.35, 0.7) +
    `</defs>` +
    `<circle cx="${n(x + r * 0.06)}" cy="${n(y + r * 0.1)}" r="${n(r)}" fill="#6a3a08" opacity="0.18"/>` +
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="url(#${id}-disc)"/>` +
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.86)}" fill="none" stroke="${PALETTE.amberDeep}" stroke-width="${n(r * 0.025)}" stroke-dasharray="${n(r * 0.05)} ${n(r * 0.06)}" opacity="0.6"/>` +
    `<g transform="translate(${n(x)} ${n(y)}) scale(${s.toFixed(3)})" fill="${PALETTE.amberDeep}" stroke="none" color="${PALETTE.amberDeep}">${ICON_PATHS[icon]}</g>`
  );
}

/** Big ghee drop with a glossy highlight, centred at (x, y), `h` tall. */
export function gheeDrop(id: string, x: number, y: number, h: number): string {
  const w = h * 0.36;
  const top = y - h / 2;
  return (
    `<defs>` +
    linearGradient(`${id}-drop`, [
      [0, PALETTE.goldLight],
      [0.55, PALETTE.ghee],
      [1, PALETTE.gheeDeep],
    ]) +
    `</defs>` +
    `<path d="M${n(x)} ${n(top)} C${n(x + w * 0.3)} ${n(top + h * 0.3)} ${n(x + w)} ${n(top + h * 0.45)} ${n(x + w)} ${n(top + h * 0.7)} ` +
    `A${n(w)} ${n(w)} 0 0 1 ${n(x - w)} ${n(top + h * 0.7)} C${n(x - w)} ${n(top + h * 0.45)} ${n(x - w * 0.3)} ${n(top + h * 0.3)} ${n(x)} ${n(top)} Z" fill="url(#${id}-drop)"/>` +
    `<path d="M${n(x - w * 0.55)} ${n(top + h * 0.62)} C${n(x - w * 0.6)} ${n(top + h * 0.5)} ${n(x - w * 0.35)} ${n(top + h * 0.4)} ${n(x - w * 0.2)} ${n(top + h * 0.3)}" ` +
    `stroke="#fffbe6" stroke-width="${n(w * 0.16)}" stroke-linecap="round" fill="none" opacity="0.75"/>`
  );
}
