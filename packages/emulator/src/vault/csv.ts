import { parse } from 'csv-parse/sync';

/**
 * A cell becomes a number only when it is one written canonically (`String(Number(cell)) === cell`:
 * "3", "-2.5"), so the analyst can read a `score` column; anything else stays the string it is:
 * "007", "1e3", "+5", "3.0", " 4" and "" are kept as written (ids, codes and zip codes survive).
 */
function cellValue(cell: string): string | number {
  if (cell === '') return cell;
  const n = Number(cell);
  return Number.isFinite(n) && String(n) === cell ? n : cell;
}

/**
 * CSV (RFC 4180: quoted fields, escaped quotes, CRLF or LF, a BOM) through csv-parse, a maintained
 * parser, instead of a hand-written one. The header row gives the keys (an empty header is
 * `column_N`); one object per data row; blank lines are skipped; a row with fewer cells leaves the
 * rest empty. A malformed file (an unclosed quote) throws with the parser's message and line.
 */
export function csvToRows(text: string): Record<string, string | number>[] {
  const records = parse(text, {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
  }) as string[][];
  const [header, ...rows] = records;
  if (!header) return [];
  const names = header.map((name, i) => name.trim() || `column_${i + 1}`);
  return rows.map((cells) => {
    const row: Record<string, string | number> = {};
    names.forEach((name, i) => {
      row[name] = cellValue(cells[i] ?? '');
    });
    return row;
  });
}
