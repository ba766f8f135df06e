// The room for a PAdES signature inside a PDF that pdfkit draws; pdf-signing.ts fills it once the file is whole.
import type PDFKit from 'pdfkit';
import { SIGNATURE_BYTES, type SignatureFields } from './pdf-signing';

type Doc = PDFKit.PDFDocument;

// pdfkit's references take an optional last chunk; its type declarations make it required.
const finish = (ref: PDFKit.PDFKitReference) => (ref as unknown as { end(): void }).end();

/**
 * The signature's dictionary with its byte range and contents left blank (@signpdf finds them by these markers and
 * fills them once the file is whole), an invisible signature field on the first page, and the form that holds it.
 */
export function addSignaturePlaceholder(pdf: Doc, fields: SignatureFields, firstPage: Doc['page']) {
  const blank = '**********';
  const signature = pdf.ref({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: 'ETSI.CAdES.detached',
    ByteRange: [0, blank, blank, blank],
    Contents: Buffer.alloc(SIGNATURE_BYTES),
    Reason: new String(fields.reason),
    M: new Date(),
    Name: new String(fields.name),
    Location: new String(fields.location),
    ContactInfo: new String(fields.contactInfo),
  });
  finish(signature);
  const widget = pdf.ref({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    Rect: [0, 0, 0, 0],
    V: signature,
    T: new String('Signature1'),
    F: 4,
    P: firstPage.dictionary,
  });
  finish(widget);
  firstPage.annotations.push(widget);
  // pdfkit's own form, which it finishes in end(): signatures exist, and the file is only ever appended to.
  pdf.initForm();
  const form = (pdf as unknown as { _root: { data: { AcroForm: { data: Record<string, unknown> & { Fields: unknown[] } } } } })._root.data.AcroForm;
  form.data.SigFlags = 3;
  delete form.data.NeedAppearances;
  form.data.Fields.push(widget);
}
