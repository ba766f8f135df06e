// The tax invoice as a mail attachment: the outbox row names the invoice's number, and the PDF is drawn from the
// stored document when the mail is sent (the same document the download route draws, so both are one PDF).
import type { Executor } from '../db/database';
import type { AttachmentRef, AttachmentResolver, MailAttachment } from '../mail/attachments';
import { renderDocumentPdf } from './invoice-pdf';
import { findInvoiceByNumber } from './invoice-repository';

/** "GS-26-27-000042.pdf": the number with its slashes (not allowed in file names) as dashes. */
export function documentFilename(number: string): string {
  return `${number.replace(/\//g, '-')}.pdf`;
}

export function invoiceAttachment(number: string): AttachmentRef {
  return { kind: 'invoice', number };
}

// The customer's mail and the shop's copy are sent one after the other: the second reuses the first's PDF.
const RECENT_PDFS = 8;

/** Makes the attachments the outbox names; an invoice that is not (or no longer) stored fails the send. */
export function createMailAttachments(db: Executor): AttachmentResolver {
  const recent = new Map<string, Promise<MailAttachment>>();
  async function make(number: string): Promise<MailAttachment> {
    const doc = await findInvoiceByNumber(db, number);
    if (!doc) throw new Error(`Invoice ${number} is not stored, so it cannot be attached.`);
    return { filename: documentFilename(number), contentType: 'application/pdf', content: await renderDocumentPdf(doc) };
  }
  return (ref) => {
    let file = recent.get(ref.number);
    if (!file) {
      file = make(ref.number);
      recent.set(ref.number, file);
      file.catch(() => recent.delete(ref.number));
      if (recent.size > RECENT_PDFS) recent.delete(recent.keys().next().value as string);
    }
    return file;
  };
}
