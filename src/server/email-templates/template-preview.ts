import { withOrderPrefix } from '../../domain/display';
import { SAMPLE_PLACEHOLDER_VALUES, placeholderValuesForOrder } from '../../domain/placeholders';
import type { TemplatePreviewInput } from '../../domain/schemas/email-template';
import type { DB } from '../db/database';
import { renderMail } from '../mail/render';
import { findOrderByOrderId } from '../orders/order-repository';
import { orderNotFound } from './status-mail-service';

export interface TemplatePreview {
  subject: string;
  /** The text part, exactly as the customer's mail program shows it. */
  body: string;
  /** The HTML part inside the branded layout, for an iframe preview. */
  html: string;
}

/** Renders a template as a mail would be sent: from a named order, or from sample values when none is named. */
export async function previewTemplate(db: DB, input: TemplatePreviewInput): Promise<TemplatePreview> {
  let values = SAMPLE_PLACEHOLDER_VALUES;
  if (input.orderid) {
    const orderid = withOrderPrefix(input.orderid);
    const order = await findOrderByOrderId(db, orderid);
    if (!order) throw orderNotFound(orderid);
    values = placeholderValuesForOrder(order);
  }
  const mail = renderMail({ subject: input.subject, body: input.body }, values);
  return { subject: mail.subject, body: mail.text, html: mail.html };
}
