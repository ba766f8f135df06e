// The PDF of an invoice or credit note is made once, on its first print (download or mail), and stored; every later
// print sends the stored bytes. A tax document then reads and verifies the same for the customer, the shop and an
// auditor years later, whatever changed since in the layout, the fonts, pdfkit or the signing certificate
// (docs/decisions/055-signed-documents-stored-as-printed.md).
//
// A credit note voided because its refund failed is a changed fact about an issued document: from then on it is
// printed marked VOID, that print stored once in a row of its own, and the print from before the voiding is kept as
// it was handed out (docs/decisions/083-a-voided-credit-note-prints-void.md).
import type { InvoiceDocument } from '../../domain/india/invoice-document';
import type { Executor } from '../db/database';
import { nowIso } from '../db/database';
import { renderDocumentPdf } from './invoice-pdf';
import type { StoredCreditNote } from './invoice-repository';
import type { DocumentSigner } from './pdf-signing';

/** The document_pdfs key of a voided note's VOID print; a document number never holds a space. */
const voidedPrintKey = (number: string) => `${number} voided`;

async function storedPdf(db: Executor, key: string): Promise<Buffer | null> {
  const row = await db.selectFrom('document_pdfs').select('pdf').where('number', '=', key).executeTakeFirst();
  return row ? Buffer.from(row.pdf) : null;
}

/**
 * The document's PDF as first printed (a voided credit note's: as first printed once voided). The first print draws
 * it (and signs it when the shop has a certificate); two first prints at once both draw, and the first stored wins
 * for both, so every copy handed out is the same.
 */
export async function printedPdf(db: Executor, signer: DocumentSigner | null, doc: InvoiceDocument | StoredCreditNote): Promise<Buffer> {
  const voidedAt = doc.kind === 'CREDIT_NOTE' ? doc.voidedAt : undefined;
  const key = voidedAt ? voidedPrintKey(doc.number) : doc.number;
  const stored = await storedPdf(db, key);
  if (stored) return stored;
  const what = `${doc.kind === 'CREDIT_NOTE' ? 'Credit note' : 'Invoice'} ${doc.number}`;
  const s = doc.seller;
  const drawn = await renderDocumentPdf(doc, {
    signed: signer !== null,
    ...(voidedAt ? { voidedAt } : {}),
    ...(signer
      ? { signature: { reason: `${what} ${voidedAt ? 'voided' : 'issued'} by ${s.legalName}`, name: signer.signerName, location: s.city, contactInfo: s.careEmail } }
      : {}),
  });
  const pdf = signer ? await signer.sign(drawn) : drawn;
  await db
    .insertInto('document_pdfs')
    .values({ number: key, pdf, signed: signer ? 1 : 0, printed_at: nowIso() })
    .onConflict((oc) => oc.column('number').doNothing())
    .execute();
  return (await storedPdf(db, key)) ?? pdf;
}
