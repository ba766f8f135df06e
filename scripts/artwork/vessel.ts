// Draws one ghee vessel (glass bottle, glass jar or printed tin) in local units: the base centre
// sits at (0, 0) and the vessel grows upwards. Product shots and home-page scenes place it with
// `placeVessel`, so there is exactly one drawing of each vessel in the codebase.
import { labelSvg } from './label';
import type { LabelBox, LabelText } from './label';
import { PALETTE } from './palette';
import type { LabelHue } from './palette';
import { blurFilter, hashString, linearGradient, n, seededRandom } from './svg';
import type { VesselStyle } from '../../src/server/seed/bottle-art-spec';

export type { VesselStyle };

export interface VesselOptions extends LabelText {
  /** Prefix for gradient/filter ids; must be unique within one SVG document. */
  id: string;
  style: VesselStyle;
  hue: LabelHue;
}

/** Unscaled half-width and height of each vessel, for layout by callers. */
export const VESSEL_SIZE: Record<VesselStyle, { halfWidth: number; height: number }> = {
  bottle: { halfWidth: 165, height: 630 },
  jar: { halfWidth: 212, height: 420 },
  tin: { halfWidth: 178, height: 540 },
};

interface Outline {
  w: number;
  neckW: number;
  shoulderY: number;
  neckY: number;
  topY: number;
  e: number;
  /** Raises the base, used for the inner outline so the glass bottom looks thick. */
  lift?: number;
}

/** Closed outline of a bottle or jar: rounded base, straight sides, curved shoulder, neck. */
function outlinePath(o: Outline): string {
  const { w, neckW, shoulderY, neckY, topY, e } = o;
  const b = -(o.lift ?? 0);
  const drop = shoulderY - neckY;
  const k = (w - neckW) * 0.15;
  return (
    `M${n(-neckW)} ${n(topY)} L${n(neckW)} ${n(topY)} L${n(neckW)} ${n(neckY)} ` +
    `C${n(neckW + k)} ${n(neckY + drop * 0.35)} ${n(w)} ${n(shoulderY - drop * 0.45)} ${n(w)} ${n(shoulderY)} ` +
    `L${n(w)} ${n(b - 30)} C${n(w)} ${n(b - 8)} ${n(w * 0.75)} ${n(b + e)} 0 ${n(b + e)} ` +
    `C${n(-w * 0.75)} ${n(b + e)} ${n(-w)} ${n(b - 8)} ${n(-w)} ${n(b - 30)} L${n(-w)} ${n(shoulderY)} ` +
    `C${n(-w)} ${n(shoulderY - drop * 0.45)} ${n(-neckW - k)} ${n(neckY + drop * 0.35)} ${n(-neckW)} ${n(neckY)} Z`
  );
}

/** Soft contact and cast shadows; glass vessels also throw a golden caustic through the ghee. */
function shadows(id: string, w: number, e: number, glass: boolean): string {
  return (
    `<defs>${blurFilter(`${id}-b1`, 7)}${blurFilter(`${id}-b2`, 22)}</defs>` +
    `<ellipse cx="${n(w * 0.45)}" cy="${n(e + 6)}" rx="${n(w * 1.45)}" ry="${n(e + 24)}" fill="#3a1d04" opacity="0.2" filter="url(#${id}-b2)"/>` +
    (glass
      ? `<ellipse cx="${n(w * 0.7)}" cy="${n(e + 16)}" rx="${n(w * 0.75)}" ry="${n(e + 8)}" fill="${PALETTE.gold}" opacity="0.45" filter="url(#${id}-b2)"/>`
      : '') +
    `<ellipse cx="0" cy="${n(e * 0.55)}" rx="${n(w * 1.02)}" ry="${n(e + 6)}" fill="#2a1200" opacity="0.5" filter="url(#${id}-b1)"/>`
  );
}

/** Horizontal brass gradient: reads as a polished round metal surface lit from the left. */
function metalGradient(id: string): string {
  return (
    `<defs>` +
    linearGradient(
      `${id}-metal`,
      [
        [0, '#7a4a0c'],
        [0.18, '#e9c46a'],
        [0.32, '#fff0c0'],
        [0.5, '#d9a640'],
        [0.85, '#8d5a12'],
        [1, '#5c3606'],
      ],
      { x2: 1, y2: 0 },
    ) +
    `</defs>`
  );
}

/** Metallic screw lid with knurled ridges (used by bottle and jar). */
function lid(id: string, halfW: number, topY: number, height: number): string {
  const ridges: string[] = [];
  for (let x = -halfW + 7; x < halfW - 3; x += 9) {
    ridges.push(`M${n(x)} ${n(topY + 8)} V${n(topY + height - 4)}`);
  }
  return (
    metalGradient(id) +
    `<rect x="${n(-halfW)}" y="${n(topY)}" width="${n(halfW * 2)}" height="${n(height)}" rx="10" fill="url(#${id}-metal)"/>` +
    `<path d="${ridges.join(' ')}" stroke="#5c3606" stroke-opacity="0.22" stroke-width="2.5"/>` +
    `<ellipse cx="0" cy="${n(topY + 2)}" rx="${n(halfW - 2)}" ry="9" fill="#f3d68c"/>` +
    `<ellipse cx="0" cy="${n(topY + 2)}" rx="${n(halfW - 12)}" ry="5" fill="#c8922e" opacity="0.5"/>` +
    `<rect x="${n(-halfW)}" y="${n(topY + height - 10)}" width="${n(halfW * 2)}" height="8" fill="#5c3606" opacity="0.25"/>`
  );
}

/** Ghee seen through glass: golden, slightly grainy, with a pale set surface at the top. */
function gheeFill(id: string, inner: Outline, fillY: number, seed: number): string {
  const rand = seededRandom(seed);
  const grains: string[] = [];
  for (let i = 0; i < 90; i++) {
    const x = (rand() * 2 - 1) * (inner.w - 8);
    const y = fillY + 10 + rand() * (-fillY - 20);
    const r = 1.5 + rand() * 4.5;
    const light = rand() > 0.45;
    grains.push(
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${light ? '#fff2b8' : '#b86f0c'}" opacity="${light ? 0.35 : 0.22}"/>`,
    );
  }
  return (
    `<defs><clipPath id="${id}-in"><path d="${outlinePath(inner)}"/></clipPath>` +
    linearGradient(`${id}-ghee`, [
      [0, PALETTE.goldLight],
      [0.35, PALETTE.ghee],
      [1, PALETTE.gheeDeep],
    ]) +
    linearGradient(
      `${id}-round`,
      [
        [0, '#6a3300', 0.55],
        [0.2, '#6a3300', 0.05],
        [0.38, '#fff5cc', 0.3],
        [0.55, '#fff5cc', 0],
        [0.85, '#6a3300', 0.18],
        [1, '#6a3300', 0.6],
      ],
      { x2: 1, y2: 0 },
    ) +
    `</defs>` +
    `<path d="${outlinePath(inner)}" fill="#fffaf0" opacity="0.28"/>` +
    `<g clip-path="url(#${id}-in)">` +
    `<rect x="${n(-inner.w)}" y="${n(fillY)}" width="${n(inner.w * 2)}" height="${n(-fillY + 40)}" fill="url(#${id}-ghee)"/>` +
    grains.join('') +
    `<rect x="${n(-inner.w)}" y="${n(inner.topY)}" width="${n(inner.w * 2)}" height="${n(-inner.topY + 40)}" fill="url(#${id}-round)"/>` +
    `</g>` +
    `<ellipse cx="0" cy="${n(fillY)}" rx="${n(inner.w - 1)}" ry="12" fill="${PALETTE.goldPale}"/>` +
    `<ellipse cx="${n(-inner.w * 0.2)}" cy="${n(fillY - 2)}" rx="${n(inner.w * 0.5)}" ry="5" fill="#fffbe8" opacity="0.7"/>`
  );
}

/** Glass rim stroke and vertical reflections, drawn around (not over) the label. */
function glassShine(outer: Outline, label: LabelBox): string {
  const xl = -outer.w + 24;
  const xr = outer.w - 26;
  const seg = (x: number, y1: number, y2: number, width: number, op: number): string =>
    y2 - y1 < 6
      ? ''
      : `<path d="M${n(x)} ${n(y1)} V${n(y2)}" stroke="#ffffff" stroke-width="${width}" stroke-linecap="round" opacity="${op}"/>`;
  return (
    `<path d="${outlinePath(outer)}" fill="none" stroke="#7a4306" stroke-opacity="0.45" stroke-width="3"/>` +
    `<path d="${outlinePath({ ...outer, w: outer.w - 5, neckW: outer.neckW - 5 })}" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="2"/>` +
    seg(xl, outer.shoulderY + 8, label.top - 14, 16, 0.55) +
    seg(xl, label.bottom + 18, -40, 16, 0.45) +
    seg(xr, outer.shoulderY + 20, label.top - 14, 6, 0.4) +
    seg(xr, label.bottom + 18, -46, 6, 0.35) +
    seg(-outer.neckW + 12, outer.topY + 26, outer.neckY + 8, 8, 0.45) +
    `<path d="M${n(-outer.w + 30)} ${n(outer.shoulderY - 8)} Q${n(-outer.w * 0.6)} ${n(outer.neckY + 32)} ${n(-outer.neckW - 6)} ${n(outer.neckY + 16)}" ` +
    `fill="none" stroke="#ffffff" stroke-width="9" stroke-linecap="round" opacity="0.5"/>`
  );
}

/** Twine tied round the neck with a small kraft tag: the homemade touch of the brand. */
function twineTag(neckW: number, y: number): string {
  const tx = neckW + 44;
  const ty = y + 62;
  return (
    `<g stroke="#a4773f" stroke-width="4" fill="none" stroke-linecap="round">` +
    `<path d="M${n(-neckW - 2)} ${n(y)} Q0 ${n(y + 9)} ${n(neckW + 2)} ${n(y)}"/>` +
    `<path d="M${n(-neckW - 2)} ${n(y + 8)} Q0 ${n(y + 17)} ${n(neckW + 2)} ${n(y + 8)}"/>` +
    `<path d="M${n(neckW)} ${n(y + 6)} Q${n(neckW + 26)} ${n(y + 20)} ${n(tx)} ${n(ty - 20)}" stroke-width="3"/></g>` +
    `<g transform="translate(${n(tx)} ${n(ty)}) rotate(14)">` +
    `<rect x="-26" y="-22" width="52" height="40" rx="6" fill="#dcb98a" stroke="#a4773f" stroke-width="1.5"/>` +
    `<circle cx="0" cy="-14" r="3.5" fill="#8a6234"/>` +
    `<path d="M0 -6 q8 10 8 15 a8 8 0 0 1 -16 0 q0 -5 8 -15z" fill="${PALETTE.amberDeep}"/></g>`
  );
}

function glassVessel(o: VesselOptions, seed: number): string {
  const isJar = o.style === 'jar';
  const outer: Outline = isJar
    ? { w: 212, neckW: 184, shoulderY: -305, neckY: -330, topY: -348, e: 16 }
    : { w: 165, neckW: 64, shoulderY: -402, neckY: -498, topY: -560, e: 13 };
  const inner: Outline = {
    ...outer,
    w: outer.w - 10,
    neckW: outer.neckW - 10,
    topY: outer.topY + 6,
    lift: 14,
  };
  const fillY = isJar ? -296 : -392;
  const label: LabelBox = isJar
    ? { left: -outer.w + 1, right: outer.w - 1, top: -276, bottom: -46, sag: 12 }
    : { left: -outer.w + 1, right: outer.w - 1, top: -368, bottom: -74, sag: 10 };
  const lidH = isJar ? 74 : 66;
  const lidW = isJar ? outer.neckW + 10 : outer.neckW + 10;
  return (
    shadows(o.id, outer.w, outer.e, true) +
    `<path d="${outlinePath(outer)}" fill="#fff4da" opacity="0.25"/>` +
    gheeFill(o.id, inner, fillY, seed) +
    labelSvg(`${o.id}-l`, o.hue, o, label) +
    glassShine(outer, label) +
    (isJar ? '' : twineTag(outer.neckW, outer.neckY - 34)) +
    lid(o.id, lidW, outer.topY - lidH + 10, lidH)
  );
}

function tinVessel(o: VesselOptions): string {
  const w = 178;
  const e = 18;
  const top = -478;
  const metal = `url(#${o.id}-metal)`;
  const band = (y1: number, y2: number): string =>
    `<path d="M${-w} ${n(y1)} A${w} ${e} 0 0 0 ${w} ${n(y1)} V${n(y2)} A${w} ${e} 0 0 1 ${-w} ${n(y2)} Z" fill="${metal}"/>`;
  return (
    shadows(o.id, w, e, false) +
    metalGradient(o.id) +
    band(0, -26) +
    labelSvg(`${o.id}-l`, o.hue, o, { left: -w, right: w, top: top + 30, bottom: -26, sag: e }) +
    band(top + 30, top) +
    `<path d="M${-w - 5} ${n(top + 4)} A${w + 5} ${e + 1} 0 0 0 ${w + 5} ${n(top + 4)} V${n(top - 54)} H${-w - 5} Z" fill="${metal}"/>` +
    `<path d="M${-w - 5} ${n(top + 4)} A${w + 5} ${e + 1} 0 0 0 ${w + 5} ${n(top + 4)}" fill="none" stroke="#5c3606" stroke-opacity="0.35" stroke-width="3"/>` +
    `<ellipse cx="0" cy="${n(top - 54)}" rx="${w + 5}" ry="${e + 1}" fill="#f1d48a"/>` +
    `<ellipse cx="0" cy="${n(top - 54)}" rx="${w - 22}" ry="${e - 6}" fill="none" stroke="#b07a22" stroke-width="3" opacity="0.7"/>` +
    `<path d="M${-w + 26} ${n(top + 46)} V-44" stroke="#ffffff" stroke-width="14" stroke-linecap="round" opacity="0.16"/>`
  );
}

/** The vessel in local units (base centre at the origin). */
export function vesselSvg(o: VesselOptions): string {
  const seed = hashString(`${o.title}|${o.style}|${o.hue}`);
  return o.style === 'tin' ? tinVessel(o) : glassVessel(o, seed);
}

/** The vessel placed with its base centre at (x, y) and scaled. */
export function placeVessel(o: VesselOptions, x: number, y: number, scale: number): string {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${scale.toFixed(4)})">${vesselSvg(o)}</g>`;
}
