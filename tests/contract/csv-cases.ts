// The CSV kind of the contract: a .csv file's text and the rows every reader makes of it (the
// emulator's upload of the file, the MCP server's upload_vault_data from a path), by the one rule
// in @trackerkit/core/csv. 'unreadable': the file is refused, naming it.
import type { CsvRow } from '@trackerkit/core/csv';
import type { Case } from './cases.ts';

const csv = (name: string, text: string, want: CsvRow[] | 'unreadable'): Case => [
  `csv: ${name}`,
  { given: { kind: 'csv', text }, want },
];

export const csvCases: Case[] = [
  csv('cells typed by csvCell', 'sku,late_days,ok,score\nA-1,4,true,-2.5\n', [
    { sku: 'A-1', late_days: 4, ok: true, score: -2.5 },
  ]),
  csv('ids and codes stay text', 'code,n,e,plus\n007,3.0,1e3,+5\n', [
    { code: '007', n: '3.0', e: '1e3', plus: '+5' },
  ]),
  csv('a quoted number stays text', 'a,b\n"3",3\n', [{ a: '3', b: 3 }]),
  csv('quoted commas, escaped quotes and CRLF', 'a,b\r\n"x,y","say ""hi"""\r\n', [
    { a: 'x,y', b: 'say "hi"' },
  ]),
  csv('a newline inside quotes', 'a\n"line 1\nline 2"\n', [{ a: 'line 1\nline 2' }]),
  csv('a BOM and blank lines, before the header too', '\uFEFF\n\na,b\n\n1,2\n\n', [{ a: 1, b: 2 }]),
  csv('rows keep their order', 'n\n3\n1\n2\n', [{ n: 3 }, { n: 1 }, { n: 2 }]),
  csv('a header that looks like a number stays a name', '2024,x\n1,2\n', [{ '2024': 1, x: 2 }]),
  // The MCP reader refused the three row shapes below; the emulator padded short rows but dropped
  // a long row's extra cells.
  csv('a short row: the missing cells are empty', 'a,b,c\n1\n', [{ a: 1, b: '', c: '' }]),
  csv('a long row: the extra cells are column_N by position', 'a,b\n1,2,3,x\n', [
    { a: 1, b: 2, column_3: 3, column_4: 'x' },
  ]),
  csv('a trailing comma adds nothing', 'a,b\n1,2,\n', [{ a: 1, b: 2 }]),
  // The MCP reader kept the spaces and named an empty header "".
  csv('header names are trimmed', ' a , b \n1,2\n', [{ a: 1, b: 2 }]),
  csv('an empty header is column_N', 'a,,c\n1,2,3\n', [{ a: 1, column_2: 2, c: 3 }]),
  // Both readers kept only the last of two columns with one name.
  csv('a repeated name keeps both columns, suffixed by position', 'a,a,column_4,\n1,2,3,4\n', [
    { a: 1, a_2: 2, column_4: 3, column_4_4: 4 },
  ]),
  csv('an unclosed quote', 'a\n"open\n', 'unreadable'),
];

/**
 * The rows a source of a tracker holds, read back through the service's API (vault/recent lists
 * newest first; a source's rows are its json items), as every CSV layer checks them.
 */
export async function rowsOfSource(
  service: { baseUrl: string; token: string },
  trackerId: string,
  sourceName: string,
): Promise<unknown[]> {
  const res = await fetch(
    `${service.baseUrl}/api/trackers/${trackerId}/vault/recent?limit=100&content_types=json`,
    {
      headers: { authorization: `Bearer ${service.token}` },
    },
  );
  const recent = (await res.json()) as { results: { source_name: string; content: string }[] };
  return recent.results
    .filter((item) => item.source_name === sourceName)
    .reverse()
    .map((item) => JSON.parse(item.content) as unknown);
}
