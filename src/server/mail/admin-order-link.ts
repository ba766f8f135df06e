import { adminOrderPath } from '../../domain/app-routes';
import { escapeHtml } from '../../domain/placeholders';
import type { OutgoingMail } from './outbox';

/** The order's own page in the admin dashboard, for the shop's mails about it. */
export function adminOrderLink(publicUrl: string, orderid: string): string {
  return `${publicUrl}${adminOrderPath(orderid)}`;
}

const WORDS = 'Open this order in the dashboard:';

/**
 * The shop's copy of a customer's mail (order placed, status changed) opens with the order's admin link, so the
 * owner goes from the mail straight to the order; the customer's copy is unchanged. Without the shop's public URL
 * (a caller that has none) the mails stay as they are.
 */
export function withAdminOrderLink(mail: OutgoingMail, orderid: string, publicUrl: string | undefined): OutgoingMail {
  if (!publicUrl) return mail;
  const link = adminOrderLink(publicUrl, orderid);
  return {
    ...mail,
    text: `${WORDS} ${link}\n\n${mail.text}`,
    html: mail.html ? withParagraph(mail.html, `<p><a href="${escapeHtml(link)}">${WORDS.slice(0, -1)}</a></p>`) : (mail.html ?? null),
  };
}

/**
 * Before the mail's first paragraph, inside its layout, on a line of its own, so the rest of the mail stays the
 * lines of the copy without it (encoded once for both); at the top when it has none.
 */
export function withParagraph(html: string, paragraph: string): string {
  const at = html.indexOf('<p');
  return at < 0 ? `${paragraph}\n${html}` : `${html.slice(0, at)}${paragraph}\n${html.slice(at)}`;
}
