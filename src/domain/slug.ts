// The address of a product's crawlable page (/products/{slug}): made from its name, kept while the name stays,
// and unique. Browser and server share the rule; the server stores the slug it gave (see catalog/product-slugs.ts).

/** Long enough for any real product name, short enough for a shared link. */
export const SLUG_MAX_LENGTH = 80;
/** What a name without a single letter or digit becomes. */
export const SLUG_FALLBACK = 'product';

/**
 * Lower case, accents dropped from Latin letters (é → e), every run of anything but letters, digits and their
 * combining signs turned into one hyphen. Letters of other scripts stay as they are (a Hindi name keeps its
 * Devanagari, vowel signs included): search engines read them, and browsers show them unescaped.
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    // Only the combining accents block: Devanagari vowel signs are marks too, and must stay.
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return cut(slug) || SLUG_FALLBACK;
}

/** At most SLUG_MAX_LENGTH characters, cut at a hyphen when there is one, never ending in one. */
function cut(slug: string): string {
  const chars = [...slug];
  if (chars.length <= SLUG_MAX_LENGTH) return slug;
  const head = chars.slice(0, SLUG_MAX_LENGTH).join('');
  const lastHyphen = head.lastIndexOf('-');
  return (lastHyphen > SLUG_MAX_LENGTH / 2 ? head.slice(0, lastHyphen) : head).replace(/-+$/, '');
}

/** `base`, or `base-2`, `base-3`… : the first that `taken` does not hold. */
export function uniqueSlug(base: string, taken: (slug: string) => boolean): string {
  if (!taken(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken(candidate)) return candidate;
  }
}

/** Slugs for a list of names in order; a later name that slugifies like an earlier one gets a number. */
export function slugsFor(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const slug = uniqueSlug(slugify(name), (s) => used.has(s));
    used.add(slug);
    return slug;
  });
}

/** A path segment that could be a slug we made: used to refuse anything else before any lookup. */
export function looksLikeSlug(segment: string): boolean {
  return segment.length > 0 && [...segment].length <= SLUG_MAX_LENGTH + 8 && /^[\p{L}\p{N}\p{M}]+(?:-[\p{L}\p{N}\p{M}]+)*$/u.test(segment);
}
