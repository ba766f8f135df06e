// The tax invoice as a mail attachment: the outbox row names the invoice's number, and the PDF is drawn from the
// stored document when the mail is sent (the same document the download route draws, so both are one PDF).
import type { CreditNoteDocument } from '../../domain/india/invoice-document';
import type { Executor } from '../db/database';
import type { AttachmentRef, AttachmentResolver, MailAttachment } from '../mail/attachments';
import { findCreditNoteByNumber, findInvoiceByNumber } from './invoice-repository';
import type { DocumentSigner } from './pdf-signing';
import { printedPdf } from './printed-documents';

/** "GS-26-27-000042.pdf": the number with its slashes (not allowed in file names) as dashes. */
export function documentFilename(number: string): string {
  return `${number.replace(/\//g, '-')}.pdf`;
}

/** An invoice or a credit note to attach: the outbox's 'invoice' kind names any tax document by its number. */
export function invoiceAttachment(number: string): AttachmentRef {
  return { kind: 'invoice', number };
}

/** The refund mail's paragraph about its credit note, '' when the order had no invoice to credit. */
export function creditNoteMailLine(note: Pick<CreditNoteDocument, 'number' | 'invoiceNumber'> | null): string {
  return note ? `\n\nOur credit note ${note.number} against invoice ${note.invoiceNumber} is attached; you can also open it from Your Orders.` : '';
}

/** The refund mail's attachment: its credit note, when there is one. */
export function creditNoteMailAttachment(note: Pick<CreditNoteDocument, 'number'> | null): { attachments?: AttachmentRef[] } {
  return note ? { attachments: [invoiceAttachment(note.number)] } : {};
}

// The customer's mail and the shop's copy are sent one after the other: the second reuses the first's PDF.
const RECENT_PDFS = 8;

/** Makes the attachments the outbox names; an invoice that is not (or no longer) stored fails the send. */
export function createMailAttachments(db: Executor, signer: DocumentSigner | null): AttachmentResolver {
  const recent = new Map<string, Promise<MailAttachment>>();
  async function make(number: string): Promise<MailAttachment> {
    const doc = (await findInvoiceByNumber(db, number)) ?? (await findCreditNoteByNumber(db, number));
    if (!doc) throw new Error(`Document ${number} is not stored, so it cannot be attached.`);
    return { filename: documentFilename(number), contentType: 'application/pdf', content: await printedPdf(db, signer, doc) };
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
