// Text the shop takes from elsewhere and must not refuse (a courier's scan location, its courier name, its words when
// it refuses a call) still reaches the customer's order list, the track page and the admin. It is made one plain
// line with the characters a typed one-line field refuses (single-line.ts) taken out, rather than refused: a courier
// does not read the shop's 400, and a webhook refused is sent again and again.
import { CONTROL, DIRECTION, LINE_BREAK, LONE_SURROGATE } from './single-line';

const everywhere = (pattern: RegExp) => new RegExp(pattern.source, 'gu');

// Between two words a line break or a control is a gap; anything else invisible is nothing at all.
const GAPS = [everywhere(LINE_BREAK), everywhere(CONTROL)];
// Invisible format characters: the zero-width space, the word joiner, the byte-order mark, the direction marks, the
// soft hyphen, tag characters. The zero-width joiner and non-joiner stay, as in typed fields: Indian scripts need them.
const INVISIBLE = /(?![\u200c\u200d])\p{Cf}/gu;
const DROPPED = [everywhere(DIRECTION), everywhere(LONE_SURROGATE), INVISIBLE];

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * The text as one clean line of at most `max` UTF-16 units: controls, direction controls, invisible characters and
 * broken characters taken out, every run of spaces, tabs and line breaks made one space, then cut between letters
 * (never inside one) and ended with "…" when too long.
 */
export function cleanLine(text: string, max: number): string {
  let line = text;
  for (const gap of GAPS) line = line.replace(gap, ' ');
  for (const dropped of DROPPED) line = line.replace(dropped, '');
  line = line.replace(/\s+/gu, ' ').trim();
  if (line.length <= max) return line;
  let cut = '';
  for (const { segment } of graphemes.segment(line)) {
    if (cut.length + segment.length > max - 1) break;
    cut += segment;
  }
  return `${cut.trimEnd()}…`;
}
