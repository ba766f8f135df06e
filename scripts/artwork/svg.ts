// Small string helpers shared by every artwork builder. The artwork is plain SVG text so it can be
// rendered by sharp (librsvg) on the server and by the home-page build script alike.

/** Escapes text for use inside SVG element content and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Rounds coordinates so the generated SVG stays short and diff-friendly. */
export function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** Deterministic PRNG (mulberry32): the same spec must always produce the same bytes. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Stable small hash of a string, used to seed per-product texture so each product differs a bit. */
export function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/**
 * Greedy word wrap by character count. librsvg cannot measure text for us, so labels rely on an
 * estimate; a word longer than the limit gets its own line rather than being cut.
 */
export function wrapWords(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  for (const word of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + word.length <= maxChars) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else {
      lines.push(word);
    }
  }
  if (lines.length <= maxLines) return lines;
  // Too many lines: fold the overflow into the last allowed line; the font-size fit shrinks it.
  const kept = lines.slice(0, maxLines - 1);
  kept.push(lines.slice(maxLines - 1).join(' '));
  return kept;
}

/**
 * Largest font size (capped at `max`) at which `text` fits `width`, given the font's average
 * advance as a fraction of the em. DejaVu faces are wide, so callers pass ~0.6–0.7.
 */
export function fitFontSize(text: string, width: number, max: number, emPerChar: number): number {
  const needed = Math.max(1, text.length) * emPerChar;
  return Math.min(max, width / needed);
}

/** Wraps content in a standalone SVG document of the given pixel size. */
export function svgDocument(width: number, height: number, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}">${body}</svg>`
  );
}

/** A Gaussian-blur filter definition; soft shadows and glows are built from it. */
export function blurFilter(id: string, deviation: number): string {
  return (
    `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%">` +
    `<feGaussianBlur stdDeviation="${n(deviation)}"/></filter>`
  );
}

/** Linear gradient from a list of [offset 0..1, colour, opacity?] stops. */
export function linearGradient(
  id: string,
  stops: ReadonlyArray<readonly [number, string, number?]>,
  dir: { x1?: number; y1?: number; x2?: number; y2?: number } = {},
): string {
  const { x1 = 0, y1 = 0, x2 = 0, y2 = 1 } = dir;
  return (
    `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">` +
    stops.map(stopTag).join('') +
    `</linearGradient>`
  );
}

/** Radial gradient in bounding-box units, centred at (cx, cy) with radius r. */
export function radialGradient(
  id: string,
  stops: ReadonlyArray<readonly [number, string, number?]>,
  cx = 0.5,
  cy = 0.5,
  r = 0.5,
): string {
  return (
    `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">` +
    stops.map(stopTag).join('') +
    `</radialGradient>`
  );
}

function stopTag([offset, color, opacity]: readonly [number, string, number?]): string {
  const op = opacity === undefined ? '' : ` stop-opacity="${opacity}"`;
  return `<stop offset="${offset}" stop-color="${color}"${op}/>`;
}
