// Figures, their targets, and the table `npm run bench` prints.

export interface Figure {
  /** e.g. "api sqlite", "scale postgres", "web". */
  group: string;
  name: string;
  /** What was measured, ready to print (with unit). */
  value: string;
  target: string;
  /** null: reported, no target. */
  holds: boolean | null;
  note?: string;
}

export function figure(group: string, name: string, value: string, target: string, holds: boolean | null, note?: string): Figure {
  return { group, name, value, target, holds, ...(note ? { note } : {}) };
}

export const ms = (n: number) => `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms`;
export const mb = (n: number) => `${n.toFixed(0)} MB`;
export const pct = (n: number) => `${(n * 100).toFixed(0)}%`;
export const int = (n: number) => Math.round(n).toLocaleString('en-US');

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

/** A plain-text (and Markdown-compatible) table. */
export function formatTable(figures: Figure[]): string {
  const rows = figures.map((f) => [f.group, f.name, f.value, f.target, f.holds === null ? '-' : f.holds ? 'yes' : 'NO', f.note ?? '']);
  const header = ['group', 'figure', 'measured', 'target', 'holds', 'note'];
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => pad(c, widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

export function summary(figures: Figure[]): string {
  const judged = figures.filter((f) => f.holds !== null);
  const missed = judged.filter((f) => !f.holds);
  return `${judged.length - missed.length} of ${judged.length} targets hold${missed.length ? `; missed: ${missed.map((f) => `${f.group} / ${f.name}`).join(', ')}` : ''}`;
}
