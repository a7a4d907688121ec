/**
 * CSV (RFC 4180: comma, CRLF, double quotes doubled) with a UTF-8 BOM for spreadsheet apps. Text cells that
 * a spreadsheet would run as a formula (= + - @ tab CR at the start) get a leading apostrophe (OWASP CSV
 * injection); numbers are written as they are.
 */
export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  let s = typeof v === 'string' ? v : JSON.stringify(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(cells: ReadonlyArray<unknown>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export const CSV_BOM = '\ufeff';
