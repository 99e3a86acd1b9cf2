import { csvCell } from '@trackerkit/core';
import { parse } from 'csv-parse/sync';

/**
 * CSV (RFC 4180: quoted fields, escaped quotes, CRLF or LF, a BOM) through csv-parse, a maintained
 * parser, instead of a hand-written one. The header row gives the keys (an empty header is
 * `column_N`); one object per data row; blank lines are skipped; a row with fewer cells leaves the
 * rest empty. A malformed file (an unclosed quote) throws with the parser's message and line.
 */
export function csvToRows(text: string): Record<string, string | number | boolean>[] {
  const records = parse(text, {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    // The header row stays text (it names the fields); data cells by the suite's one rule.
    cast: (value, context) => (context.records === 0 ? value : csvCell(value, context.quoting)),
  }) as Array<Array<string | number | boolean>>;
  const [header, ...rows] = records;
  if (!header) return [];
  const names = header.map((name, i) => String(name).trim() || `column_${i + 1}`);
  return rows.map((cells) => {
    const row: Record<string, string | number | boolean> = {};
    names.forEach((name, i) => {
      row[name] = cells[i] ?? '';
    });
    return row;
  });
}
