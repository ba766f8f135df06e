// Tax arithmetic of a GST invoice, in integer paise. Catalogue prices are MRP, inclusive of all taxes, so
// the tax is carved out of each line: taxable = gross × 100 / (100 + rate), rounded half up to the paisa,
// and tax = gross − taxable. Lines therefore always sum to the gross total exactly.

/** The GST slabs since 22 September 2025 (0, 5, 18, 40), with 0.25% and 3% for the few goods that have them. */
export const GST_RATES = [0, 0.25, 3, 5, 18, 40] as const;
export type GstRate = (typeof GST_RATES)[number];

export interface TaxableLine {
  /** Gross (tax-inclusive) amount of the whole line in paise. */
  grossPaise: number;
  rate: number;
}

export interface TaxSplit {
  taxablePaise: number;
  /** Intra-state: cgst + sgst = tax, igst = 0. Inter-state: igst = tax. */
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
}

/** Integer a × b / c rounded half up (a, b, c ≥ 0, c > 0), exact for any amount a shop invoices. */
function mulDivHalfUp(a: number, b: number, c: number): number {
  return Math.floor((2 * a * b + c) / (2 * c));
}

export function splitLineTax(line: TaxableLine, interState: boolean): TaxSplit {
  // A reduction (a discount) mirrors a charge of the same size, so equal and opposite lines cancel to the paisa.
  if (line.grossPaise < 0) {
    const s = splitLineTax({ grossPaise: -line.grossPaise, rate: line.rate }, interState);
    return { taxablePaise: 0 - s.taxablePaise, cgstPaise: 0 - s.cgstPaise, sgstPaise: 0 - s.sgstPaise, igstPaise: 0 - s.igstPaise, taxPaise: 0 - s.taxPaise };
  }
  // In hundredths of a percent, so 0.25% stays whole-number arithmetic: gross × 10000 / (10000 + 25).
  const taxablePaise = mulDivHalfUp(line.grossPaise, 10_000, 10_000 + Math.round(line.rate * 100));
  const taxPaise = line.grossPaise - taxablePaise;
  if (interState) return { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise, taxPaise };
  // CGST and SGST are equal halves at equal rates (DESIGN.md §8.2): an odd paisa of tax goes to the taxable value,
  // so the halves match and the line still adds up to its amount.
  const half = Math.floor(taxPaise / 2);
  return { taxablePaise: line.grossPaise - 2 * half, cgstPaise: half, sgstPaise: half, igstPaise: 0, taxPaise: 2 * half };
}

/** `amount` spread over `weights` in proportion, the largest remainders taking the odd paise; sums to `amount`. */
export function spreadByValue(amount: number, weights: readonly number[]): number[] {
  const base = weights.reduce((sum, w) => sum + w, 0);
  if (base <= 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((amount * w) / base));
  let left = amount - shares.reduce((a, b) => a + b, 0);
  const byRemainder = weights.map((w, i) => ({ i, remainder: (amount * w) % base })).sort((a, b) => b.remainder - a.remainder);
  for (const { i } of byRemainder) {
    if (left === 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** "2.5%": the CGST (or SGST) rate, half the GST rate. */
export function halfRate(rate: number): string {
  return `${rate / 2}%`;
}

export function sumSplits(splits: readonly TaxSplit[]): TaxSplit {
  const total: TaxSplit = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0 };
  for (const s of splits) {
    total.taxablePaise += s.taxablePaise;
    total.cgstPaise += s.cgstPaise;
    total.sgstPaise += s.sgstPaise;
    total.igstPaise += s.igstPaise;
    total.taxPaise += s.taxPaise;
  }
  return total;
}

/** "1,019.50": paise shown as rupees with two decimals and Indian digit grouping. */
export function formatPaise(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100).toString();
  const last3 = rupees.slice(-3);
  const rest = rupees.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${sign}${rest ? `${rest},` : ''}${last3}.${String(abs % 100).padStart(2, '0')}`;
}

/** Indian financial year (April to March) of an instant, read on the shop's clock (IST), as "26-27". */
export function financialYearOf(iso: string): string {
  const ist = new Date(new Date(iso).getTime() + 330 * 60_000);
  const year = ist.getUTCFullYear();
  const start = ist.getUTCMonth() >= 3 ? year : year - 1;
  const yy = (n: number) => String(n % 100).padStart(2, '0');
  return `${yy(start)}-${yy(start + 1)}`;
}

/** The last instant of a financial year ("26-27") on the shop's clock: 31 March 2027, 23:59:59.999 IST. */
export function financialYearEnd(financialYear: string): string {
  return `20${financialYear.slice(3, 5)}-03-31T23:59:59.999+05:30`;
}

/** "GS/26-27/000042": at most 16 characters, as CGST rule 46(b) allows. */
export function documentNumber(prefix: string, financialYear: string, n: number): string {
  return `${prefix}/${financialYear}/${String(n).padStart(6, '0')}`;
}

/**
 * A line at 0% GST is a nil-rated supply, an exempt supply in the Act's sense: billed by a bill of supply and reported
 * in GSTR-1's table 8, not among taxed sales.
 */
export const isNilRated = (line: { rate: number }): boolean => line.rate === 0;
