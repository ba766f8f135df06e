// Kitchen props for the home-page scenes: the clay bilona pot, fresh butter, a thali of rice and
// rotis, a ladle pouring ghee, an iron kadhai with tadka, and rising steam.
import { PALETTE } from './palette';
import { blurFilter, linearGradient, n, radialGradient, seededRandom } from './svg';

/** Soft ground shadow shared by the props below. */
function groundShadow(id: string, cx: number, cy: number, rx: number, ry: number, op = 0.35): string {
  return (
    `<defs>${blurFilter(`${id}-gs`, Math.max(4, ry * 0.5))}</defs>` +
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="#2a1200" opacity="${op}" filter="url(#${id}-gs)"/>`
  );
}

/**
 * Clay matka with a wooden churning stick (bilona) and its rope; base centre at (x, y),
 * `r` is the radius of the pot's belly.
 */
export function bilonaPot(id: string, x: number, y: number, r: number): string {
  const cy = y - r * 0.95;
  const neckY = cy - r * 0.92;
  const rimY = neckY - r * 0.16;
  const dots: string[] = [];
  for (let i = -5; i <= 5; i++) {
    const a = (i / 6) * (Math.PI / 2);
    dots.push(`<circle cx="${n(x + Math.sin(a) * r * 0.97)}" cy="${n(cy - r * 0.18 + Math.cos(a) * r * 0.1)}" r="${n(r * 0.028)}"/>`);
  }
  const ropeTurns: string[] = [];
  for (let i = 0; i < 6; i++) {
    const ry = rimY - r * 0.55 - i * r * 0.07;
    ropeTurns.push(`<path d="M${n(x - r * 0.07)} ${n(ry)} L${n(x + r * 0.07)} ${n(ry - r * 0.05)}"/>`);
  }
  return (
    `<defs>` +
    radialGradient(`${id}-clay`, [
      [0, '#e89a63'],
      [0.55, PALETTE.clay],
      [1, PALETTE.clayDark],
    ], 0.35, 0.32, 0.75) +
    linearGradient(`${id}-stick`, [
      [0, PALETTE.woodDark],
      [0.4, PALETTE.woodLight],
      [1, PALETTE.woodDark],
    ], { x2: 1, y2: 0 }) +
    `</defs>` +
    groundShadow(id, x + r * 0.25, y + r * 0.02, r * 1.15, r * 0.16, 0.45) +
    // The stick stands inside the pot, so it is drawn first and the rim overlaps it.
    `<rect x="${n(x - r * 0.06)}" y="${n(rimY - r * 1.55)}" width="${n(r * 0.12)}" height="${n(r * 1.7)}" rx="${n(r * 0.03)}" fill="url(#${id}-stick)"/>` +
    `<ellipse cx="${n(x)}" cy="${n(rimY - r * 1.55)}" rx="${n(r * 0.1)}" ry="${n(r * 0.05)}" fill="${PALETTE.woodLight}"/>` +
    `<circle cx="${n(x)}" cy="${n(rimY - r * 1.6)}" r="${n(r * 0.07)}" fill="${PALETTE.wood}"/>` +
    `<g stroke="#d8c08e" stroke-width="${n(r * 0.035)}" stroke-linecap="round" fill="none">${ropeTurns.join('')}` +
    // The rope's free ends hang down either side of the pot, ready to be pulled in turn.
    `<path d="M${n(x - r * 0.07)} ${n(rimY - r * 0.6)} C${n(x - r * 0.5)} ${n(rimY - r * 0.5)} ${n(x - r * 0.75)} ${n(rimY - r * 0.2)} ${n(x - r * 0.8)} ${n(rimY + r * 0.35)}"/>` +
    `<path d="M${n(x + r * 0.07)} ${n(rimY - r * 0.9)} C${n(x + r * 0.55)} ${n(rimY - r * 0.85)} ${n(x + r * 0.85)} ${n(rimY - r * 0.4)} ${n(x + r * 0.9)} ${n(rimY + r * 0.3)}"/></g>` +
    `<path d="M${n(x - r * 0.42)} ${n(neckY)} C${n(x - r * 1.25)} ${n(cy - r * 0.55)} ${n(x - r * 1.1)} ${n(y)} ${n(x)} ${n(y)} ` +
    `C${n(x + r * 1.1)} ${n(y)} ${n(x + r * 1.25)} ${n(cy - r * 0.55)} ${n(x + r * 0.42)} ${n(neckY)} Z" fill="url(#${id}-clay)"/>` +
    `<path d="M${n(x - r * 0.42)} ${n(neckY)} L${n(x - r * 0.5)} ${n(rimY)} L${n(x + r * 0.5)} ${n(rimY)} L${n(x + r * 0.42)} ${n(neckY)} Z" fill="${PALETTE.clayDark}"/>` +
    `<ellipse cx="${n(x)}" cy="${n(rimY)}" rx="${n(r * 0.56)}" ry="${n(r * 0.12)}" fill="#c56a3a"/>` +
    `<ellipse cx="${n(x)}" cy="${n(rimY + r * 0.01)}" rx="${n(r * 0.44)}" ry="${n(r * 0.08)}" fill="#3d1606"/>` +
    `<ellipse cx="${n(x - r * 0.12)}" cy="${n(rimY + r * 0.02)}" rx="${n(r * 0.16)}" ry="${n(r * 0.035)}" fill="#fff3cf" opacity="0.9"/>` +
    `<rect x="${n(x - r * 0.05)}" y="${n(rimY - r * 0.2)}" width="${n(r * 0.1)}" height="${n(r * 0.24)}" fill="url(#${id}-stick)"/>` +
    `<g fill="none" stroke="#f6e2c0" stroke-width="${n(r * 0.03)}" opacity="0.85">` +
    `<path d="M${n(x - r * 0.98)} ${n(cy - r * 0.3)} Q${n(x)} ${n(cy - r * 0.06)} ${n(x + r * 0.98)} ${n(cy - r * 0.3)}"/>` +
    `<path d="M${n(x - r * 0.98)} ${n(cy - r * 0.06)} Q${n(x)} ${n(cy + r * 0.18)} ${n(x + r * 0.98)} ${n(cy - r * 0.06)}"/></g>` +
    `<g fill="#f6e2c0" opacity="0.85">${dots.join('')}</g>` +
    `<ellipse cx="${n(x - r * 0.5)}" cy="${n(cy - r * 0.45)}" rx="${n(r * 0.16)}" ry="${n(r * 0.3)}" transform="rotate(25 ${n(x - r * 0.5)} ${n(cy - r * 0.45)})" fill="#fff" opacity="0.14"/>`
  );
}

/** A shallow clay bowl heaped with fresh white butter; rim centre at (x, y). */
export function butterBowl(id: string, x: number, y: number, r: number): string {
  const blobs = [
    [-0.45, -0.05, 0.32],
    [0.05, -0.22, 0.4],
    [0.45, -0.04, 0.3],
    [-0.12, -0.45, 0.28],
    [0.22, -0.5, 0.2],
  ] as const;
  return (
    `<defs>` +
    radialGradient(`${id}-butter`, [
      [0, '#fffdf3'],
      [0.7, '#fff0c4'],
      [1, '#f0d590'],
    ], 0.35, 0.3, 0.8) +
    `</defs>` +
    groundShadow(id, x + r * 0.2, y + r * 0.5, r * 1.05, r * 0.14) +
    blobs
      .map(([bx, by, br]) => `<circle cx="${n(x + bx * r)}" cy="${n(y + by * r)}" r="${n(br * r)}" fill="url(#${id}-butter)"/>`)
      .join('') +
    `<path d="M${n(x - r)} ${n(y)} Q${n(x - r * 0.9)} ${n(y + r * 0.55)} ${n(x)} ${n(y + r * 0.55)} Q${n(x + r * 0.9)} ${n(y + r * 0.55)} ${n(x + r)} ${n(y)} Z" fill="${PALETTE.clay}"/>` +
    `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(r)}" ry="${n(r * 0.12)}" fill="none" stroke="#d9864f" stroke-width="${n(r * 0.05)}"/>` +
    `<path d="M${n(x - r * 0.8)} ${n(y + r * 0.18)} Q${n(x - r * 0.5)} ${n(y + r * 0.45)} ${n(x - r * 0.1)} ${n(y + r * 0.48)}" stroke="#fff" stroke-width="${n(r * 0.05)}" opacity="0.2" fill="none"/>`
  );
}

/** Brass thali with a mound of rice and a stack of rotis; centre of the plate at (x, y). */
export function thaliMeal(id: string, x: number, y: number, r: number, seed: number): string {
  const rand = seededRandom(seed);
  const grains: string[] = [];
  for (let i = 0; i < 140; i++) {
    const a = rand() * Math.PI;
    const d = Math.sqrt(rand());
    const gx = x - r * 0.15 + Math.cos(a) * d * r * 0.42 * (rand() > 0.5 ? 1 : -1);
    const gy = y - r * 0.02 - Math.sin(a) * d * r * 0.26;
    grains.push(`<ellipse cx="${n(gx)}" cy="${n(gy)}" rx="${n(r * 0.018)}" ry="${n(r * 0.007)}" transform="rotate(${n(rand() * 180)} ${n(gx)} ${n(gy)})"/>`);
  }
  const roti = (dy: number): string =>
    `<ellipse cx="${n(x + r * 0.52)}" cy="${n(y + dy)}" rx="${n(r * 0.36)}" ry="${n(r * 0.11)}" fill="#d9a45c" stroke="#b57a35" stroke-width="${n(r * 0.008)}"/>`;
  const spots: string[] = [];
  for (let i = 0; i < 9; i++) {
    spots.push(`<ellipse cx="${n(x + r * (0.3 + rand() * 0.44))}" cy="${n(y - r * 0.17 + rand() * r * 0.1)}" rx="${n(r * 0.025)}" ry="${n(r * 0.01)}" fill="#8a5220" opacity="0.55"/>`);
  }
  return (
    `<defs>` +
    radialGradient(`${id}-plate`, [
      [0, '#fbe7a6'],
      [0.7, PALETTE.brass],
      [1, '#7a4a0c'],
    ], 0.4, 0.35, 0.7) +
    radialGradient(`${id}-rice`, [
      [0, '#ffffff'],
      [0.8, '#f6efdf'],
      [1, '#e0d3b5'],
    ], 0.4, 0.3, 0.75) +
    radialGradient(`${id}-pool`, [
      [0, '#fff0b0'],
      [0.6, PALETTE.ghee, 0.95],
      [1, PALETTE.gheeDeep, 0.6],
    ]) +
    `</defs>` +
    groundShadow(id, x + r * 0.1, y + r * 0.12, r * 1.08, r * 0.32, 0.4) +
    `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(r)}" ry="${n(r * 0.32)}" fill="url(#${id}-plate)"/>` +
    `<ellipse cx="${n(x)}" cy="${n(y - r * 0.01)}" rx="${n(r * 0.86)}" ry="${n(r * 0.26)}" fill="none" stroke="#fff3c8" stroke-width="${n(r * 0.01)}" opacity="0.6"/>` +
    roti(0.02 * r) +
    roti(-0.05 * r) +
    roti(-0.12 * r) +
    spots.join('') +
    `<path d="M${n(x - r * 0.6)} ${n(y + r * 0.04)} C${n(x - r * 0.6)} ${n(y - r * 0.32)} ${n(x + r * 0.3)} ${n(y - r * 0.32)} ${n(x + r * 0.3)} ${n(y + r * 0.04)} Q${n(x - r * 0.15)} ${n(y + r * 0.13)} ${n(x - r * 0.6)} ${n(y + r * 0.04)} Z" fill="url(#${id}-rice)"/>` +
    `<g fill="#fffdf6" opacity="0.9">${grains.join('')}</g>` +
    `<ellipse cx="${n(x - r * 0.14)}" cy="${n(y - r * 0.2)}" rx="${n(r * 0.17)}" ry="${n(r * 0.05)}" fill="url(#${id}-pool)"/>` +
    `<ellipse cx="${n(x - r * 0.18)}" cy="${n(y - r * 0.215)}" rx="${n(r * 0.06)}" ry="${n(r * 0.014)}" fill="#fff" opacity="0.8"/>`
  );
}

/**
 * A brass ladle tipping a ribbon of ghee onto (tx, ty); the ladle's bowl sits at (x, y).
 */
export function pouringLadle(id: string, x: number, y: number, tx: number, ty: number, r: number): string {
  // The ladle is drawn rotated by -28°; its left lip, (-r, 0) before rotation, lands here.
  const lipX = x - r * 0.88;
  const lipY = y + r * 0.47;
  return (
    `<defs>` +
    linearGradient(`${id}-stream`, [
      [0, PALETTE.goldLight],
      [0.5, PALETTE.ghee],
      [1, PALETTE.gheeDeep],
    ], { x2: 1, y2: 0 }) +
    linearGradient(`${id}-ladle`, [
      [0, '#fff0c0'],
      [0.4, PALETTE.brass],
      [1, '#6b3e08'],
    ]) +
    `</defs>` +
    `<path d="M${n(lipX - r * 0.04)} ${n(lipY)} C${n(lipX - r * 0.25)} ${n(lipY + r * 0.2)} ${n(tx - r * 0.06)} ${n(ty - r * 1.2)} ${n(tx - r * 0.05)} ${n(ty)} ` +
    `L${n(tx + r * 0.05)} ${n(ty)} C${n(tx + r * 0.05)} ${n(ty - r * 1.2)} ${n(lipX - r * 0.05)} ${n(lipY + r * 0.3)} ${n(lipX + r * 0.12)} ${n(lipY + r * 0.02)} Z" fill="url(#${id}-stream)"/>` +
    `<path d="M${n(lipX - r * 0.05)} ${n(lipY + r * 0.1)} C${n(lipX - r * 0.15)} ${n(lipY + r * 0.4)} ${n(tx - r * 0.02)} ${n(ty - r * 1.0)} ${n(tx - r * 0.01)} ${n(ty - r * 0.2)}" stroke="#fff8d8" stroke-width="${n(r * 0.025)}" fill="none" opacity="0.8"/>` +
    `<g transform="rotate(-28 ${n(x)} ${n(y)})">` +
    `<path d="M${n(x + r * 0.7)} ${n(y - r * 0.12)} L${n(x + r * 3.4)} ${n(y - r * 0.35)} L${n(x + r * 3.42)} ${n(y - r * 0.2)} L${n(x + r * 0.7)} ${n(y + r * 0.06)} Z" fill="url(#${id}-ladle)"/>` +
    `<path d="M${n(x - r)} ${n(y)} A${n(r)} ${n(r * 0.75)} 0 0 0 ${n(x + r)} ${n(y)} Z" fill="url(#${id}-ladle)"/>` +
    `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(r)}" ry="${n(r * 0.22)}" fill="#f8dd8e"/>` +
    `<ellipse cx="${n(x)}" cy="${n(y + r * 0.02)}" rx="${n(r * 0.86)}" ry="${n(r * 0.16)}" fill="${PALETTE.ghee}"/>` +
    `</g>`
  );
}

/** Wisps of steam rising from (x, y). */
export function steam(id: string, x: number, y: number, h: number, count = 3): string {
  const wisps: string[] = [];
  for (let i = 0; i < count; i++) {
    const ox = x + (i - (count - 1) / 2) * h * 0.28;
    wisps.push(
      `<path d="M${n(ox)} ${n(y)} C${n(ox - h * 0.15)} ${n(y - h * 0.3)} ${n(ox + h * 0.15)} ${n(y - h * 0.5)} ${n(ox)} ${n(y - h * 0.75)} S${n(ox - h * 0.08)} ${n(y - h)} ${n(ox + h * 0.05)} ${n(y - h * 1.1)}"/>`,
    );
  }
  return (
    `<defs>${blurFilter(`${id}-st`, h * 0.025)}</defs>` +
    `<g fill="none" stroke="#ffffff" stroke-width="${n(h * 0.06)}" stroke-linecap="round" opacity="0.45" filter="url(#${id}-st)">${wisps.join('')}</g>`
  );
}

/** An iron kadhai with a sizzling ghee tadka (cumin and curry leaves); rim centre at (x, y). */
export function kadhaiTadka(id: string, x: number, y: number, r: number, seed: number): string {
  const rand = seededRandom(seed);
  const bits: string[] = [];
  for (let i = 0; i < 46; i++) {
    const a = rand() * Math.PI * 2;
    const d = Math.sqrt(rand()) * 0.8;
    const bx = x + Math.cos(a) * d * r;
    const by = y + Math.sin(a) * d * r * 0.24;
    bits.push(`<ellipse cx="${n(bx)}" cy="${n(by)}" rx="${n(r * 0.028)}" ry="${n(r * 0.011)}" transform="rotate(${n(rand() * 180)} ${n(bx)} ${n(by)})" fill="#5a3410"/>`);
  }
  for (let i = 0; i < 5; i++) {
    const bx = x + (rand() - 0.5) * r * 1.2;
    const by = y + (rand() - 0.5) * r * 0.3;
    bits.push(`<ellipse cx="${n(bx)}" cy="${n(by)}" rx="${n(r * 0.11)}" ry="${n(r * 0.04)}" transform="rotate(${n(rand() * 60 - 30)} ${n(bx)} ${n(by)})" fill="${PALETTE.leaf}"/>`);
  }
  for (let i = 0; i < 14; i++) {
    bits.push(`<circle cx="${n(x + (rand() - 0.5) * r * 1.4)}" cy="${n(y + (rand() - 0.5) * r * 0.36)}" r="${n(r * (0.01 + rand() * 0.015))}" fill="#fffbe0" opacity="0.85"/>`);
  }
  return (
    `<defs>` +
    radialGradient(`${id}-iron`, [
      [0, '#5b524a'],
      [0.7, '#2e2925'],
      [1, '#171412'],
    ], 0.4, 0.2, 0.8) +
    radialGradient(`${id}-oil`, [
      [0, '#ffe08a'],
      [0.7, PALETTE.ghee],
      [1, PALETTE.amber],
    ]) +
    `</defs>` +
    groundShadow(id, x + r * 0.15, y + r * 0.6, r * 1.1, r * 0.14, 0.45) +
    `<path d="M${n(x - r * 1.28)} ${n(y - r * 0.02)} q${n(-r * 0.1)} ${n(-r * 0.16)} ${n(r * 0.1)} ${n(-r * 0.1)} l${n(r * 0.12)} ${n(r * 0.08)}" stroke="#2e2925" stroke-width="${n(r * 0.07)}" fill="none"/>` +
    `<path d="M${n(x + r * 1.28)} ${n(y - r * 0.02)} q${n(r * 0.1)} ${n(-r * 0.16)} ${n(-r * 0.1)} ${n(-r * 0.1)} l${n(-r * 0.12)} ${n(r * 0.08)}" stroke="#2e2925" stroke-width="${n(r * 0.07)}" fill="none"/>` +
    `<path d="M${n(x - r * 1.08)} ${n(y)} A${n(r * 1.08)} ${n(r * 0.6)} 0 0 0 ${n(x + r * 1.08)} ${n(y)} Z" fill="url(#${id}-iron)"/>` +
    `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(r * 1.08)}" ry="${n(r * 0.3)}" fill="#3a342f"/>` +
    `<ellipse cx="${n(x)}" cy="${n(y + r * 0.02)}" rx="${n(r * 0.95)}" ry="${n(r * 0.25)}" fill="url(#${id}-oil)"/>` +
    bits.join('') +
    `<ellipse cx="${n(x - r * 0.35)}" cy="${n(y - r * 0.04)}" rx="${n(r * 0.25)}" ry="${n(r * 0.04)}" fill="#fff" opacity="0.35"/>`
  );
}
