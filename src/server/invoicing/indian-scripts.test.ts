import { describe, expect, it } from 'vitest';
import { buildInvoiceDocument, type InvoiceSource } from '../../domain/india/invoice-document';
import { businessSchema } from '../../domain/schemas/business';
import { lettersOf, pdfFonts, pdfText, pdfWords } from '../../../tests/support/pdf-text';
import { KARNATAKA_BUSINESS } from '../business/test-business';
import { renderDocumentPdf } from './invoice-pdf';

const business = businessSchema.parse(KARNATAKA_BUSINESS);

// A buyer, an address and a product name typed in the script of the buyer's state; the Kannada has conjuncts
// (ಶ್ರೀ, ಸ್ಥಾ, ಸ್ತೆ, ಕ್ಷೇ, ಪ್ಪ) and a vowel sign that is drawn as two glyphs (ೀ).
const typed = {
  kannada: { name: 'ಆಶಾ ಶ್ರೀನಿವಾಸ್', address: '12 ದೇವಸ್ಥಾನ ರಸ್ತೆ, ಕ್ಷೇತ್ರ ನಗರ', district: 'ಬೆಂಗಳೂರು', product: 'ತುಪ್ಪ', font: 'NotoSansKannada' },
  tamil: { name: 'ஆஷா கிருஷ்ணன்', address: '12 கோயில் தெரு', district: 'சென்னை', product: 'நெய்', font: 'NotoSansTamil' },
  latin: { name: 'Asha Verma', address: '12 Temple Street', district: 'Bangalore', product: 'A2 Ghee', font: '' },
};

async function invoiceIn(t: (typeof typed)[keyof typeof typed], seller = business): Promise<Buffer> {
  const source: InvoiceSource = {
    orderid: 'order_1',
    orderDate: '2026-11-02T10:00:00.000+05:30',
    totalAmount: 1199,
    buyer: { name: t.name, address: t.address, district: t.district, state: 'Karnataka', pincode: '560001', mobilenumber: '9876543210', email: 'a@b.in' },
    lines: [{ name: t.product, sizeMl: 500, unitPrice: 1199, itemQty: 1, hsn: '04059020', gstRate: 5 }],
  };
  return renderDocumentPdf(buildInvoiceDocument(source, seller, 'GS/26-27/000001', '2026-11-02T11:00:00.000+05:30'));
}

/** Every word of `expected` is a word of the PDF's text, as the same letters (see lettersOf for why not in order). */
function expectWords(text: string, expected: string) {
  const read = new Set(text.split(/\s+/).map(lettersOf));
  for (const word of expected.split(/\s+/)) expect(read.has(lettersOf(word)), `"${word}" reads back from the PDF`).toBe(true);
}

describe('an invoice to a buyer who writes in an Indian script', () => {
  it.each([['kannada' as const], ['tamil' as const]])('embeds the Noto font of the script and reads back as typed (%s)', async (script) => {
    const t = typed[script];
    const pdf = await invoiceIn(t);
    // The bold name and the regular address, each in the script's font of that weight, beside Noto Sans.
    expect(pdfFonts(pdf)).toEqual(expect.arrayContaining(['NotoSans-Regular', 'NotoSans-Bold', `${t.font}-Regular`, `${t.font}-Bold`]));
    const text = pdfText(pdf);
    // The address line as the invoice composes it, and the line's description.
    expectWords(text, `${t.name} ${t.address}, ${t.district}, Karnataka 560001 ${t.product} (500 ml)`);
  });

  it('embeds Noto Sans alone for a buyer who writes in Latin letters', async () => {
    const pdf = await invoiceIn(typed.latin);
    expect(pdfFonts(pdf).sort()).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);
    expect(pdfText(pdf)).toContain('12 Temple Street, Bangalore, Karnataka 560001');
  });
});

describe('an invoice from a shop that writes its own details in Kannada', () => {
  const seller = businessSchema.parse({ ...KARNATAKA_BUSINESS, legalName: 'ನಂದಿ ಡೈರಿ Foods ಪ್ರೈವೇಟ್ ಲಿಮಿಟೆಡ್', signatoryName: 'ಲಕ್ಷ್ಮಿ ರಾವ್' });

  it('sets the right-aligned "For …" and signatory lines as one line each, ending at the right margin', async () => {
    const pdf = await invoiceIn(typed.latin, seller);
    expectWords(pdfText(pdf), `${seller.legalName} For ${seller.legalName} ಲಕ್ಷ್ಮಿ ರಾವ್ Director`);
    const words = pdfWords(pdf);
    const forWord = words.find((w) => w.text === 'For');
    if (!forWord) throw new Error('The invoice has no "For <legal name>" line');
    // The words of the line, left to right: each starts after the one before ends, and the last ends at the margin
    // (595.28 − 40). Runs aligned one by one, as pdfkit's continued text does, would be drawn over one another.
    const line = words.filter((w) => Math.abs(w.yMin - forWord.yMin) < 3 && w.xMin >= forWord.xMin).sort((a, b) => a.xMin - b.xMin);
    expect(line.map((w) => lettersOf(w.text))).toEqual(`For ${seller.legalName}`.split(' ').map(lettersOf));
    for (let i = 1; i < line.length; i++) expect(line[i]?.xMin ?? 0).toBeGreaterThan(line[i - 1]?.xMax ?? Infinity);
    expect(line.at(-1)?.xMax ?? 0).toBeCloseTo(555.28, 0);
  });
});
