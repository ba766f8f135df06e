import { linkAddresses } from './links';
import { escapeHtml, PLACEHOLDER_KEYS, renderTemplate, type PlaceholderKey, type PlaceholderValues } from '../../domain/placeholders';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface MailTemplate {
  subject: string;
  body: string;
}

/**
 * Fills a template's placeholders. The body is plain text with line breaks: it goes out as a text part and,
 * escaped, as an HTML part inside the shop's simple branded layout, where web, mail and phone addresses the
 * template itself spells are links. A value filled into a placeholder is never linked: values come from strangers
 * (a name typed at checkout), and a live link in a genuine shop mail would lend it the shop's credibility.
 * Unknown placeholders stay visible.
 *
 * A template is taken apart once per version (its text) and kept; a mail then only joins its pieces with the
 * values (see `compiled`).
 */
export function renderMail(template: MailTemplate, values: PlaceholderValues): RenderedMail {
  const compiled = compiledTemplate(template);
  if (compiled && compiled.keys.every((key) => values[key] !== undefined)) return compiled.fill(values);
  return renderMailOnce(template, values);
}

/** The rendering itself, in one pass over the template's text: the reference the compiled form must equal. */
export function renderMailOnce(template: MailTemplate, values: PlaceholderValues): RenderedMail {
  const subject = renderTemplate(template.subject, values, { html: false });
  // Browsers submit textarea line breaks as CRLF; the layout splits paragraphs on plain LF.
  const body = template.body.replace(/\r\n?/g, '\n');
  const text = renderTemplate(body, values, { html: false });
  const htmlBody = renderTemplate(escapeHtml(body), values, { html: true, literal: linkAddresses });
  return finish(subject, text, htmlBody);
}

/** What follows the filling of placeholders, the same for both ways of filling them. */
function finish(subject: string, text: string, htmlBody: string): RenderedMail {
  const oneLineSubject = subject.replace(/[\r\n]+/g, ' ');
  return { subject: oneLineSubject, text, html: brandedLayout(escapeHtml(oneLineSubject), htmlBody.replace(/\r\n?/g, '\n')) };
}

interface CompiledTemplate {
  /** The placeholders the template uses; a mail missing one of them is rendered the slow way (it shows the token). */
  keys: PlaceholderKey[];
  fill(values: PlaceholderValues): RenderedMail;
}

// Template versions in use at once: the order mail's, a few status mails', the account mails'; previews add more.
const COMPILED_MAX = 64;
const compiledTemplates = new Map<string, CompiledTemplate | null>();

// A placeholder rendered as a marker that cannot occur in a template (NUL is refused in every request) is found
// again by splitting: whatever syntax renderTemplate accepts for a placeholder, the pieces follow it exactly.
const marker = (index: number) => `\u0000${index}\u0000`;
const MARKERS = Object.fromEntries(PLACEHOLDER_KEYS.map((key, i) => [key, marker(i)])) as Record<PlaceholderKey, string>;
// eslint-disable-next-line no-control-regex
const MARKER_SPLIT = /\u0000(\d+)\u0000/;

/** Alternating literal text and placeholder keys: [text, key, text, key, …, text]. */
function pieces(rendered: string): { texts: string[]; keys: PlaceholderKey[] } {
  const parts = rendered.split(MARKER_SPLIT);
  const texts: string[] = [];
  const keys: PlaceholderKey[] = [];
  parts.forEach((part, i) => (i % 2 === 0 ? texts.push(part) : keys.push(PLACEHOLDER_KEYS[Number(part)] as PlaceholderKey)));
  return { texts, keys };
}

function join(template: { texts: string[]; keys: PlaceholderKey[] }, value: (key: PlaceholderKey) => string): string {
  let out = template.texts[0] ?? '';
  for (let i = 0; i < template.keys.length; i += 1) out += value(template.keys[i] as PlaceholderKey) + (template.texts[i + 1] ?? '');
  return out;
}

function compiledTemplate(template: MailTemplate): CompiledTemplate | null {
  const cacheKey = `${template.subject}\u0000${template.body}`;
  const cached = compiledTemplates.get(cacheKey);
  if (cached !== undefined) return cached;
  const compiled = compile(template);
  compiledTemplates.set(cacheKey, compiled);
  if (compiledTemplates.size > COMPILED_MAX) compiledTemplates.delete(compiledTemplates.keys().next().value as string);
  return compiled;
}

function compile(template: MailTemplate): CompiledTemplate | null {
  if (template.subject.includes('\u0000') || template.body.includes('\u0000')) return null;
  const body = template.body.replace(/\r\n?/g, '\n');
  const subject = pieces(renderTemplate(template.subject, MARKERS, { html: false }));
  const text = pieces(renderTemplate(body, MARKERS, { html: false }));
  const escaped = pieces(renderTemplate(escapeHtml(body), MARKERS, { html: true }));
  const html = { texts: escaped.texts.map(linkAddresses), keys: escaped.keys };
  const keys = [...new Set([...subject.keys, ...text.keys, ...html.keys])];
  return {
    keys,
    fill(values) {
      const plain = (key: PlaceholderKey) => values[key] ?? '';
      return finish(join(subject, plain), join(text, plain), join(html, (key) => escapeHtml(values[key] ?? '')));
    },
  };
}

/**
 * Opens a mail with a line of its own: the text part starts with `textLine`, and the HTML part with `htmlParagraph`
 * before its first paragraph, inside the layout and on a line of its own, so the rest of the mail stays the lines of
 * the copy without it (encoded once for both, mime.ts); at the top when it has none.
 */
export function withLeadParagraph<M extends { text: string; html?: string | null }>(mail: M, textLine: string, htmlParagraph: string): M {
  const text = `${textLine}\n\n${mail.text}`;
  const html = mail.html;
  if (!html) return { ...mail, text, html: html ?? null };
  const at = html.indexOf('<p');
  return { ...mail, text, html: at < 0 ? `${htmlParagraph}\n${html}` : `${html.slice(0, at)}${htmlParagraph}\n${html.slice(at)}` };
}

function brandedLayout(subjectHtml: string, bodyHtml: string): string {
  const paragraphs = bodyHtml
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 14px">${p.replace(/\n/g, '<br>')}</p>`)
    // A paragraph a line: the lines the mails of an order share are encoded once (mime.ts).
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${subjectHtml}</title></head>
<body style="margin:0;background:#fff7e6;font-family:Georgia,'Times New Roman',serif;color:#2b2118">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#8a4b08;color:#fff7e6;padding:18px 24px;font-size:22px;font-weight:bold">Ghee Shop</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5">
${paragraphs}
</td></tr>
<tr><td style="background:#f3e3c3;color:#6b3905;padding:14px 24px;font-size:13px">Small-batch ghee from grass-fed butter, made by our family for yours.</td></tr>
</table></td></tr></table></body></html>`;
}
