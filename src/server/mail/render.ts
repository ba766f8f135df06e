import { escapeHtml, renderTemplate, type PlaceholderValues } from '../../domain/placeholders';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * Fills a template's placeholders. The body is plain text with line breaks: it goes out as a text part and,
 * escaped, as an HTML part inside the shop's simple branded layout. Unknown placeholders stay visible.
 */
export function renderMail(template: { subject: string; body: string }, values: PlaceholderValues): RenderedMail {
  const subject = renderTemplate(template.subject, values, { html: false }).replace(/[\r\n]+/g, ' ');
  // Browsers submit textarea line breaks as CRLF; the layout splits paragraphs on plain LF.
  const body = template.body.replace(/\r\n?/g, '\n');
  const text = renderTemplate(body, values, { html: false });
  const htmlBody = renderTemplate(escapeHtml(body), values, { html: true }).replace(/\r\n?/g, '\n');
  return { subject, text, html: brandedLayout(escapeHtml(subject), htmlBody) };
}

function brandedLayout(subjectHtml: string, bodyHtml: string): string {
  const paragraphs = bodyHtml
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 14px">${p.replace(/\n/g, '<br>')}</p>`)
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${subjectHtml}</title></head>
<body style="margin:0;background:#fff7e6;font-family:Georgia,'Times New Roman',serif;color:#2b2118">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#8a4b08;color:#fff7e6;padding:18px 24px;font-size:22px;font-weight:bold">Ghee Shop</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5">${paragraphs}</td></tr>
<tr><td style="background:#f3e3c3;color:#6b3905;padding:14px 24px;font-size:13px">Small-batch ghee from grass-fed butter, made by our family for yours.</td></tr>
</table></td></tr></table></body></html>`;
}
