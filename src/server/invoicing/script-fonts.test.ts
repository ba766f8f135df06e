import { describe, expect, it, vi } from 'vitest';
import type { PdfDocumentClass } from './pdf-library';
import { drawText, heightOfText, REGULAR } from './script-fonts';

type Doc = InstanceType<PdfDocumentClass>;

describe('drawText and heightOfText on a text without Indian scripts', () => {
  it("call pdfkit's text and heightOfString with exactly the arguments given, so the page is drawn as before", () => {
    const text = vi.fn(() => doc);
    const heightOfString = vi.fn(() => 12);
    // Measured first, to see that pdfkit can lay the text out in the font (script-shaping.ts).
    const widthOfString = vi.fn(() => 50);
    const doc = { text, heightOfString, widthOfString } as unknown as Doc;
    drawText(doc, REGULAR, 'Asha Verma', 40, 120, { width: 300 });
    drawText(doc, REGULAR, '12 Temple Street', { width: 300, height: 40, ellipsis: true });
    drawText(doc, REGULAR, 'आशा वर्मा ₹1,199', 40, 140);
    expect(heightOfText(doc, REGULAR, 'Ghee (500 ml)', { width: 120 })).toBe(12);
    expect(text.mock.calls).toEqual([
      ['Asha Verma', 40, 120, { width: 300 }],
      ['12 Temple Street', { width: 300, height: 40, ellipsis: true }],
      ['आशा वर्मा ₹1,199', 40, 140],
    ]);
    expect(heightOfString.mock.calls).toEqual([['Ghee (500 ml)', { width: 120 }]]);
  });
});
