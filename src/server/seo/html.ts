// Escaping for the crawlable pages: product names and descriptions are the owner's text, and end up in attributes,
// in text (escapeHtml, shared with the mails) and inside <script type="application/ld+json"> blocks (below).
export { escapeHtml } from '../../domain/placeholders';

/**
 * JSON to place inside a <script> data block. A script element's text ends at the first "</script" whatever the
 * JSON means, and "<!--" changes how it is parsed, so '<', '>' and '&' are written as \u escapes (the same JSON to
 * any parser); U+2028 and U+2029 too, for older JavaScript parsers.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
