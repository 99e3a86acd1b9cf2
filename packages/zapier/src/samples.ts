// Samples and output fields. The samples are the document's own examples (components.examples), so
// the Zap editor shows what the service answers; each gets the `id` Zapier keys on.
import { openapiDocument, type Run, type Space, type Tracker } from '@trackerkit/client';

const examples = (
  openapiDocument as unknown as { components: { examples: Record<string, { value: unknown }> } }
).components.examples;
const example = <T>(name: string): T => structuredClone(examples[name]?.value) as T;

/** Zapier's primary key for dedupe and dropdowns: the resource's own id. */
export const withRunId = (run: Run) => ({ id: run.run_id, ...run });
export const withTrackerId = (tracker: Tracker) => ({ id: tracker.tracker_id, ...tracker });
export const withSpaceId = (space: Space) => ({ id: space.space_id, ...space });

export const runSample = withRunId(example<Run>('RunValue'));
export const failedRunSample = withRunId({
  ...example<Run>('RunValue'),
  status: 'failed',
  quants_used: 0,
  result: null,
  error_message: 'The analysis could not be completed.',
});
export const trackerSample = withTrackerId(example<Tracker>('TrackerValue'));
export const spaceSample = withSpaceId(example<Space>('SpaceValue'));

type Field = { key: string; label: string; type?: 'string' | 'number' | 'integer' | 'boolean' | 'datetime' };

export const runOutputFields: Field[] = [
  { key: 'id', label: 'Run ID' },
  { key: 'tracker_id', label: 'Tracker ID' },
  { key: 'space_id', label: 'Space ID' },
  { key: 'status', label: 'Status' },
  { key: 'started_at', label: 'Started At', type: 'datetime' },
  { key: 'completed_at', label: 'Completed At', type: 'datetime' },
  { key: 'quants_used', label: 'Quants Used', type: 'number' },
  { key: 'result__score', label: 'Score', type: 'integer' },
  { key: 'result__signal', label: 'Signal' },
  { key: 'result__analysis', label: 'Analysis' },
  { key: 'error_message', label: 'Error Message' },
  { key: 'config_snapshot__trigger_type', label: 'Trigger Type' },
  { key: 'notification_delivery__webhook__status', label: 'Webhook Alert Status' },
  { key: 'notification_delivery__email__status', label: 'E-mail Alert Status' },
];

export const trackerOutputFields: Field[] = [
  { key: 'id', label: 'Tracker ID' },
  { key: 'space_id', label: 'Space ID' },
  { key: 'name', label: 'Name' },
  { key: 'description', label: 'Description' },
  { key: 'run_mode', label: 'Run Mode' },
  { key: 'agent_config__instruction', label: 'Instruction' },
  { key: 'agent_config__score_meaning', label: 'Score Meaning' },
  { key: 'agent_config__reasoning_mode', label: 'Reasoning Mode' },
  { key: 'category', label: 'Category' },
  { key: 'last_run_at', label: 'Last Run At', type: 'datetime' },
  { key: 'created_at', label: 'Created At', type: 'datetime' },
  { key: 'updated_at', label: 'Updated At', type: 'datetime' },
];

export const spaceOutputFields: Field[] = [
  { key: 'id', label: 'Space ID' },
  { key: 'name', label: 'Name' },
];
