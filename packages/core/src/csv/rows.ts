// The one way a CSV file becomes rows, for every layer that reads one (the emulator's upload, the
// MCP server's file reader). The parser stays the reader's dependency (csv-parse in both); this
// is its configuration and what is done with the records it gives: no I/O, no parser here.
//
// The service's specification says only that CSV is a vault format, so the rule is the forgiving
// one: every data row becomes a row, whatever its length, and no cell is lost.
// - The first record is the header. A name is trimmed; an empty one is `column_N` (N counts from
//   1); a repeated one is suffixed `_N`, so both columns keep their values.
// - A short row's missing cells are "" (as an empty cell would be).
// - A long row's extra cells are `column_N` by their position; an extra cell that is empty is
//   left out (a trailing comma adds nothing).
// - Blank lines are skipped; a BOM is dropped; cells are typed by `csvCell`. A malformed file (an
//   unclosed quote) is the parser's error, which each reader reports in its own shape.
import { csvCell } from './cell.ts';

export type CsvValue = string | number | boolean;
export type CsvRow = Record<string, CsvValue>;

/** What csv-parse's `cast` is given that the rule reads (its CastingContext has both). */
export interface CsvCastContext {
  /** Records read before this one: 0 while the header is read. */
  records: number;
  quoting: boolean;
}

/**
 * The parser's options, for csv-parse's `parse(text, CSV_PARSE_OPTIONS)` (sync or stream): records
 * as arrays of any length, so that `csvRowReader` shapes short and long rows by the rule above.
 */
export const CSV_PARSE_OPTIONS = {
  bom: true,
  relax_column_count: true,
  skip_empty_lines: true,
  // The header row stays text (it names the fields); data cells by the suite's one rule.
  cast: (value: string, context: CsvCastContext): CsvValue =>
    context.records === 0 ? value : csvCell(value, context.quoting),
} as const;

/**
 * A reader of the parser's records, in order: the first is the header (the answer is undefined),
 * each later one a row. One reader per file.
 */
export function csvRowReader(): (record: readonly unknown[]) => CsvRow | undefined {
  const taken = new Set<string>();
  const unique = (name: string, position: number): string => {
    let found = name;
    while (taken.has(found)) found = `${found}_${position + 1}`;
    taken.add(found);
    return found;
  };
  let header: string[] | undefined;
  // Names of cells past the header, by position: the same in every long row.
  const extra: string[] = [];
  const extraName = (position: number): string => {
    extra[position] ??= unique(`column_${position + 1}`, position);
    return extra[position];
  };
  return (record) => {
    if (!header) {
      header = record.map((cell, i) => unique(String(cell).trim() || `column_${i + 1}`, i));
      return undefined;
    }
    const row: CsvRow = {};
    header.forEach((name, i) => {
      row[name] = (record[i] as CsvValue | undefined) ?? '';
    });
    for (let i = header.length; i < record.length; i++) {
      const cell = record[i] as CsvValue;
      if (cell !== '') row[extraName(i)] = cell;
    }
    return row;
  };
}

/** Rows of a file's records (the sync form of `csvRowReader`). */
export function csvRows(records: Iterable<readonly unknown[]>): CsvRow[] {
  const read = csvRowReader();
  const rows: CsvRow[] = [];
  for (const record of records) {
    const row = read(record);
    if (row) rows.push(row);
  }
  return rows;
}
