// The printed label wrapped around a vessel: brand line, product title, optional subtitle and a
// high-contrast size badge. The size badge is deliberately large because product cards show the
// image at 300x300, where anything smaller than ~12px stops being readable.
import { FONT_SANS, FONT_SERIF, LABEL_THEMES } from './palette';
import type { LabelHue } from './palette';
import { escapeXml, fitFontSize, linearGradient, n, wrapWords } from './svg';

export interface LabelText {
  title: string;
  subtitle?: string;
  sizeText: string;
}

/** Label area in vessel-local units. `sag` bows the top and bottom edges to suggest a cylinder. */
export interface LabelBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
  sag: number;
}

// Average glyph advance of DejaVu faces as a fraction of the font size (measured roughly).
const SERIF_BOLD_EM = 0.64;
const SERIF_ITALIC_EM = 0.56;
const SANS_BOLD_EM = 0.68;

/** Two lines of similar length, split at a word boundary (the title itself if one word). */
function twoLines(words: string[]): string[] {
  let best: string[] = [words.join(' ')];
  let bestLen = Infinity;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(' ');
    const b = words.slice(i).join(' ');
    if (Math.max(a.length, b.length) < bestLen) {
      bestLen = Math.max(a.length, b.length);
      best = [a, b];
    }
  }
  return best;
}

/**
 * Picks the line breaking (one, two or three lines) that lets the title be set largest within
 * `width` x `height`, where each line takes 1.12 em of height.
 */
export function fitTitle(title: string, width: number, height: number, maxFs: number): { lines: string[]; fs: number } {
  const words = title.trim().split(/\s+/).filter(Boolean);
  const options = [[words.join(' ')], twoLines(words), wrapWords(title, Math.ceil(title.length / 3) + 2, 3)];
  let best = { lines: options[0] ?? [title], fs: 0 };
  for (const lines of options) {
    const longest = lines.reduce((m, l) => Math.max(m, l.length), 0);
    const fs = Math.min(fitFontSize('x'.repeat(longest), width, maxFs, SERIF_BOLD_EM), height / (lines.length * 1.12));
    // Prefer fewer lines unless more lines make the type clearly (20%) larger.
    if (fs > best.fs * 1.2) best = { lines, fs };
  }
  return best;
}

export function labelSvg(id: string, hue: LabelHue, text: LabelText, box: LabelBox): string {
  const t = LABEL_THEMES[hue];
  const { left, right, top, bottom, sag } = box;
  const width = right - left;
  const cx = (left + right) / 2;
  const margin = width * 0.09;
  const inner = width - 2 * margin;
  // Type scales with the label's smaller dimension, so a wide, short jar label keeps room for
  // the title between the brand line and the size badge.
  const unit = Math.min(width, (bottom - top) * 1.2);
  // A quadratic control point at 2*sag puts the curve's midpoint exactly `sag` lower.
  const shape =
    `M${n(left)} ${n(top)} Q${n(cx)} ${n(top + 2 * sag)} ${n(right)} ${n(top)} ` +
    `L${n(right)} ${n(bottom)} Q${n(cx)} ${n(bottom + 2 * sag)} ${n(left)} ${n(bottom)} Z`;
  const rule = (y: number, inset: number): string =>
    `M${n(left + inset)} ${n(y)} Q${n(cx)} ${n(y + 2 * sag)} ${n(right - inset)} ${n(y)}`;

  const brandFs = unit * 0.05;
  const brandY = top + sag + unit * 0.115;
  const badgeFs = unit * 0.12;
  const badgeH = badgeFs * 1.45;
  const badgeW = Math.min(inner, text.sizeText.length * SANS_BOLD_EM * badgeFs + badgeFs * 1.3);
  const badgeY = bottom + sag - unit * 0.07 - badgeH;

  const regionTop = brandY + unit * 0.06;
  const regionBottom = badgeY - unit * 0.04;
  const subFs = text.subtitle
    ? fitFontSize(text.subtitle, inner, unit * 0.058, SERIF_ITALIC_EM)
    : 0;
  const subBlock = text.subtitle ? subFs * 1.5 : 0;
  const fitted = fitTitle(text.title, inner, regionBottom - regionTop - subBlock, unit * 0.135);
  const lines = fitted.lines;
  const titleFs = Math.max(10, fitted.fs);
  const blockH = lines.length * titleFs * 1.12 + subBlock;
  // Tall labels (tins) have spare room: lift the title a little and set a divider ornament
  // between it and the size badge instead of leaving an empty band.
  const spare = regionBottom - regionTop - blockH;
  const ornate = spare > unit * 0.25;
  const blockTop = regionTop + spare * (ornate ? 0.38 : 0.5);

  const titleTspans = lines
    .map((line, i) => {
      const y = blockTop + titleFs * (0.9 + i * 1.12);
      return `<text x="${n(cx)}" y="${n(y)}">${escapeXml(line)}</text>`;
    })
    .join('');
  const subtitle = text.subtitle
    ? `<text x="${n(cx)}" y="${n(blockTop + lines.length * titleFs * 1.12 + subFs * 1.15)}" ` +
      `font-family="${FONT_SERIF}" font-style="italic" font-size="${n(subFs)}" ` +
      `fill="${t.muted}" text-anchor="middle">${escapeXml(text.subtitle)}</text>`
    : '';

  // Small ghee-drop emblem beside the brand name; it is the same mark as the site logo.
  const dropX = cx - unit * 0.235;
  const drop =
    `<path d="M${n(dropX)} ${n(brandY - brandFs * 1.05)} q${n(brandFs * 0.55)} ${n(brandFs * 0.7)} ` +
    `${n(brandFs * 0.55)} ${n(brandFs * 1.0)} a${n(brandFs * 0.55)} ${n(brandFs * 0.55)} 0 0 1 ` +
    `${n(-brandFs * 1.1)} 0 q0 ${n(-brandFs * 0.3)} ${n(brandFs * 0.55)} ${n(-brandFs)} z" fill="${t.accent}"/>`;

  const emblem = ornate
    ? labelEmblem(cx, (blockTop + blockH + regionBottom) / 2 + unit * 0.01, unit * 0.07, t.accent)
    : '';

  return (
    `<defs>` +
    linearGradient(`${id}-paper`, [
      [0, t.paperTop],
      [1, t.paperBottom],
    ]) +
    // Cylinder shading: dark at both edges, a soft highlight left of centre (light comes from the left).
    linearGradient(
      `${id}-curve`,
      [
        [0, '#2a1200', 0.38],
        [0.13, '#2a1200', 0.06],
        [0.3, '#ffffff', 0.2],
        [0.46, '#ffffff', 0],
        [0.82, '#2a1200', 0.1],
        [1, '#2a1200', 0.42],
      ],
      { x2: 1, y2: 0 },
    ) +
    `</defs>` +
    `<path d="${shape}" fill="url(#${id}-paper)"/>` +
    `<g fill="none" stroke="${t.accent}" stroke-width="${n(unit * 0.006)}">` +
    `<path d="${rule(top + unit * 0.035, 0)}"/><path d="${rule(top + unit * 0.05, 0)}" stroke-width="${n(unit * 0.003)}"/>` +
    `<path d="${rule(bottom - unit * 0.035, 0)}"/><path d="${rule(bottom - unit * 0.05, 0)}" stroke-width="${n(unit * 0.003)}"/>` +
    `</g>` +
    drop +
    emblem +
    `<text x="${n(cx + brandFs * 0.6)}" y="${n(brandY)}" font-family="${FONT_SANS}" font-weight="bold" ` +
    `font-size="${n(brandFs)}" letter-spacing="${n(brandFs * 0.28)}" fill="${t.muted}" text-anchor="middle">GHEE SHOP</text>` +
    `<g font-family="${FONT_SERIF}" font-weight="bold" font-size="${n(titleFs)}" fill="${t.ink}" text-anchor="middle">` +
    titleTspans +
    `</g>` +
    subtitle +
    `<rect x="${n(cx - badgeW / 2)}" y="${n(badgeY)}" width="${n(badgeW)}" height="${n(badgeH)}" ` +
    `rx="${n(badgeH / 2)}" fill="${t.badge}"/>` +
    `<text x="${n(cx)}" y="${n(badgeY + badgeH * 0.72)}" font-family="${FONT_SANS}" font-weight="bold" ` +
    `font-size="${n(badgeFs)}" fill="${t.badgeInk}" text-anchor="middle">${escapeXml(text.sizeText)}</text>` +
    `<path d="${shape}" fill="url(#${id}-curve)"/>`
  );
}

/** A divider: fine rules ending in small leaves either side of a ghee drop, centred at (cx, cy). */
function labelEmblem(cx: number, cy: number, r: number, color: string): string {
  const side = (dir: number): string => {
    const x1 = cx + dir * r * 0.7;
    const x2 = cx + dir * r * 2.6;
    const lx = cx + dir * r * 2.85;
    return (
      `<path d="M${n(x1)} ${n(cy)} H${n(x2)}" stroke="${color}" stroke-width="${n(r * 0.08)}"/>` +
      `<ellipse cx="${n(lx)}" cy="${n(cy - r * 0.12)}" rx="${n(r * 0.3)}" ry="${n(r * 0.12)}" ` +
      `transform="rotate(${dir * -25} ${n(lx)} ${n(cy - r * 0.12)})"/>` +
      `<ellipse cx="${n(lx)}" cy="${n(cy + r * 0.12)}" rx="${n(r * 0.3)}" ry="${n(r * 0.12)}" ` +
      `transform="rotate(${dir * 25} ${n(lx)} ${n(cy + r * 0.12)})"/>`
    );
  };
  return (
    `<g fill="${color}">${side(1)}${side(-1)}` +
    `<path d="M${n(cx)} ${n(cy - r * 0.6)} q${n(r * 0.36)} ${n(r * 0.46)} ${n(r * 0.36)} ${n(r * 0.72)} ` +
    `a${n(r * 0.36)} ${n(r * 0.36)} 0 0 1 ${n(-r * 0.72)} 0 q0 ${n(-r * 0.26)} ${n(r * 0.36)} ${n(-r * 0.72)}z"/></g>`
  );
}
