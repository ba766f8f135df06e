// A discount given at the sale and shown on the invoice is not part of the value that is taxed (CGST Act s. 15(3)(a)).
// It is shown where it was given: each line of goods carries its share of the discount, and its taxable value and tax
// are carved out of what is left of the line, so the printed figures are the ones the tax is on (docs/decisions/037).
import { splitLineTax, spreadByValue, sumSplits } from './gst-tax';
import type { InvoiceLine } from './invoice-document';

/**
 * `goods` with `discountPaise` (tax included) taken off them: spread over their HSN and rate groups by value, then over
 * each group's lines by value, the largest remainders taking the odd paise. Each line keeps its quantity and unit
 * price, carries its share as `discountPaise`, and is carved at its rate from what is left (`grossPaise`).
 *
 * A group's tax adds up, to the paisa, to what one reduction line per group came to when the discount was printed as
 * such (a charge of the group's share, mirrored): the figures filed for documents issued before stay the figures
 * filed now. Where the lines' own rounding lands a paisa away from that, the paisa goes to the line whose tax is the
 * furthest from exact in that direction, so each line stays within a paisa of its own value's tax.
 */
export function discountGoods(goods: readonly InvoiceLine[], discountPaise: number, interState: boolean): InvoiceLine[] {
  const out = [...goods];
  if (discountPaise <= 0 || goods.length === 0) return out;
  const groups = new Map<string, number[]>();
  goods.forEach((line, i) => {
    const key = `${line.hsn}|${line.rate}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const members = [...groups.values()];
  const lineAt = (i: number) => goods[i] as InvoiceLine;
  const shares = spreadByValue(
    discountPaise,
    members.map((m) => m.reduce((sum, i) => sum + lineAt(i).grossPaise, 0)),
  );
  members.forEach((indexes, g) => {
    const lines = indexes.map(lineAt);
    const share = shares[g] ?? 0;
    const reduction = splitLineTax({ grossPaise: share, rate: lines[0]?.rate ?? 0 }, interState);
    const before = sumSplits(lines);
    const cuts = spreadByValue(share, lines.map((l) => l.grossPaise));
    const discounted = lines.map((line, k): InvoiceLine => {
      const grossPaise = line.grossPaise - (cuts[k] ?? 0);
      return { ...line, grossPaise, discountPaise: cuts[k] ?? 0, ...splitLineTax({ grossPaise, rate: line.rate }, interState) };
    });
    const target = interState ? before.igstPaise - reduction.igstPaise : before.cgstPaise - reduction.cgstPaise;
    settle(discounted, target, interState);
    indexes.forEach((i, k) => {
      out[i] = discounted[k] as InvoiceLine;
    });
  });
  return out;
}

/**
 * Moves whole paise between the lines' tax and their taxable value until their IGST (or each of CGST and SGST) adds
 * up to `target`. Each step takes the line whose tax is furthest below (or above) the exact carve-out of its value;
 * a line with nothing left carries no tax, so a group given away whole stays at nothing.
 */
function settle(lines: InvoiceLine[], target: number, interState: boolean): void {
  const unit = interState ? 1 : 2;
  const carried = lines.reduce((sum, l) => sum + (interState ? l.igstPaise : l.cgstPaise), 0);
  // How far a line's tax is below exact, in paise times (10000 + rate in hundredths of a percent): whole numbers.
  const below = (l: InvoiceLine) => {
    const r = Math.round(l.rate * 100);
    return l.grossPaise * r - l.taxPaise * (10_000 + r);
  };
  for (let steps = target - carried; steps !== 0; ) {
    const step = Math.sign(steps);
    let best: InvoiceLine | undefined;
    for (const l of lines) {
      const room = step > 0 ? l.taxablePaise >= unit : l.taxPaise >= unit;
      if (room && (!best || step * below(l) > step * below(best))) best = l;
    }
    if (!best) return;
    if (interState) best.igstPaise += step;
    else {
      best.cgstPaise += step;
      best.sgstPaise += step;
    }
    best.taxPaise += step * unit;
    best.taxablePaise -= step * unit;
    steps -= step;
  }
}
