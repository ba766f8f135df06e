// The five 600x600 vignettes of the home page's coverflow carousel (SPEC.md §9): a bottle, a jar
// with a bowl, cooking with ghee, cows at pasture, and the vitamins A, D, E and K.
import { FONT_SERIF, PALETTE } from './palette';
import { brassBowl, leafSprig, lightRays, studioBackdrop, woodTable, woodenSpoon } from './props';
import { kadhaiTadka, steam } from './props-kitchen';
import { desiCow, grassTuft, pastureHills, sun } from './props-outdoor';
import { gheeDrop } from './home-icons';
import { HERO_BOTTLE } from './home-heroes';
import { linearGradient, n, radialGradient, svgDocument } from './svg';
import { placeVessel } from './vessel';

export const SLIDE = 600;

function slideBottle(): string {
  return (
    studioBackdrop('bg', SLIDE, SLIDE, 470, 300) +
    lightRays('rays', SLIDE, SLIDE, 0.6) +
    leafSprig('lf1', 40, 470, 0.45, -30, 4) +
    placeVessel(HERO_BOTTLE, 300, 540, 0.72) +
    leafSprig('lf2', 590, 590, 0.4, 200, 4)
  );
}

function slideJar(): string {
  return (
    studioBackdrop('bg', SLIDE, SLIDE, 430, 260) +
    woodTable('tbl', SLIDE, 430, SLIDE, 3) +
    placeVessel({ ...HERO_BOTTLE, id: 'jar', style: 'jar', hue: 'amber', title: 'Buffalo Ghee', subtitle: 'Rich & creamy' }, 245, 500, 0.78) +
    brassBowl('bowl', 460, 470, 92) +
    woodenSpoon('sp', 380, 552, 0.55, -14)
  );
}

function slideCooking(): string {
  return (
    studioBackdrop('bg', SLIDE, SLIDE, 360, 300) +
    woodTable('tbl', SLIDE, 360, SLIDE, 9) +
    kadhaiTadka('k', 275, 425, 168, 13) +
    steam('st', 270, 405, 190, 3) +
    placeVessel({ ...HERO_BOTTLE, id: 'sm', hue: 'cream', title: 'Cultured Cow Ghee', subtitle: 'Slow-cultured', sizeText: '250 ml' }, 520, 590, 0.4) +
    leafSprig('lf', 30, 590, 0.4, -20, 4)
  );
}

function slidePasture(): string {
  return (
    `<defs>${linearGradient('sky', [
      [0, '#cfe5ea'],
      [0.6, '#fdf1d2'],
      [1, '#ffe2a0'],
    ])}</defs>` +
    `<rect width="${SLIDE}" height="${SLIDE}" fill="url(#sky)"/>` +
    sun('sun', 470, 140, 46) +
    pastureHills('hills', SLIDE, SLIDE, 300) +
    `<g transform="translate(270 500) scale(0.92)">${desiCow('cow')}</g>` +
    grassTuft(90, 560, 1.1, 4) +
    grassTuft(520, 540, 0.9, 8) +
    grassTuft(330, 590, 1, 12)
  );
}

function slideVitamins(): string {
  const cx = 300;
  const cy = 265;
  const ring = 172;
  const coins = (['A', 'D', 'E', 'K'] as const)
    .map((v, i) => {
      const a = -Math.PI / 2 + (i * Math.PI) / 2;
      const x = cx + Math.cos(a) * ring;
      const y = cy + Math.sin(a) * ring;
      return (
        `<circle cx="${n(x)}" cy="${n(y)}" r="48" fill="url(#coin)" stroke="${PALETTE.amberDeep}" stroke-width="3"/>` +
        `<text x="${n(x)}" y="${n(y + 17)}" font-family="${FONT_SERIF}" font-weight="bold" font-size="48" fill="${PALETTE.amberDeep}" text-anchor="middle">${v}</text>`
      );
    })
    .join('');
  return (
    `<defs>` +
    radialGradient('bg', [
      [0, '#b26a12'],
      [1, '#5e2c02'],
    ], 0.5, 0.42, 0.75) +
    radialGradient('coin', [
      [0, '#fff4cf'],
      [0.7, PALETTE.goldLight],
      [1, PALETTE.gold],
    ], 0.4, 0.35, 0.7) +
    radialGradient('halo', [
      [0, '#ffd877', 0.5],
      [1, '#ffd877', 0],
    ]) +
    `</defs>` +
    `<rect width="${SLIDE}" height="${SLIDE}" fill="url(#bg)"/>` +
    `<circle cx="${cx}" cy="${cy}" r="250" fill="url(#halo)"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${ring}" fill="none" stroke="${PALETTE.goldLight}" stroke-width="3" stroke-dasharray="4 10" opacity="0.8"/>` +
    gheeDrop('drop', cx, cy + 4, 190) +
    coins +
    `<text x="${cx}" y="540" font-family="${FONT_SERIF}" font-weight="bold" font-size="34" fill="#fff1d2" text-anchor="middle">Rich in vitamins</text>` +
    `<text x="${cx}" y="576" font-family="${FONT_SERIF}" font-style="italic" font-size="22" fill="${PALETTE.goldLight}" text-anchor="middle">A, D, E and K, naturally</text>`
  );
}

/** The five slides in carousel order. */
export const SLIDES: ReadonlyArray<() => string> = [slideBottle, slideJar, slideCooking, slidePasture, slideVitamins].map(
  (draw) => () => svgDocument(SLIDE, SLIDE, draw()),
);
