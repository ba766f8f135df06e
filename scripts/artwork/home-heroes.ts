// The three 1600x600 scenes of the home page's top carousel (SPEC.md §2 Home): a bottle in
// morning light, churning butter in a bilona pot, and ghee poured over rice and rotis.
import { PALETTE } from './palette';
import { brassBowl, leafSprig, woodTable, woodenSpoon } from './props';
import { bilonaPot, butterBowl, pouringLadle, steam, thaliMeal } from './props-kitchen';
import { morningWindow } from './props-outdoor';
import { blurFilter, linearGradient, n, radialGradient, svgDocument } from './svg';
import { placeVessel } from './vessel';
import type { VesselOptions } from './vessel';

export const HERO_W = 1600;
export const HERO_H = 600;

export const HERO_BOTTLE: VesselOptions = {
  id: 'hb',
  style: 'bottle',
  hue: 'gold',
  title: 'A2 Desi Cow Ghee',
  subtitle: 'Grass-fed · Small-batch',
  sizeText: '500 ml',
};

/** Plain warm wall with a soft light pool centred at (gx, gy). */
function wall(id: string, top: string, bottom: string, gx: number, gy: number, r: number): string {
  return (
    `<defs>` +
    linearGradient(`${id}-wall`, [
      [0, top],
      [1, bottom],
    ]) +
    radialGradient(`${id}-pool`, [
      [0, '#fff6d8', 0.85],
      [1, '#fff6d8', 0],
    ]) +
    `</defs>` +
    `<rect width="${HERO_W}" height="${HERO_H}" fill="url(#${id}-wall)"/>` +
    `<circle cx="${n(gx)}" cy="${n(gy)}" r="${n(r)}" fill="url(#${id}-pool)"/>`
  );
}

/** A string of marigolds hung between two points with the given sag: a festive Indian touch. */
export function marigoldGarland(id: string, x1: number, y1: number, x2: number, y2: number, sag: number): string {
  const flowers: string[] = [];
  const count = Math.round(Math.abs(x2 - x1) / 34);
  for (let i = 0; i <= count; i++) {
    const t = i / count;
    const x = x1 + (x2 - x1) * t;
    const y = y1 + (y2 - y1) * t + Math.sin(t * Math.PI) * sag;
    const fill = i % 3 === 1 ? '#f7b52c' : '#ee8a1a';
    flowers.push(`<circle cx="${n(x)}" cy="${n(y)}" r="15" fill="${fill}"/><circle cx="${n(x - 4)}" cy="${n(y - 5)}" r="6" fill="#ffd36b" opacity="0.8"/>`);
    if (i % 2 === 0 && i < count) {
      flowers.push(`<ellipse cx="${n(x + 17)}" cy="${n(y + 10)}" rx="12" ry="5" fill="${PALETTE.leaf}" transform="rotate(35 ${n(x + 17)} ${n(y + 10)})"/>`);
    }
  }
  return (
    `<defs>${blurFilter(`${id}-gs`, 5)}</defs>` +
    `<path d="M${x1} ${y1} Q${n((x1 + x2) / 2)} ${n((y1 + y2) / 2 + sag * 2)} ${x2} ${y2}" stroke="#6b3f1d" stroke-width="3" fill="none" opacity="0.25" transform="translate(6 14)" filter="url(#${id}-gs)"/>` +
    flowers.join('')
  );
}

/** Beams of sunlight from a window's right edge falling across the wall and the table. */
function windowBeams(id: string, x: number, y: number, w: number, h: number): string {
  const beam = (y1: number, y2: number, spread: number): string =>
    `<path d="M${n(x + w)} ${n(y + y1)} L${n(x + w)} ${n(y + y2)} L${n(x + w + spread)} ${HERO_H} L${n(x + w + spread * 0.55)} ${HERO_H} Z"/>`;
  return (
    `<defs>` +
    linearGradient(`${id}-beam`, [
      [0, '#fffbe8', 0.95],
      [1, '#fff4cc', 0.25],
    ], { x2: 1, y2: 0.6 }) +
    blurFilter(`${id}-bb`, 10) +
    `</defs>` +
    `<g fill="url(#${id}-beam)" filter="url(#${id}-bb)">${beam(h * 0.05, h * 0.42, 700)}${beam(h * 0.52, h * 0.95, 520)}</g>`
  );
}

/** Hero 1: a golden bottle on a wooden table, morning sun through the window. */
export function heroMorningSvg(): string {
  return svgDocument(
    HERO_W,
    HERO_H,
    wall('w', '#fbefd6', '#f1d6a4', 330, 240, 520) +
      morningWindow('win', 150, 50, 360, 330) +
      woodTable('tbl', HERO_W, 440, HERO_H, 11) +
      windowBeams('beam', 150, 50, 360, 330) +
      leafSprig('lf1', 1390, 470, 0.55, 200) +
      placeVessel({ ...HERO_BOTTLE, id: 'jar', style: 'jar', hue: 'amber', title: 'Buffalo Ghee', subtitle: 'Rich & creamy' }, 1210, 540, 0.64) +
      placeVessel(HERO_BOTTLE, 930, 555, 0.7) +
      brassBowl('bowl', 650, 505, 92) +
      woodenSpoon('sp', 560, 575, 0.55, -8) +
      leafSprig('lf2', 1330, 600, 0.5, -20, 4),
  );
}

/** Hero 2: butter churned by hand in a clay bilona, with a marigold garland above. */
export function heroBilonaSvg(): string {
  return svgDocument(
    HERO_W,
    HERO_H,
    wall('w', '#f6dcb0', '#e3b57a', 620, 260, 620) +
      marigoldGarland('g', -20, 30, 1620, 30, 46) +
      woodTable('tbl', HERO_W, 470, HERO_H, 23) +
      leafSprig('lf1', 230, 560, 0.6, -30) +
      bilonaPot('pot', 520, 565, 148) +
      butterBowl('butter', 840, 520, 105) +
      placeVessel({ ...HERO_BOTTLE, id: 'tin', style: 'tin', hue: 'green', title: 'Bilona Gir Cow Ghee', subtitle: 'Hand-churned' }, 1160, 560, 0.72) +
      leafSprig('lf2', 1480, 585, 0.55, 195, 4),
  );
}

/** Hero 3: a brass ladle pouring warm ghee over rice, rotis alongside. */
export function heroPouringSvg(): string {
  return svgDocument(
    HERO_W,
    HERO_H,
    wall('w', '#f8e6c4', '#e7c48c', 780, 140, 520) +
      woodTable('tbl', HERO_W, 250, HERO_H, 37) +
      leafSprig('lf1', 200, 400, 0.7, -25) +
      thaliMeal('thali', 700, 470, 330, 41) +
      steam('st', 590, 360, 200, 3) +
      pouringLadle('ladle', 860, 150, 600, 345, 70) +
      placeVessel({ ...HERO_BOTTLE, id: 'b3' }, 1290, 500, 0.62) +
      leafSprig('lf2', 1530, 590, 0.55, 200, 4),
  );
}
