// fontkit, the layout engine under pdfkit, throws on common words in some of the Noto fonts: "ਸਿੰਘ" and "ਪੰਜਾਬ" in
// Gurmukhi, "റോഡ്" and "ലക്ഷ്മി" in Malayalam, "శ్రీ" in Telugu. Those fonts' mark-to-base lookups
// (the `abvm` feature) leave a base glyph without an anchor for some marks, as OpenType allows, meaning "this mark
// does not attach here"; fontkit reads the missing anchor anyway (GPOSProcessor.getAnchor: "Cannot read properties of
// null (reading 'xCoordinate')"). A text pdfkit cannot lay out would fail the whole document, so each word that throws
// is laid out again with one positioning feature off (its marks then sit where the font draws them, without the
// lookup's nudge), then with every positioning feature off, and at last in the base font, with empty boxes for the
// letters it lacks: a document that prints, whatever a font or fontkit gets wrong.
import type { PdfDocumentClass } from './pdf-library';

type Doc = InstanceType<PdfDocumentClass>;

/** A stretch of text drawn in one call: its font, and the OpenType features laid out without (none when whole). */
export interface Shaped {
  font: string;
  text: string;
  featuresOff?: string[];
}

/**
 * pdfkit's `features` option. fontkit writes the features it applied back into the object it is given, and pdfkit
 * hands the same object to a second layout when it draws (to move x past the text), which would then turn on every
 * feature the first applied, fractions included; this object keeps meaning what it was made to.
 */
export function featureOptions(featuresOff: string[] | undefined): Pick<PDFKit.Mixins.TextOptions, 'features'> {
  if (!featuresOff) return {};
  const off: Record<string, boolean> = new Proxy(Object.fromEntries(featuresOff.map((tag) => [tag, false])), { set: () => true });
  // pdfkit's types know only a list of features to turn on; pdfkit hands fontkit the option as it is.
  return { features: off as unknown as PDFKit.Mixins.OpenTypeFeatures[] };
}

/** Whether pdfkit lays `text` out in the document's current font (with these features off). */
export function laysOut(doc: Doc, text: string, featuresOff?: string[]): boolean {
  try {
    doc.widthOfString(text, featureOptions(featuresOff));
    return true;
  } catch {
    return false;
  }
}

/** The positioning (GPOS) features of the current font, in the font's order; none for pdfkit's standard fonts. */
function positioningFeatures(doc: Doc): string[] {
  const font = (doc as unknown as { _font: { font?: { GPOS?: { featureList?: { tag: string }[] } } } })._font.font;
  return [...new Set((font?.GPOS?.featureList ?? []).map((f) => f.tag))];
}

const warned = new Set<string>();

function warnOnce(font: string, outcome: string): void {
  const key = `${font}\u0000${outcome}`;
  if (warned.has(key)) return;
  warned.add(key);
  process.emitWarning(`A text in the font ${font} could not be laid out; it is drawn ${outcome}. The document prints, but check its letters.`, {
    code: 'GHEE_SCRIPT_SHAPING',
  });
}

/** One word as it can be drawn: in `font` as it is, with features off, or else in `baseFont`. */
function shapeWord(doc: Doc, font: string, baseFont: string, word: string): Shaped {
  doc.font(font);
  if (laysOut(doc, word)) return { font, text: word };
  const features = positioningFeatures(doc);
  for (const featuresOff of [...features.map((tag) => [tag]), features]) {
    if (featuresOff.length > 0 && laysOut(doc, word, featuresOff)) {
      warnOnce(font, `with ${featuresOff.join(', ')} off`);
      return { font, text: word, featuresOff };
    }
  }
  warnOnce(font, `in ${baseFont}`);
  return { font: baseFont, text: word };
}

const cache = new WeakMap<Doc, Map<string, Shaped[]>>();

/**
 * `text` (one script's run) in `font`: whole when pdfkit lays it out, else cut into words (a word with the spaces after
 * it), each word that fails laid out as `shapeWord` finds it can be. Leaves the
 * document in whichever font it tried last.
 */
export function shapeRun(doc: Doc, font: string, baseFont: string, text: string): Shaped[] {
  let known = cache.get(doc);
  if (!known) cache.set(doc, (known = new Map()));
  const key = `${font}\u0000${baseFont}\u0000${text}`;
  const cached = known.get(key);
  if (cached) return cached;
  doc.font(font);
  const shaped: Shaped[] = [];
  if (laysOut(doc, text)) shaped.push({ font, text });
  else {
    for (const word of text.split(/(?<=\s)(?=\S)/u)) {
      const next = shapeWord(doc, font, baseFont, word);
      const last = shaped.at(-1);
      // pdfkit lays out a text with all its features word by word, and one with features off whole: only the first
      // joins its words again without laying out anything it did not try.
      if (last && last.font === next.font && !last.featuresOff && !next.featuresOff) last.text += next.text;
      else shaped.push(next);
    }
  }
  known.set(key, shaped);
  return shaped;
}
