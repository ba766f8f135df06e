// The name a document is printed under, which the law sets by what it bills.
import { isNilRated } from './gst-tax';
import type { CreditNoteDocument, InvoiceDocument } from './invoice-document';

/**
 * Goods at 0% GST are an exempt supply in the Act's sense (nil-rated included), billed by a bill of supply (CGST rule
 * 49) even from a registered seller; taxed and 0% goods to a buyer without a GSTIN may share one "invoice-cum-bill of
 * supply" (rule 46A). The number and the stored kind stay the tax invoice's: only the printed name follows the lines.
 */
export function documentName(doc: InvoiceDocument | CreditNoteDocument): string {
  if (doc.kind === 'CREDIT_NOTE') return 'CREDIT NOTE';
  if (doc.kind === 'BILL_OF_SUPPLY') return 'BILL OF SUPPLY';
  const nil = doc.lines.filter(isNilRated).length;
  if (nil === 0) return 'TAX INVOICE';
  if (nil === doc.lines.length) return 'BILL OF SUPPLY';
  return doc.buyer.gstin ? 'TAX INVOICE' : 'INVOICE-CUM-BILL OF SUPPLY';
}
