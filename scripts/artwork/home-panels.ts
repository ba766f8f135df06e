// Wide banners (1600x400, with their tagline drawn in) and the two 900x700 section pictures
// ("Ghees!" and "What makes special!") of the home page.
import { FONT_SANS, FONT_SERIF, PALETTE } from './palette';
import { brassBowl, leafSprig, lightRays, studioBackdrop, woodTable, woodenSpoon } from './props';
import { featureBadge } from './home-icons';
import type { FeatureIcon } from './home-icons';
import { HERO_BOTTLE } from './home-heroes';
import { linearGradient, n, radialGradient, seededRandom, svgDocument } from './svg';
import { placeVessel } from './vessel';

export const BANNER_W = 1600;
export const BANNER_H = 400;
export const PANEL_W = 900;
export const PANEL_H = 700;

/** Faint scattered ghee drops: texture for the dark banner without the weight of an image. */
function dropPattern(w: number, h: number, color: string, opacity: number, seed: number): string {
  const rand = seededRandom(seed);
  const drops: string[] = [];
  for (let i = 0; i < 38; i++) {
    const x = rand() * w;
    const y = rand() * h;
    const s = 8 + rand() * 14;
    drops.push(`<path d="M${n(x)} ${n(y - s)} q${n(s * 0.6)} ${n(s * 0.8)} ${n(s * 0.6)} ${n(s * 1.2)} a${n(s * 0.6)} ${n(s * 0.6)} 0 0 1 ${n(-s * 1.2)} 0 q0 ${n(-s * 0.4)} ${n(s * 0.6)} ${n(-s * 1.2)}z"/>`);
  }
  return `<g fill="${color}" opacity="${opacity}">${drops.join('')}</g>`;
}

/** Top banner: the brand promise on deep amber, the range of packs on the right. */
export function bannerTopSvg(): string {
  return svgDocument(
    BANNER_W,
    BANNER_H,
    `<defs>` +
      linearGradient('bg', [
        [0, '#6a3303'],
        [0.6, '#8a4b08'],
        [1, '#a8600f'],
      ], { x2: 1, y2: 0.4 }) +
      radialGradient('glow', [
        [0, '#ffd877', 0.55],
        [1, '#ffd877', 0],
      ]) +
      `</defs>` +
      `<rect width="${BANNER_W}" height="${BANNER_H}" fill="url(#bg)"/>` +
      dropPattern(BANNER_W, BANNER_H, '#ffe2a0', 0.06, 7) +
      `<circle cx="1260" cy="230" r="330" fill="url(#glow)"/>` +
      `<text x="110" y="118" font-family="${FONT_SANS}" font-weight="bold" font-size="20" letter-spacing="5" fill="${PALETTE.gold}">HOMEMADE GHEE</text>` +
      `<g font-family="${FONT_SERIF}" font-weight="bold" font-size="56">` +
      `<text x="108" y="196" fill="#fff1d2">Small-batch. Grass-fed.</text>` +
      `<text x="108" y="264" fill="${PALETTE.goldLight}">Slow-cooked.</text></g>` +
      `<text x="110" y="322" font-family="${FONT_SANS}" font-size="22" fill="#f6dfb0">Pure ghee, from our kitchen to your table.</text>` +
      `<ellipse cx="1265" cy="378" rx="300" ry="22" fill="#2a1200" opacity="0.35"/>` +
      leafSprig('lf', 1480, 330, 0.45, 210, 4) +
      placeVessel({ ...HERO_BOTTLE, id: 'tin', style: 'tin', hue: 'green', title: 'Bilona Gir Cow Ghee', subtitle: 'Hand-churned' }, 1085, 372, 0.52) +
      placeVessel({ ...HERO_BOTTLE, id: 'jar', style: 'jar', hue: 'cream', title: 'Buffalo Ghee', subtitle: 'Rich & creamy' }, 1445, 376, 0.5) +
      placeVessel(HERO_BOTTLE, 1265, 382, 0.54),
  );
}

/** Bottom banner: what ghee offers, with the vitamins as four gold coins. */
export function bannerBottomSvg(): string {
  const coins = ['A', 'D', 'E', 'K']
    .map((v, i) => {
      const cx = 532 + i * 74;
      return (
        `<circle cx="${cx}" cy="291" r="29" fill="url(#coin)" stroke="${PALETTE.amberDeep}" stroke-width="2"/>` +
        `<text x="${cx}" y="302" font-family="${FONT_SERIF}" font-weight="bold" font-size="30" fill="${PALETTE.amberDeep}" text-anchor="middle">${v}</text>`
      );
    })
    .join('');
  return svgDocument(
    BANNER_W,
    BANNER_H,
    `<defs>` +
      radialGradient('coin', [
        [0, '#fff4cf'],
        [1, PALETTE.gold],
      ], 0.4, 0.35, 0.7) +
      `</defs>` +
      studioBackdrop('bg', BANNER_W, BANNER_H, 330, 300) +
      leafSprig('lf1', 40, 250, 0.5, -30) +
      brassBowl('bowl', 280, 250, 130) +
      woodenSpoon('sp', 150, 330, 0.6, -10) +
      `<g font-family="${FONT_SERIF}" font-weight="bold" fill="${PALETTE.amberDeep}">` +
      `<text x="500" y="132" font-size="50">Lactose-free. High smoke point.</text>` +
      `<text x="500" y="200" font-size="34" fill="${PALETTE.leafDark}">Naturally rich in vitamins</text></g>` +
      coins +
      `<text x="830" y="300" font-family="${FONT_SANS}" font-size="22" fill="${PALETTE.ink}">Made in small batches · Delivered to your door</text>` +
      leafSprig('lf2', 1605, 0, 0.45, 150, 4),
  );
}

const FEATURES: ReadonlyArray<readonly [FeatureIcon, string, number, number]> = [
  ['leaf', 'Grass-fed', 170, 215],
  ['flame', 'Slow-cooked', 170, 445],
  ['drop', 'Lactose-free', 730, 215],
  ['thermo', 'High smoke point', 730, 445],
];

/** "What makes special!": the bottle surrounded by four feature medallions. */
export function specialSvg(): string {
  const badges = FEATURES.map(
    ([icon, label, x, y]) =>
      featureBadge(`f-${icon}`, icon, x, y, 64) +
      `<text x="${x}" y="${y + 104}" font-family="${FONT_SERIF}" font-weight="bold" font-size="25" fill="${PALETTE.amberDeep}" text-anchor="middle">${label}</text>`,
  ).join('');
  return svgDocument(
    PANEL_W,
    PANEL_H,
    studioBackdrop('bg', PANEL_W, PANEL_H, 575, 450) +
      leafSprig('lf1', 20, 680, 0.45, -18, 4) +
      leafSprig('lf2', 885, 695, 0.45, 198, 4) +
      placeVessel(HERO_BOTTLE, 450, 640, 0.82) +
      badges,
  );
}

/** "Ghees!": the whole range together on a table in morning light. */
export function gheesSvg(): string {
  return svgDocument(
    PANEL_W,
    PANEL_H,
    studioBackdrop('bg', PANEL_W, PANEL_H, 470, 450) +
      woodTable('tbl', PANEL_W, 470, PANEL_H, 5) +
      lightRays('rays', PANEL_W, PANEL_H, 0.6) +
      leafSprig('lf1', 40, 430, 0.6, -25) +
      placeVessel({ ...HERO_BOTTLE, id: 'tin', style: 'tin', hue: 'green', title: 'Bilona Gir Cow Ghee', subtitle: 'Hand-churned' }, 250, 545, 0.66) +
      placeVessel(HERO_BOTTLE, 585, 540, 0.7) +
      placeVessel({ ...HERO_BOTTLE, id: 'jar', style: 'jar', hue: 'amber', title: 'Buffalo Ghee', subtitle: 'Rich & creamy' }, 385, 650, 0.58) +
      placeVessel({ ...HERO_BOTTLE, id: 'small', hue: 'cream', title: 'Cultured Cow Ghee', subtitle: 'Slow-cultured', sizeText: '250 ml' }, 745, 655, 0.52) +
      leafSprig('lf2', 880, 690, 0.55, 200, 4),
  );
}
