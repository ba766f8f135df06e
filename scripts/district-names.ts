// District names as the shop shows them in an address, from India Post's spelling of them (used by
// make-pincode-table.ts). The directory's names are mostly in title case already; the rules below also keep an
// all-capitals release readable, should the next one be like that.

// Lower case inside a name, as in "North and Middle Andaman"; never the first word ("The Dangs").
const SMALL_WORDS = new Set(['and', 'of', 'the']);

/**
 * "NORTH 24 PARGANAS" → "North 24 Parganas", "Janjgir-champa" → "Janjgir-Champa", "K.V.Rangareddy" →
 * "K.V. Rangareddy", initials such as "Y.S.R." kept. A state's short mark that India Post adds to tell two
 * districts of one name apart ("Bilaspur(CGH)", "Bilaspur (HP)") is dropped: every address names its state.
 */
export function districtDisplayName(raw: string): string {
  const name = raw
    .replace(/\s*\([A-Z]{2,3}\)\s*$/, '')
    .replace(/\.(?=[A-Za-z]{2})/g, '. ')
    .replace(/\s+/g, ' ')
    .trim();
  return name.replace(/[A-Za-z][A-Za-z.']*/g, (word, offset: number) => {
    if (/^([A-Za-z]\.)+$/.test(word)) return word.toUpperCase();
    const lower = word.toLowerCase();
    if (offset > 0 && SMALL_WORDS.has(lower)) return lower;
    return lower.charAt(0).toUpperCase() + lower.slice(1);
  });
}
