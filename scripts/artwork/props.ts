// Scene props shared by product shots and home-page art: backdrops, a wooden table, curry-leaf
// sprigs, a brass bowl of ghee, a wooden spoon and morning light. All drawn from primitives.
import { PALETTE } from './palette';
import { blurFilter, linearGradient, n, radialGradient, seededRandom } from './svg';

/** Studio backdrop: warm cream wall, a soft glow behind the subject and a table-top below. */
export function studioBackdrop(id: string, w: number, h: number, horizon: number, glowX: number): string {
  return (
    `<defs>` +
    linearGradient(`${id}-wall`, [
      [0, '#fffaf0'],
      [1, '#f6e3bd'],
    ]) +
    linearGradient(`${id}-top`, [
      [0, '#efd5a6'],
      [1, '#e2bd80'],
    ]) +
    radialGradient(`${id}-glow`, [
      [0, '#fff3c4', 0.95],
      [0.6, '#fbe3a0', 0.35],
      [1, '#fbe3a0', 0],
    ]) +
    radialGradient(`${id}-vig`, [
      [0.55, '#6a3a08', 0],
      [1, '#6a3a08', 0.28],
    ], 0.5, 0.45, 0.75) +
    blurFilter(`${id}-edge`, 6) +
    `</defs>` +
    `<rect width="${w}" height="${h}" fill="url(#${id}-wall)"/>` +
    `<circle cx="${n(glowX)}" cy="${n(horizon * 0.58)}" r="${n(h * 0.42)}" fill="url(#${id}-glow)"/>` +
    `<rect y="${n(horizon)}" width="${w}" height="${n(h - horizon)}" fill="url(#${id}-top)"/>` +
    `<rect y="${n(horizon - 3)}" width="${w}" height="8" fill="#fff6df" opacity="0.8" filter="url(#${id}-edge)"/>` +
    `<rect width="${w}" height="${h}" fill="url(#${id}-vig)"/>`
  );
}

/** Wooden table-top seen in slight perspective: planks with grain, darker towards the viewer. */
export function woodTable(id: string, w: number, top: number, bottom: number, seed: number): string {
  const rand = seededRandom(seed);
  const planks = 5;
  const parts: string[] = [];
  for (let i = 0; i < planks; i++) {
    // Planks widen towards the viewer, which gives the table its depth.
    const y1 = top + (bottom - top) * Math.pow(i / planks, 1.35);
    const y2 = top + (bottom - top) * Math.pow((i + 1) / planks, 1.35);
    const tone = i % 2 === 0 ? PALETTE.wood : PALETTE.woodLight;
    parts.push(`<rect y="${n(y1)}" width="${w}" height="${n(y2 - y1 + 1)}" fill="${tone}"/>`);
    for (let g = 0; g < 4; g++) {
      const gy = y1 + (y2 - y1) * (0.2 + rand() * 0.6);
      const amp = (y2 - y1) * 0.08;
      parts.push(
        `<path d="M0 ${n(gy)} C${n(w * 0.3)} ${n(gy - amp)} ${n(w * 0.6)} ${n(gy + amp)} ${w} ${n(gy - amp * 0.5)}" ` +
          `fill="none" stroke="${PALETTE.woodDark}" stroke-width="${n(1 + rand() * 1.5)}" opacity="${n(0.12 + rand() * 0.12)}"/>`,
      );
    }
    parts.push(`<rect y="${n(y2 - 1)}" width="${w}" height="2.5" fill="${PALETTE.woodDark}" opacity="0.45"/>`);
  }
  return (
    `<defs>` +
    linearGradient(`${id}-shade`, [
      [0, '#fff1d0', 0.35],
      [0.4, '#000000', 0],
      [1, '#2a1200', 0.35],
    ]) +
    `</defs>` +
    parts.join('') +
    `<rect y="${n(top)}" width="${w}" height="${n(bottom - top)}" fill="url(#${id}-shade)"/>`
  );
}

/** One curry leaf along the +x axis, `len` long; the gradient is shared via `gradId`. */
function leaf(len: number, gradId: string): string {
  const wd = len * 0.32;
  return (
    `<path d="M0 0 C${n(len * 0.25)} ${n(-wd)} ${n(len * 0.75)} ${n(-wd * 0.9)} ${n(len)} 0 ` +
    `C${n(len * 0.75)} ${n(wd * 0.9)} ${n(len * 0.25)} ${n(wd)} 0 0Z" fill="url(#${gradId})"/>` +
    `<path d="M${n(len * 0.08)} 0 Q${n(len * 0.5)} ${n(-wd * 0.12)} ${n(len * 0.85)} 0" stroke="#e4edc0" stroke-width="${n(len * 0.02)}" fill="none" opacity="0.45"/>`
  );
}

/**
 * A curry-leaf sprig: a curved stem with paired leaves that shrink towards the tip.
 * Drawn pointing right from (x, y), then rotated by `angle` degrees.
 */
export function leafSprig(id: string, x: number, y: number, scale: number, angle: number, leaves = 5): string {
  const len = 360;
  const parts: string[] = [];
  for (let i = 0; i < leaves; i++) {
    const t = (i + 1) / (leaves + 1);
    const px = len * t;
    const py = -Math.sin(t * Math.PI) * 26;
    const size = 118 * (1 - t * 0.35);
    for (const side of [-1, 1]) {
      const rot = side * (48 - t * 14) + (side > 0 ? 6 : 0);
      parts.push(`<g transform="translate(${n(px)} ${n(py)}) rotate(${n(rot)})">${leaf(size, `${id}-leaf`)}</g>`);
    }
  }
  parts.push(`<g transform="translate(${len} -4) rotate(-6)">${leaf(80, `${id}-leaf`)}</g>`);
  return (
    `<defs>` +
    linearGradient(`${id}-leaf`, [
      [0, PALETTE.leafLight],
      [0.55, PALETTE.leaf],
      [1, PALETTE.leafDark],
    ]) +
    `</defs>` +
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)}) scale(${scale.toFixed(3)})">` +
    `<path d="M-20 6 Q${len * 0.5} -34 ${len + 8} -4" stroke="#5f6f2a" stroke-width="7" fill="none" stroke-linecap="round"/>` +
    parts.join('') +
    `</g>`
  );
}

/** A brass katori holding ghee; (cx, cy) is the centre of the rim, r its half-width. */
export function brassBowl(id: string, cx: number, cy: number, r: number): string {
  const ry = r * 0.28;
  const depth = r * 0.62;
  return (
    `<defs>` +
    linearGradient(
      `${id}-brass`,
      [
        [0, '#6b3e08'],
        [0.22, '#e7b955'],
        [0.36, '#fff0c0'],
        [0.55, '#cf952f'],
        [1, '#5a3305'],
      ],
      { x2: 1, y2: 0 },
    ) +
    radialGradient(`${id}-pool`, [
      [0, '#ffe9a6'],
      [0.6, PALETTE.ghee],
      [1, PALETTE.gheeDeep],
    ], 0.4, 0.4, 0.7) +
    blurFilter(`${id}-sh`, r * 0.09) +
    `</defs>` +
    `<ellipse cx="${n(cx + r * 0.25)}" cy="${n(cy + depth + ry * 0.3)}" rx="${n(r * 0.95)}" ry="${n(ry * 0.7)}" fill="#2a1200" opacity="0.35" filter="url(#${id}-sh)"/>` +
    `<path d="M${n(cx - r)} ${n(cy)} C${n(cx - r)} ${n(cy + depth * 0.9)} ${n(cx - r * 0.45)} ${n(cy + depth)} ${n(cx)} ${n(cy + depth)} ` +
    `C${n(cx + r * 0.45)} ${n(cy + depth)} ${n(cx + r)} ${n(cy + depth * 0.9)} ${n(cx + r)} ${n(cy)} Z" fill="url(#${id}-brass)"/>` +
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(r)}" ry="${n(ry)}" fill="#f0c86a"/>` +
    `<ellipse cx="${n(cx)}" cy="${n(cy + ry * 0.08)}" rx="${n(r * 0.9)}" ry="${n(ry * 0.8)}" fill="url(#${id}-pool)"/>` +
    `<ellipse cx="${n(cx - r * 0.3)}" cy="${n(cy - ry * 0.15)}" rx="${n(r * 0.28)}" ry="${n(ry * 0.22)}" fill="#fffbe6" opacity="0.7"/>`
  );
}

/**
 * A wooden spoon with a dollop of ghee; the spoon bowl is centred at (x, y), the handle runs
 * along +x before rotation by `angle` degrees.
 */
export function woodenSpoon(id: string, x: number, y: number, scale: number, angle: number): string {
  return (
    `<defs>` +
    linearGradient(`${id}-wood`, [
      [0, PALETTE.woodLight],
      [1, PALETTE.woodDark],
    ]) +
    blurFilter(`${id}-sh`, 6) +
    `</defs>` +
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)}) scale(${scale.toFixed(3)})">` +
    `<g transform="translate(14 26)" opacity="0.35" filter="url(#${id}-sh)">` +
    `<ellipse cx="0" cy="0" rx="70" ry="48" fill="#2a1200"/><rect x="50" y="-11" width="300" height="22" rx="11" fill="#2a1200"/></g>` +
    `<path d="M55 -9 L340 -13 Q352 0 340 13 L55 9 Z" fill="url(#${id}-wood)"/>` +
    `<ellipse cx="0" cy="0" rx="70" ry="48" fill="url(#${id}-wood)"/>` +
    `<ellipse cx="-4" cy="-2" rx="58" ry="37" fill="${PALETTE.woodDark}" opacity="0.45"/>` +
    `<path d="M-42 4 C-44 -30 -10 -34 4 -26 C22 -40 46 -24 40 0 C38 22 -36 28 -42 4Z" fill="${PALETTE.ghee}"/>` +
    `<path d="M-30 -6 C-26 -22 -6 -24 6 -16" stroke="#fff4c4" stroke-width="8" fill="none" stroke-linecap="round" opacity="0.8"/>` +
    `<path d="M80 -6 L320 -9" stroke="#fff" stroke-width="3" opacity="0.25" stroke-linecap="round"/>` +
    `</g>`
  );
}

/** Diagonal shafts of morning light falling from the top-left corner. */
export function lightRays(id: string, w: number, h: number, opacity: number): string {
  const rays = [0.08, 0.22, 0.4].map((f, i) => {
    const x = w * f;
    const spread = w * (0.05 + i * 0.02);
    return `<path d="M${n(x)} 0 L${n(x + spread)} 0 L${n(x + spread + w * 0.45)} ${h} L${n(x + w * 0.32)} ${h} Z"/>`;
  });
  return (
    `<defs>` +
    linearGradient(`${id}-ray`, [
      [0, '#fff8dc', opacity],
      [1, '#fff8dc', 0],
    ]) +
    blurFilter(`${id}-rb`, 18) +
    `</defs>` +
    `<g fill="url(#${id}-ray)" filter="url(#${id}-rb)">${rays.join('')}</g>`
  );
}
