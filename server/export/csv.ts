/** Spreadsheet apps run a cell starting with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * True when a spreadsheet may read the cell as a formula. Some apps fold compatibility forms
 * (the full-width ＝ ＋ － ＠, the small ﹦ ﹢ ﹣ ﹫) into the ASCII sign, so the test runs on the
 * NFKC form; the cell itself is kept as written.
 */
function isFormulaLike(value: string): boolean {
  return FORMULA_START.test(value.normalize('NFKC'));
}

/** One CSV cell: formula triggers defused with a leading apostrophe, then RFC 4180 quoting. */
export function csvCell(value: string): string {
  const safe = isFormulaLike(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function iso(date: Date | null): string {
  return date === null ? '' : date.toISOString();
}
