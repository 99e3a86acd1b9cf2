import { inflateSync } from 'node:zlib';

export interface PdfText {
  text: string;
  pages: number;
}

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };

/** Content streams of the file, inflated when FlateDecode; image and other-filter streams skipped. */
function contentStreams(pdf: Buffer): Buffer[] {
  const latin = pdf.toString('latin1');
  const streams: Buffer[] = [];
  const marker = /stream\r?\n/g;
  for (let match = marker.exec(latin); match; match = marker.exec(latin)) {
    const start = match.index + match[0].length;
    const end = latin.indexOf('endstream', start);
    if (end < 0) break;
    const dictStart = latin.lastIndexOf('<<', match.index);
    const dict = dictStart >= 0 ? latin.slice(dictStart, match.index) : '';
    marker.lastIndex = end + 'endstream'.length;
    if (/\/Subtype\s*\/Image/.test(dict)) continue;
    const filter = /\/Filter\s*\[?\s*\/(\w+)/.exec(dict)?.[1];
    let data = pdf.subarray(start, end);
    if (filter === 'FlateDecode') {
      try {
        data = inflateSync(data, { finishFlush: 2 });
      } catch {
        continue;
      }
    } else if (filter) continue;
    streams.push(data);
  }
  return streams;
}

function readLiteral(src: string, from: number): [string, number] {
  let out = '';
  let depth = 1;
  let i = from;
  while (i < src.length) {
    const ch = src[i] as string;
    if (ch === '\\') {
      const next = src[i + 1] ?? '';
      if (/[0-7]/.test(next)) {
        const octal = /^[0-7]{1,3}/.exec(src.slice(i + 1, i + 4))?.[0] ?? '0';
        out += String.fromCharCode(Number.parseInt(octal, 8));
        i += 1 + octal.length;
        continue;
      }
      if (next === '\r' || next === '\n') {
        i += next === '\r' && src[i + 2] === '\n' ? 3 : 2;
        continue;
      }
      out += ESCAPES[next] ?? next;
      i += 2;
      continue;
    }
    if (ch === '(') depth++;
    if (ch === ')' && --depth === 0) return [out, i + 1];
    out += ch;
    i++;
  }
  return [out, i];
}

function readHex(src: string, from: number): [string, number] {
  const end = src.indexOf('>', from);
  const hex = src.slice(from, end < 0 ? src.length : end).replace(/\s+/g, '');
  const padded = hex.length % 2 ? `${hex}0` : hex;
  return [Buffer.from(padded, 'hex').toString('latin1'), end < 0 ? src.length : end + 1];
}

/** Text shown by Tj, TJ, ' and " in one content stream; T*, Td/TD with a vertical move and ' break lines. */
function streamText(content: string): string {
  let out = '';
  const operands: (string | number | (string | number)[])[] = [];
  let array: (string | number)[] | null = null;
  let i = 0;
  const push = (value: string | number) => (array ? array.push(value) : operands.push(value));
  while (i < content.length) {
    const ch = content[i] as string;
    if (ch === '(') {
      const [s, next] = readLiteral(content, i + 1);
      push(s);
      i = next;
    } else if (ch === '<' && content[i + 1] !== '<') {
      const [s, next] = readHex(content, i + 1);
      push(s);
      i = next;
    } else if (ch === '[') {
      array = [];
      i++;
    } else if (ch === ']') {
      if (array) operands.push(array);
      array = null;
      i++;
    } else if (/\s/.test(ch)) i++;
    else if (ch === '%') {
      while (i < content.length && content[i] !== '\n' && content[i] !== '\r') i++;
    } else {
      const token =
        /^[^\s()<>[\]{}/%]+|^\/[^\s()<>[\]{}/%]*|^[<>{}]{1,2}/.exec(content.slice(i, i + 256))?.[0] ?? ch;
      i += token.length;
      if (/^[-+]?(\d+\.?\d*|\.\d+)$/.test(token)) {
        push(Number(token));
        continue;
      }
      const last = operands.at(-1);
      if (token === 'Tj' && typeof last === 'string') out += last;
      else if (token === 'TJ' && Array.isArray(last)) {
        for (const part of last) {
          if (typeof part === 'string') out += part;
          else if (part < -200) out += ' ';
        }
      } else if ((token === "'" || token === '"') && typeof last === 'string') out += `\n${last}`;
      else if (token === 'T*') out += '\n';
      else if ((token === 'Td' || token === 'TD') && Number(operands.at(-1)) !== 0) out += '\n';
      else if (token === 'ET') out += '\n';
      if (!token.startsWith('/')) operands.length = 0;
      else operands.push(token);
    }
  }
  return out;
}

/** Extracts the text of a PDF whose content streams are uncompressed or FlateDecode. */
export function extractPdfText(pdf: Buffer): PdfText {
  const text = contentStreams(pdf)
    .map((stream) => streamText(stream.toString('latin1')))
    .join('\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
  return { text, pages };
}
