/** A round step (1, 2, 2.5, 5 × 10^n; whole numbers only when counting) so gridlines read well. */
export function niceStep(raw: number, wholeOnly: boolean): number {
  if (raw <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const steps = wholeOnly && power < 10 ? [1, 2, 5, 10] : [1, 2, 2.5, 5, 10];
  const step = (steps.find((s) => s * power >= raw) ?? 10) * power;
  return wholeOnly ? Math.max(1, Math.round(step)) : step;
}
