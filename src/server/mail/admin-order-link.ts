import { adminOrderPath } from '../../domain/app-routes';
import { escapeHtml } from '../../domain/placeholders';
import type { OutgoingMail } from './outbox';
import { withLeadParagraph } from './render';

/** The order's own page in the admin dashboard, for the shop's mails about it. */
export function adminOrderLink(publicUrl: string, orderid: string): string {
  return `${publicUrl}${adminOrderPath(orderid)}`;
}

const WORDS = 'Open this order in the dashboard';

/**
 * The shop's copy of a customer's mail (order placed, status changed) opens with the order's admin link, so the
 * owner goes from the mail straight to the order; the customer's copy is unchanged.
 */
export function withAdminOrderLink(mail: OutgoingMail, orderid: string, publicUrl: string): OutgoingMail {
  const link = adminOrderLink(publicUrl, orderid);
  return withLeadParagraph(mail, `${WORDS}: ${link}`, `<p><a href="${escapeHtml(link)}">${WORDS}</a></p>`);
}
