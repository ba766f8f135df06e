import { describe, expect, it } from 'vitest';
import { pdfPageCount, readPage, renderPdfGrey } from '../../../tests/support/barcode-scan';
import { pdfText, pdfWords, type PdfWord } from '../../../tests/support/pdf-text';
import { ADDRESS_MAX, NAME_MAX, REGION_MAX } from '../../domain/constants';
import { barcodeModule, drawLabelPdf, type LabelInput } from './label-pdf';

const label = (awb: string): LabelInput => ({
  courier: 'Sandbox Express',
  awb,
  orderNumber: 'GS-1042',
  orderDate: '2026-11-27T05:00:00.000Z',
  from: { name: 'Nandi Dairy', address: '14 Dairy Circle', city: 'Bengaluru', state: 'Karnataka', pincode: '560029', phone: '8041234567', email: 'care@nandi.example' },
  to: { name: 'Asha Verma', address: '12 Temple Street', city: 'Bengaluru Urban', state: 'Karnataka', pincode: '560001', phone: '9876543210', email: 'asha@example.in' },
  codAmount: 2038,
  weightGrams: 1210,
  items: ['2 × A2 Desi Cow Ghee 500 ml'],
});

// The label is 288 points (4 inches) wide with 14-point margins; it is read back at 300 dpi, as a print would be.
const DPI = 300;
const px = (points: number) => (points * DPI) / 72;
const points = (pixels: number) => (pixels * 72) / DPI;
const TWO_DOTS_AT_203_DPI = (2 * 72) / 203;

async function scan(awb: string) {
  const pdf = await drawLabelPdf(label(awb));
  const reads = readPage(renderPdfGrey(pdf, DPI));
  return { pdf, reads, texts: [...new Set(reads.map((r) => r.text))] };
}

describe('the shop-drawn shipping label', () => {
  it('carries the AWB as a Code 128 barcode that reads back from the printed page, its letters beneath', async () => {
    const { pdf, reads, texts } = await scan('SBX123456789012');
    expect(texts).toEqual(['SBX123456789012']);
    // Every pixel row through the bars reads, not a lucky one: the bars are 39 points tall.
    expect(reads.length).toBeGreaterThan(px(39) - 4);
    for (const read of reads) {
      // Inside the label's margins with quiet zones to spare, and bars no thinner than a thermal printer can print.
      expect(read.left - 10 * read.modulePx).toBeGreaterThanOrEqual(px(14) - 1);
      expect(read.right + 10 * read.modulePx).toBeLessThanOrEqual(px(288 - 14) + 1);
      expect(points(read.modulePx)).toBeGreaterThanOrEqual(TWO_DOTS_AT_203_DPI - 0.05);
    }
    expect(pdfText(pdf)).toContain('SBX123456789012');
  });

  it('still fits a long AWB: 28 letters at the narrowest printable bar, 40 digits in pairs', async () => {
    for (const awb of ['ABCDEFGHJKLMNPQRSTUVWXYZ-ABC', '1234567890'.repeat(4)]) {
      const { reads, texts } = await scan(awb);
      expect(texts).toEqual([awb]);
      expect(reads.length).toBeGreaterThan(px(39) - 4);
      const widest = reads.reduce((a, b) => (b.right - b.left > a.right - a.left ? b : a));
      expect(widest.left - 10 * widest.modulePx).toBeGreaterThanOrEqual(px(14) - 1);
      expect(widest.right + 10 * widest.modulePx).toBeLessThanOrEqual(px(288 - 14) + 1);
      expect(points(widest.modulePx)).toBeGreaterThanOrEqual(TWO_DOTS_AT_203_DPI - 0.05);
    }
  });

  it('says so, on one page, when the AWB is too long for bars a printer can print', async () => {
    const awb = 'ABCDEFGHJKLMNPQRSTUVWXYZ-ABCDEFGHJKLMNPQ';
    const { pdf, reads } = await scan(awb);
    expect(reads).toEqual([]);
    const text = pdfText(pdf);
    expect(text).toContain('Too long to print as a barcode: type this AWB in.');
    expect(text).toContain(awb);
    expect(pdfPageCount(pdf)).toBe(1);
  });
});

describe('the label with a very long return address', () => {
  it('cuts the address short, keeps its phone, and stays one page', async () => {
    const lane = 'Survey No 45/2, Behind Government School, Kanakapura Main Road, Thalaghattapura, Bengaluru South Taluk';
    const long = label('SBX123456789012');
    const pdf = await drawLabelPdf({ ...long, from: { ...long.from, address: [lane, lane, lane].join(', ') } });
    expect(pdfPageCount(pdf)).toBe(1);
    expect(pdfText(pdf)).toContain('Phone 8041234567');
  });
});

// The longest texts the address rules allow (the state is one of the 36 names, and this is the longest of them), in
// words of the widest letters Noto Sans has, and in ordinary words.
const fill = (word: string, length: number) => `${word} `.repeat(Math.ceil(length / (word.length + 1))).slice(0, length).trim().padEnd(length, 'm');
const LONGEST_STATE = 'Dadra and Nagar Haveli and Daman and Diu';
const widest = { name: fill('Wmmmmmmm', NAME_MAX), address: fill('Mmmmmmmmmmmmmmm', ADDRESS_MAX), city: fill('Wmmmmmmmmmm', REGION_MAX) };
const wordy = {
  name: fill('Venkatasubramanian Ramachandran', NAME_MAX),
  address: fill('Flat 1204, Tower B, Prestige Lakeside Habitat, Varthur Main Road, Gunjur Palya, Near Shell Petrol Pump', ADDRESS_MAX),
  city: fill('Bengaluru Urban District', REGION_MAX),
};

/** The "DELIVER TO" block's words, and the line that follows it ("Collect …" or "Prepaid …"). */
function deliverTo(words: PdfWord[]) {
  const heading = words.find((w) => w.text === 'DELIVER');
  const collect = words.find((w) => w.text === 'Collect' || w.text === 'Prepaid:');
  if (!heading || !collect) throw new Error('The label has no "DELIVER TO" heading or no collect line');
  const onCollectLine = (w: PdfWord) => Math.abs(w.yMin - collect.yMin) < 1;
  const block = words.filter((w) => w.page === 1 && w.yMin > heading.yMax - 1 && w.yMin < collect.yMax && !onCollectLine(w));
  const word = (text: string) => {
    const found = block.filter((w) => w.text === text);
    expect(found, `"${text}" once in the DELIVER TO block`).toHaveLength(1);
    return found[0] as PdfWord;
  };
  return { collect, block, word };
}

describe('the label with the longest address a customer can give', () => {
  it.each([
    ['in the widest letters', widest],
    ['in ordinary words', wordy],
    // The form's address is one line, but the API takes any text.
    ['with a line break after every letter', { ...wordy, address: `${'B\n'.repeat(ADDRESS_MAX / 2 - 1)}BB` }],
  ])('keeps the PIN and phone whole above the collect line, on one page (%s)', async (_, longest) => {
    const normal = label('SBX123456789012');
    const pdf = await drawLabelPdf({ ...normal, to: { ...normal.to, ...longest, state: LONGEST_STATE } });
    expect(longest.name).toHaveLength(NAME_MAX);
    expect(longest.address).toHaveLength(ADDRESS_MAX);
    expect(longest.city).toHaveLength(REGION_MAX);
    expect(pdfPageCount(pdf)).toBe(1);

    const { collect, block, word } = deliverTo(pdfWords(pdf));
    const usual = deliverTo(pdfWords(await drawLabelPdf(normal)));
    // Nothing in the block reaches down into the collect line: no text printed over other text.
    for (const w of block) expect(w.yMax, `"${w.text}" ends above the collect line`).toBeLessThanOrEqual(collect.yMin + 0.5);
    // The PIN and phone are printed whole and as large as on a label with a short address.
    for (const text of ['PIN', '560001', 'Phone', '9876543210']) {
      const [long, short] = [word(text), usual.word(text)];
      expect(long.yMax - long.yMin).toBeCloseTo(short.yMax - short.yMin, 1);
      expect(long.xMax - long.xMin).toBeCloseTo(short.xMax - short.xMin, 1);
    }
    // Name and address are no smaller than 7 points: Noto Sans's box is 1.36 times its size.
    for (const w of block) expect(w.yMax - w.yMin, `"${w.text}" is at least 7 points`).toBeGreaterThanOrEqual(7 * 1.36 - 0.05);
    // The name and address start on the label, whatever is cut from their ends.
    for (const text of [longest.name, longest.address]) {
      const first = text.split(/\s/)[0] ?? '';
      expect(block.some((w) => w.text.startsWith(first)), `"${first}" is on the label`).toBe(true);
    }
  });
});

describe('barcodeModule', () => {
  it('is the widest whole number of 203 dpi dots that fits the bars and both quiet zones, and never under two', () => {
    const dot = 72 / 203;
    // 145 modules and 20 of quiet zone in 260 points: 1.58 points a module, which is 4 whole dots.
    expect(barcodeModule(145, 260)).toBeCloseTo(4 * dot, 9);
    // 343 + 20 modules: 0.716 points, just over two dots.
    expect(barcodeModule(343, 260)).toBeCloseTo(2 * dot, 9);
    // One symbol more and two dots no longer fit.
    expect(barcodeModule(354, 260)).toBeNull();
  });
});
