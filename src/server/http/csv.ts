// CSV answers (RFC 4180) that open safely in a spreadsheet. Customer names, addresses and notes are typed by
// anyone, so a cell must neither run as a formula nor split into cells of its own.

// Spreadsheet apps run a cell that starts with one of these as a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;
// A plain negative amount ("-12.50", a credit) is a number, not a formula: it stays as it is.
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;
// Where the list separator is ';' (Excel in many locales) a bare ';' would start a new cell, which could then be a
// formula: cells holding one are quoted like those holding the RFC's own separator.
const NEEDS_QUOTES = /[",;\r\n]/;

/** One CSV field, quoted when needed; text a spreadsheet would run as a formula is defused with a leading quote. */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) && !NEGATIVE_NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One row, CRLF-terminated. */
export function csvRow(cells: readonly (string | number)[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}
