/** Parses RFC 4180 CSV: quoted fields, escaped quotes, CRLF or LF. Returns the records. */
function parseCsvRecords(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i++) {
    const ch = input[i];
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && input[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records.filter((r) => !(r.length === 1 && r[0] === ''));
}

const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** CSV with a header row → one object per data row; numeric-looking cells become numbers. */
export function csvToRows(text: string): Record<string, string | number>[] {
  const [header, ...rows] = parseCsvRecords(text);
  if (!header) return [];
  const names = header.map((name, i) => name.trim() || `column_${i + 1}`);
  return rows.map((cells) => {
    const row: Record<string, string | number> = {};
    names.forEach((name, i) => {
      const cell = cells[i] ?? '';
      row[name] = NUMBER.test(cell.trim()) ? Number(cell.trim()) : cell;
    });
    return row;
  });
}
