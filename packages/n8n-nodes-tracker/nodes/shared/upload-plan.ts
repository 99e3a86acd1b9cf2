// Vault › Upload Rows: the core's planner cuts a group's rows into requests within the row and byte
// limits; this keeps each planned request paired with the input items its rows came from.
import { createUploadPlanner, type PlannedBatch, type Problem, type UploadHead } from './generated/core';

export interface ItemRow {
  row: unknown;
  itemIndex: number;
}

export interface PairedBatch extends PlannedBatch {
  /** The input items whose rows the request carries, in order, each once. */
  itemIndexes: number[];
}

export type RowPlan = { batches: PairedBatch[] } | { problem: Problem; itemIndex: number };

/** Every request of one source's rows, or the first row no request can carry and its item. */
export function planRows(head: UploadHead, rows: readonly ItemRow[]): RowPlan {
  const planner = createUploadPlanner(head);
  const { batches, problem } = planner.add(rows.map((entry) => entry.row));
  if (problem) return { problem, itemIndex: rows[problem.path[1] as number]?.itemIndex ?? 0 };
  const last = planner.finish();
  return {
    batches: (last ? [...batches, last] : batches).map((batch) => ({
      ...batch,
      itemIndexes: [
        ...new Set(rows.slice(batch.firstRow, batch.firstRow + batch.rows).map((entry) => entry.itemIndex)),
      ],
    })),
  };
}
