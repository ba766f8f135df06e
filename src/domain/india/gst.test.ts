import { describe, expect, it } from 'vitest';
import { EMPTY_FOOD_LABEL } from '../schemas/food-label';
import { rupeesInWords, numberInWords } from './amount-in-words';
import { stateCodeOf } from './gst-states';
import { financialYearOf, formatPaise, GST_RATES, splitLineTax, sumSplits, documentNumber } from './gst-tax';
import { gstinCheckCharacter, gstinProblem } from './gstin';

describe('GSTIN check', () => {
  it('accepts real-shaped GSTINs whose check character matches', () => {
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem('29AAGCB7383J1Z4')).toBeNull();
  });
  it('finds every single mistyped character', () => {
    const good = '27AAPFU0939F1ZV';
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (const wrong of alphabet) {
      if (wrong === 'V') continue;
      expect(gstinProblem(good.slice(0, 14) + wrong)).toBe('check');
    }
    // A changed PAN letter moves the check character too.
    expect(gstinCheckCharacter('27AAPFV0939F1Z')).not.toBe('V');
  });
  it('tells a bad shape and an unknown state apart from a bad check character', () => {
    expect(gstinProblem('27AAPFU0939F1Z')).toBe('format');
    expect(gstinProblem('27aapfu0939f1zv')).toBe('format');
    expect(gstinProblem('27AAPFU0939F1XV')).toBe('format');
    const noState = '99AAPFU0939F1Z';
    expect(gstinProblem(noState + gstinCheckCharacter(noState))).toBe('state');
  });
});

describe('states', () => {
  it('reads the state a customer typed', () => {
    expect(stateCodeOf('Karnataka')).toBe('29');
    expect(stateCodeOf(' tamil nadu ')).toBe('33');
    expect(stateCodeOf('Tamilnadu')).toBe('33');
    expect(stateCodeOf('Andhra Pradesh')).toBe('37');
    expect(stateCodeOf('Atlantis')).toBeNull();
  });
});

describe('tax carved out of an inclusive price', () => {
  it('rounds the taxable value half up to the paisa at every rate', () => {
    // ₹105.00 at 5%: exactly ₹100.00 taxable.
    expect(splitLineTax({ grossPaise: 10500, rate: 5 }, false)).toEqual({
      taxablePaise: 10000, cgstPaise: 250, sgstPaise: 250, igstPaise: 0, taxPaise: 500,
    });
    // ₹1 at 5%: 100/1.05 = 95.238 → 95; tax 5 is odd, so its odd paisa goes to the taxable value: 96 + 2 + 2.
    expect(splitLineTax({ grossPaise: 100, rate: 5 }, false)).toEqual({ taxablePaise: 96, cgstPaise: 2, sgstPaise: 2, igstPaise: 0, taxPaise: 4 });
    // Across state lines the same rupee keeps its 5 paise of IGST.
    expect(splitLineTax({ grossPaise: 100, rate: 5 }, true)).toMatchObject({ taxablePaise: 95, igstPaise: 5 });
    // 21 paise at 5%: 20.0 exactly; 41 paise at 5%: 39.047 → 39; 2 paise at 18%: 1.694 → 2 (half up, not down).
    expect(splitLineTax({ grossPaise: 41, rate: 5 }, true).taxablePaise).toBe(39);
    expect(splitLineTax({ grossPaise: 2, rate: 18 }, true).taxablePaise).toBe(2);
    // 57 paise at 12%: 50.89 → 51.
    expect(splitLineTax({ grossPaise: 57, rate: 12 }, true).taxablePaise).toBe(51);
    // 3 paise at 0%: no tax at all.
    expect(splitLineTax({ grossPaise: 3, rate: 0 }, false)).toMatchObject({ taxablePaise: 3, taxPaise: 0 });
    // Exactly half a paisa rounds up: 16 paise at 28% is 12.5 paise taxable → 13.
    expect(splitLineTax({ grossPaise: 16, rate: 28 }, true).taxablePaise).toBe(13);
  });

  it('always keeps halves summing to the tax and lines summing to the total (random carts, every rate)', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let cart = 0; cart < 2000; cart += 1) {
      const interState = random() < 0.5;
      const lines = Array.from({ length: 1 + Math.floor(random() * 8) }, () => ({
        grossPaise: 100 * (1 + Math.floor(random() * 5000)) * (1 + Math.floor(random() * 10)),
        rate: GST_RATES[Math.floor(random() * GST_RATES.length)] as number,
      }));
      const splits = lines.map((l) => splitLineTax(l, interState));
      for (const [i, s] of splits.entries()) {
        expect(s.cgstPaise + s.sgstPaise + s.igstPaise).toBe(s.taxPaise);
        expect(s.taxablePaise + s.taxPaise).toBe(lines[i]?.grossPaise);
        // CGST = SGST to the paisa; the odd paisa moved to the taxable value is the only departure from exact.
        expect(s.cgstPaise).toBe(s.sgstPaise);
        if (interState) expect(s.cgstPaise + s.sgstPaise).toBe(0);
        else expect(s.igstPaise).toBe(0);
        const exact = ((lines[i]?.grossPaise ?? 0) * 100) / (100 + (lines[i]?.rate ?? 0));
        expect(Math.abs(s.taxablePaise - exact)).toBeLessThanOrEqual(interState ? 0.5 : 1.5);
      }
      const total = sumSplits(splits);
      expect(total.taxablePaise + total.taxPaise).toBe(lines.reduce((sum, l) => sum + l.grossPaise, 0));
      expect(total.cgstPaise + total.sgstPaise + total.igstPaise).toBe(total.taxPaise);
      expect(total.cgstPaise).toBe(total.sgstPaise);
    }
  });
});

describe('figures and numbers', () => {
  it('groups digits the Indian way', () => {
    expect(formatPaise(101950)).toBe('1,019.50');
    expect(formatPaise(1234567805)).toBe('1,23,45,678.05');
    expect(formatPaise(5)).toBe('0.05');
  });
  it('says amounts in lakh and crore', () => {
    expect(numberInWords(0)).toBe('Zero');
    expect(numberInWords(1019)).toBe('One Thousand Nineteen');
    expect(numberInWords(250_000)).toBe('Two Lakh Fifty Thousand');
    expect(numberInWords(12_34_56_789)).toBe('Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine');
    expect(rupeesInWords(101950)).toBe('Rupees One Thousand Nineteen and Fifty Paise Only');
    expect(rupeesInWords(100)).toBe('Rupees One Only');
  });
  it('numbers documents per Indian financial year, April to March on the shop clock', () => {
    expect(financialYearOf('2026-04-01T00:00:00+05:30')).toBe('26-27');
    expect(financialYearOf('2026-03-31T18:29:59Z')).toBe('25-26');
    expect(financialYearOf('2026-03-31T18:30:00Z')).toBe('26-27');
    expect(financialYearOf('2099-12-01T00:00:00Z')).toBe('99-00');
    expect(documentNumber('GS', '26-27', 42)).toBe('GS/26-27/000042');
    expect(documentNumber('GS', '26-27', 42).length).toBeLessThanOrEqual(16);
  });
});

describe('label declarations', () => {
  const product = {
    _id: '1', name: 'A2 Desi Cow Ghee', offerpercentage: 15, instock: true, ratings: 0, ratingStar: 5, description: '',
    price: [649, 1199], quantitysize: [250, 500], quantity: 500, images: [], slug: 'a2', hsn: '0405', gstRate: 5,
    bestBeforeMonths: 9, countryOfOrigin: 'India', ...EMPTY_FOOD_LABEL,
  };
  it('declares the selected size: net quantity, MRP, unit sale price per 100 ml', async () => {
    const { labelDeclarations, unitPricePer100ml } = await import('./label-declarations');
    const d500 = Object.fromEntries(labelDeclarations(product, 500).map((d) => [d.label, d.value]));
    expect(d500['Net quantity']).toBe('500 ml');
    expect(d500.MRP).toBe('₹1,199.00 (incl. of all taxes)');
    // 1199 less 15% = 1019 for 500 ml → ₹203.80 per 100 ml.
    expect(d500['Unit sale price']).toBe('₹203.80 per 100 ml');
    expect(labelDeclarations(product, 250)[1]?.value).toBe('₹649.00 (incl. of all taxes)');
    expect(unitPricePer100ml(100, 300)).toBe('₹33.33 per 100 ml');
    expect(unitPricePer100ml(200, 300)).toBe('₹66.67 per 100 ml');
    expect(d500['FSSAI Lic. No.']).toBeUndefined();
  });
});
