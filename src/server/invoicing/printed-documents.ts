// The PDF of an invoice or credit note is made once, on its first print (download or mail), and stored; every later
// print sends the stored bytes. A tax document then reads and verifies the same for the customer, the shop and an
// auditor years later, whatever changed since in the layout, the fonts, pdfkit or the signing certificate
// (docs/decisions/055-signed-documents-stored-as-printed.md).
import type { CreditNoteDocument, InvoiceDocument } from '../../domain/india/invoice-document';
import type { Executor } from '../db/database';
import { nowIso } from '../db/database';
import { renderDocumentPdf } from './invoice-pdf';
import type { DocumentSigner } from './pdf-signing';

async function storedPdf(db: Executor, number: string): Promise<Buffer | null> {
  const row = await db.selectFrom('document_pdfs').select('pdf').where('number', '=', number).executeTakeFirst();
  return row ? Buffer.from(row.pdf) : null;
}

/**
 * The document's PDF as first printed. The first print draws it (and signs it when the shop has a certificate);
 * two first prints at once both draw, and the first stored wins for both, so every copy handed out is the same.
 */
export async function printedPdf(db: Executor, signer: DocumentSigner | null, doc: InvoiceDocument | CreditNoteDocument): Promise<Buffer> {
  const stored = await storedPdf(db, doc.number);
  if (stored) return stored;
  const what = `${doc.kind === 'CREDIT_NOTE' ? 'Credit note' : 'Invoice'} ${doc.number}`;
  const s = doc.seller;
  const drawn = await renderDocumentPdf(doc, {
    signed: signer !== null,
    ...(signer ? { signature: { reason: `${what} issued by ${s.legalName}`, name: signer.signerName, location: s.city, contactInfo: s.careEmail } } : {}),
  });
  const pdf = signer ? await signer.sign(drawn) : drawn;
  await db
    .insertInto('document_pdfs')
    .values({ number: doc.number, pdf, signed: signer ? 1 : 0, printed_at: nowIso() })
    .onConflict((oc) => oc.column('number').doNothing())
    .execute();
  return (await storedPdf(db, doc.number)) ?? pdf;
}
