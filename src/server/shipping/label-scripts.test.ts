import { describe, expect, it } from 'vitest';
import { lettersOf, pdfFonts, pdfText, pdfWords } from '../../../tests/support/pdf-text';
import { pdfPageCount } from '../../../tests/support/barcode-scan';
import { ADDRESS_MAX, NAME_MAX, REGION_MAX } from '../../domain/constants';
import { drawLabelPdf, type LabelInput } from './label-pdf';

const label = (to: { name: string; address: string; city: string }, item: string): LabelInput => ({
  courier: 'Sandbox Express',
  awb: 'SBX123456789012',
  orderNumber: 'GS-1042',
  orderDate: '2026-11-27T05:00:00.000Z',
  from: { name: 'ನಂದಿ ಡೈರಿ', address: '14 ಡೈರಿ ವೃತ್ತ', city: 'Bengaluru', state: 'Karnataka', pincode: '560029', phone: '8041234567', email: 'care@nandi.example' },
  to: { ...to, state: 'Karnataka', pincode: '560001', phone: '9876543210', email: 'asha@example.in' },
  codAmount: 2038,
  weightGrams: 1210,
  items: [`2 × ${item} 500 ml`],
});

const kannada = { name: 'ಆಶಾ ಶ್ರೀನಿವಾಸ್', address: '12 ದೇವಸ್ಥಾನ ರಸ್ತೆ, ಕ್ಷೇತ್ರ ನಗರ', city: 'ಬೆಂಗಳೂರು' };
const tamil = { name: 'ஆஷா கிருஷ்ணன்', address: '12 கோயில் தெரு', city: 'சென்னை' };

/** Every word of `expected` is a word of the PDF's text, as the same letters (pdftotext reorders Indian marks). */
function expectWords(pdf: Buffer, expected: string) {
  const read = new Set(pdfText(pdf).split(/\s+/).map(lettersOf));
  for (const word of expected.split(/\s+/)) expect(read.has(lettersOf(word)), `"${word}" reads back from the label`).toBe(true);
}

describe('a shipping label to an address in an Indian script', () => {
  it.each([
    ['Kannada', kannada, 'ತುಪ್ಪ', 'NotoSansKannada'],
    ['Tamil', tamil, 'நெய்', 'NotoSansTamil'],
  ])('prints the %s name, address, city and item in the script font, readable back', async (_, to, item, font) => {
    const pdf = await drawLabelPdf(label(to, item));
    expect(pdfFonts(pdf)).toEqual(expect.arrayContaining([`${font}-Regular`, `${font}-Bold`]));
    expectWords(pdf, `${to.name} ${to.address} ${to.city}, Karnataka PIN 560001 Phone 9876543210 2 × ${item} 500 ml`);
    // The return address, typed by the owner in Kannada.
    expectWords(pdf, 'ನಂದಿ ಡೈರಿ 14 ಡೈರಿ ವೃತ್ತ, Bengaluru, Karnataka 560029');
    expect(pdfPageCount(pdf)).toBe(1);
  });

  it('embeds Noto Sans alone when everything is in Latin letters', async () => {
    const latin = label({ name: 'Asha Verma', address: '12 Temple Street', city: 'Bengaluru Urban' }, 'A2 Desi Cow Ghee');
    const pdf = await drawLabelPdf({ ...latin, from: { ...latin.from, name: 'Nandi Dairy', address: '14 Dairy Circle' } });
    expect(pdfFonts(pdf).sort()).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);
  });

  it('fits the longest Kannada address above the collect line, measured in the font it is drawn in', async () => {
    // Wide Kannada letters, wider than the empty box Noto Sans would measure them as, and Latin capitals on every
    // line, which then is as tall as both fonts ask (18% more than Noto Sans's alone): measured in Noto Sans, the
    // block would run into the collect line.
    const fill = (word: string, length: number) => `${word} `.repeat(length).slice(0, length).trim();
    const to = { name: fill('ಮಮಮW', NAME_MAX), address: fill('ಮಮಮW', ADDRESS_MAX), city: fill('ಮಮಮW', REGION_MAX) };
    const pdf = await drawLabelPdf(label(to, 'ತುಪ್ಪ'));
    expect(pdfPageCount(pdf)).toBe(1);
    const words = pdfWords(pdf);
    const heading = words.find((w) => w.text === 'DELIVER');
    const collect = words.find((w) => w.text === 'Collect');
    if (!heading || !collect) throw new Error('The label has no "DELIVER TO" heading or no collect line');
    // Every word between the heading and the collect line's foot but on that line itself: one printed into it stays.
    const block = words.filter((w) => w.yMin > heading.yMax - 1 && w.yMin < collect.yMax && Math.abs(w.yMin - collect.yMin) >= 1);
    // The PIN and phone are there, whole, and nothing of the block reaches into the collect line.
    for (const text of ['PIN', '560001', 'Phone', '9876543210']) expect(block.some((w) => w.text === text), text).toBe(true);
    for (const w of block) expect(w.yMax, `"${w.text}" ends above the collect line`).toBeLessThanOrEqual(collect.yMin + 0.5);
  });
});
