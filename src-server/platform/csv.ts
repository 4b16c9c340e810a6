/**
 * CSV as spreadsheets read it (RFC 4180): every cell quoted, quotes doubled, lines ended by CRLF. A cell that begins
 * with `=`, `+`, `-`, `@`, a tab or a carriage return would be taken for a formula by a spreadsheet: it gets a leading
 * apostrophe, so it is shown as the text it is (OWASP's CSV injection advice).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? "" : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
