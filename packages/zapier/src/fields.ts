// Input fields shared by several operations. Choices come from the document (enums, the skill
// catalogue), so a new value in the spec reaches Zapier's dropdowns without an edit here.
import { DEFAULT_SKILL_COSTS, openapiDocument } from '@trackerkit/client';

type Schema = { enum?: string[]; default?: string };
const schemas = (openapiDocument as unknown as { components: { schemas: Record<string, Schema> } }).components
  .schemas;
const enumOf = (name: string): string[] => schemas[name]?.enum ?? [];

const RUN_MODES = enumOf('RunMode');
const REASONING_MODES = enumOf('ReasoningMode');
const SKILLS = Object.keys(DEFAULT_SKILL_COSTS);

export const spaceField = {
  key: 'space_id',
  label: 'Space',
  required: true,
  dynamic: 'space_list.id.name',
  altersDynamicFields: true,
  helpText: 'The space the tracker lives in.',
};

export const trackerField = {
  key: 'tracker_id',
  label: 'Tracker',
  required: true,
  dynamic: 'tracker_list.id.name',
  helpText: 'Pick a tracker of the space above, or map a tracker id (`trk_…`).',
};

/** A space to narrow the tracker dropdown; not sent anywhere by the operations themselves. */
export const spaceFilterField = { ...spaceField, required: false, altersDynamicFields: true };

/** The tracker's settings, flat as Zapier shows them; `body.ts` nests them as the document does. */
export function trackerSettingsFields(required: boolean) {
  return [
    { key: 'name', label: 'Name', required },
    { key: 'description', label: 'Description', required },
    {
      key: 'run_mode',
      label: 'Run Mode',
      required,
      choices: RUN_MODES,
      ...(required ? { default: 'manual' } : {}),
    },
    {
      key: 'schedule_start_time',
      label: 'Schedule Start',
      type: 'datetime' as const,
      required: false,
      helpText: 'First run (UTC). Needed with the run mode `scheduled`.',
    },
    {
      key: 'schedule_interval_minutes',
      label: 'Schedule Interval (Minutes)',
      type: 'integer' as const,
      required: false,
    },
    { key: 'schedule_end_time', label: 'Schedule End', type: 'datetime' as const, required: false },
    { key: 'instruction', label: 'Instruction', type: 'text' as const, required },
    { key: 'score_meaning', label: 'Score Meaning', required, helpText: 'What the score 0-10 measures.' },
    {
      key: 'skills',
      label: 'Skills',
      list: true,
      required: false,
      choices: SKILLS,
      helpText: 'Known skill ids are listed; a custom id may be typed as well.',
    },
    { key: 'reasoning_mode', label: 'Reasoning Mode', required: false, choices: REASONING_MODES },
    { key: 'email_enabled', label: 'Alert by E-mail', type: 'boolean' as const, required: false },
    { key: 'webhook_enabled', label: 'Alert by Webhook', type: 'boolean' as const, required: false },
    { key: 'notify_below', label: 'Alert on Low Scores', type: 'boolean' as const, required: false },
    {
      key: 'lower_threshold',
      label: 'Lower Threshold',
      type: 'integer' as const,
      required: false,
      helpText: 'Alert when the score is at or below this (0-10).',
    },
    { key: 'notify_above', label: 'Alert on High Scores', type: 'boolean' as const, required: false },
    { key: 'upper_threshold', label: 'Upper Threshold', type: 'integer' as const, required: false },
  ];
}
