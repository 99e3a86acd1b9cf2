import { CSV_PARSE_OPTIONS, type CsvRow, csvRows } from '@trackerkit/core/csv';
import { parse } from 'csv-parse/sync';

/**
 * CSV (RFC 4180: quoted fields, escaped quotes, CRLF or LF, a BOM) through csv-parse, a maintained
 * parser, read by the suite's one rule (`@trackerkit/core/csv`: the header names the fields, short
 * and long rows, cell types), the same as the MCP server's file reader. A malformed file (an
 * unclosed quote) throws with the parser's message and line.
 */
export function csvToRows(text: string): CsvRow[] {
  return csvRows(parse(text, CSV_PARSE_OPTIONS) as unknown[][]);
}
