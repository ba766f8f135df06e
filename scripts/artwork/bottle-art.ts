// Product photography replacement: every catalogue image is an original illustration generated
// from a small spec (title, size, vessel, label colour, shot variant), so the seed catalogue needs
// no downloaded photos and a new product gets matching art automatically.
import { brassBowl, leafSprig, lightRays, studioBackdrop, woodTable, woodenSpoon } from './props';
import { hashString, svgDocument } from './svg';
import { VESSEL_SIZE, placeVessel, type VesselStyle } from './vessel';
import type { BottleArtSpec } from '../../src/server/seed/bottle-art-spec';

export type { LabelHue } from './palette';
export type { VesselStyle } from './vessel';
export type { BottleArtSpec } from '../../src/server/seed/bottle-art-spec';

export const ARTWORK_SIZE = 1200;

/** Label text for a size; the shop's unit is always ml (SPEC.md §1). */
export function sizeLabel(sizeMl: number): string {
  return `${sizeMl} ml`;
}

/**
 * Bigger packs are drawn a little bigger, within a narrow range so the label text stays legible
 * on the smallest pack too.
 */
function packScale(sizeMl: number): number {
  const t = Math.log(Math.max(100, Math.min(1000, sizeMl)) / 100) / Math.log(10);
  return 0.88 + 0.12 * t;
}

/** Scale that makes the vessel about `height` pixels tall but never wider than `maxWidth`. */
function fitScale(style: VesselStyle, height: number, maxWidth: number): number {
  const v = VESSEL_SIZE[style];
  return Math.min(height / v.height, maxWidth / (v.halfWidth * 2));
}

export function bottleArtworkSvg(spec: BottleArtSpec): string {
  const S = ARTWORK_SIZE;
  const variant = spec.variant ?? 0;
  const seed = hashString(spec.title);
  const vessel = {
    id: 'v',
    style: spec.style,
    hue: spec.hue,
    title: spec.title,
    sizeText: sizeLabel(spec.sizeMl),
    ...(spec.subtitle === undefined ? {} : { subtitle: spec.subtitle }),
  };
  const scale = packScale(spec.sizeMl);

  if (variant === 1) {
    // Three-quarter composition: the pack to the left, a brass bowl and spoon in front right.
    const s = fitScale(spec.style, 780 * scale, 620);
    return svgDocument(
      S,
      S,
      studioBackdrop('bg', S, S, 820, 520) +
        placeVessel(vessel, 470, 980, s) +
        brassBowl('bowl', 905, 900, 190) +
        woodenSpoon('spoon', 700, 1085, 1.05, -12),
    );
  }

  if (variant === 2) {
    // Lifestyle: wooden table, curry leaves, morning light from the left.
    const s = fitScale(spec.style, 800 * scale, 660);
    return svgDocument(
      S,
      S,
      studioBackdrop('bg', S, S, 860, 600) +
        woodTable('tbl', S, 860, S, seed) +
        lightRays('rays', S, S, 0.8) +
        leafSprig('lf1', 150, 760, 1.05, -28) +
        leafSprig('lf2', 1080, 1110, 0.95, 200) +
        placeVessel(vessel, 600, 1030, s) +
        leafSprig('lf3', 80, 1150, 0.8, -12, 5),
    );
  }

  const s = fitScale(spec.style, 860 * scale, 700);
  return svgDocument(S, S, studioBackdrop('bg', S, S, 880, 600) + placeVessel(vessel, 600, 1020, s));
}

/** Renders the artwork to a 1200x1200 PNG. */
export async function renderBottleArtwork(spec: BottleArtSpec): Promise<Buffer> {
  // Loaded on first use: only the first start renders artwork.
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(bottleArtworkSvg(spec))).png({ compressionLevel: 9 }).toBuffer();
}
