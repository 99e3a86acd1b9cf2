// The catalogue: every tool, in the order tools/list shows them.
import type { Toolset } from '../config/toolsets.ts';
import type { ToolDefinition } from '../tool-api/tool-definition.ts';
import { deleteRun } from './runs/delete-run.ts';
import { estimateRunCost } from './runs/estimate-run-cost.ts';
import { getRun } from './runs/get-run.ts';
import { listRuns } from './runs/list-runs.ts';
import { runTracker } from './runs/run-tracker.ts';
import { getSpace } from './spaces/get-space.ts';
import { listSpaces } from './spaces/list-spaces.ts';
import { createTracker } from './trackers/create-tracker.ts';
import { deleteTracker } from './trackers/delete-tracker.ts';
import { getTracker } from './trackers/get-tracker.ts';
import { listTrackers } from './trackers/list-trackers.ts';
import { updateTracker } from './trackers/update-tracker.ts';
import { deleteVaultSource } from './vault/delete-vault-source.ts';
import { getVaultRecent } from './vault/get-vault-recent.ts';
import { getVaultSource } from './vault/get-vault-source.ts';
import { listVaultSources } from './vault/list-vault-sources.ts';
import { updateVaultSource } from './vault/update-vault-source.ts';
import { uploadVaultData } from './vault/upload-vault-data.ts';
import { uploadVaultFile } from './vault/upload-vault-file.ts';

export const toolDefinitions: readonly ToolDefinition[] = [
  listSpaces,
  getSpace,
  listTrackers,
  getTracker,
  createTracker,
  updateTracker,
  deleteTracker,
  runTracker,
  getRun,
  listRuns,
  deleteRun,
  estimateRunCost,
  uploadVaultData,
  uploadVaultFile,
  listVaultSources,
  getVaultSource,
  updateVaultSource,
  deleteVaultSource,
  getVaultRecent,
];

export interface ToolSelection {
  /** Only tools whose readOnlyHint is true. */
  readOnly?: boolean;
  /** Only tools of these toolsets (all when omitted). */
  toolsets?: readonly Toolset[];
}

export function selectTools(selection: ToolSelection = {}): ToolDefinition[] {
  return toolDefinitions.filter(
    (tool) =>
      (!selection.readOnly || tool.annotations.readOnlyHint) &&
      (!selection.toolsets || selection.toolsets.includes(tool.toolset as Toolset)),
  );
}
