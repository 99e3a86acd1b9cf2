// Splits rows into upload batches that respect both of the service's per-request limits: at most
// `maxRows` rows, and a JSON body (`{"source_name":...,"description":...,"data":[...]}`) of at most
// `maxBytes` bytes. Pure, so the limits are proven without a server.
import { ParamError } from './param-error';

export interface BatchInput {
  rows: Array<{ row: Record<string, unknown>; itemIndex: number }>;
  sourceName: string;
  description?: string;
  maxRows: number;
  maxBytes: number;
}

export interface Batch {
  rows: Array<Record<string, unknown>>;
  itemIndexes: number[];
  bytes: number;
}

const encoder = new TextEncoder();
export const byteLength = (text: string): number => encoder.encode(text).length;

/** Bytes of the upload body without any row: the envelope every batch pays. */
export function envelopeBytes(sourceName: string, description?: string): number {
  const envelope: Record<string, unknown> = { source_name: sourceName, data: [] };
  if (description !== undefined) envelope.description = description;
  return byteLength(JSON.stringify(envelope));
}

export function batchRows(input: BatchInput): Batch[] {
  const base = envelopeBytes(input.sourceName, input.description);
  const batches: Batch[] = [];
  let current: Batch = { rows: [], itemIndexes: [], bytes: base };
  for (const { row, itemIndex } of input.rows) {
    const rowBytes = byteLength(JSON.stringify(row));
    if (base + rowBytes > input.maxBytes) {
      throw new ParamError(
        `item ${itemIndex}`,
        `a single row of ${rowBytes} bytes exceeds the upload limit of ${input.maxBytes} bytes per request`,
      );
    }
    // A comma separates every row after the first.
    const added = current.rows.length === 0 ? rowBytes : rowBytes + 1;
    if (current.rows.length >= input.maxRows || current.bytes + added > input.maxBytes) {
      batches.push(current);
      current = { rows: [], itemIndexes: [], bytes: base };
    }
    current.bytes += current.rows.length === 0 ? rowBytes : rowBytes + 1;
    current.rows.push(row);
    current.itemIndexes.push(itemIndex);
  }
  if (current.rows.length > 0) batches.push(current);
  return batches;
}
