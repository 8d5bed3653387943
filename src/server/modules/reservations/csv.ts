/**
 * CSV for spreadsheet programs: every cell quoted (commas, quotes and line breaks stay inside it),
 * and a cell that a spreadsheet would run as a formula (= + - @, or a tab or carriage return
 * before one) starts with ' so that it is shown as text. UTF-8 with a BOM and CRLF lines, which
 * Excel opens as UTF-8.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(rows: (string | number | null)[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
