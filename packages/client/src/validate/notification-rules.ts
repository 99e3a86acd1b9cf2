// The v0.3 notification_config rules (the document's `x-trackerkit-rules`). With `partial` (PATCH,
// merged with the stored config) a rule is checked only when every field it needs was sent.
import type { ValidationProblem } from '../errors.ts';
import type { NotificationConfig } from '../types.ts';
import { NOTIFICATION_RULES } from './rules.ts';

type RuleText = (typeof NOTIFICATION_RULES)[keyof typeof NOTIFICATION_RULES];

const V03_FIELDS = ['notify_below', 'lower_threshold', 'notify_above', 'upper_threshold'] as const;

export function notificationProblems(
  config: NotificationConfig | null | undefined,
  prefix: string,
  partial: boolean,
): ValidationProblem[] {
  if (!config) return [];
  const sent = (key: keyof NotificationConfig) => config[key] !== undefined;
  const given = (key: keyof NotificationConfig) => config[key] !== undefined && config[key] !== null;
  // Create: an absent field is its default (off, null). PATCH: an absent field keeps its stored value.
  const knownMissing = (key: keyof NotificationConfig) => !given(key) && (!partial || sent(key));
  const problems: ValidationProblem[] = [];
  const add = (field: string, rule: RuleText, message: string) =>
    problems.push({ field: `${prefix}.${field}`, rule, message });

  if (config.notify_below === true && knownMissing('lower_threshold')) {
    add(
      'lower_threshold',
      NOTIFICATION_RULES.belowNeedsLower,
      'lower_threshold is required when notify_below is true',
    );
  }
  if (config.notify_above === true && knownMissing('upper_threshold')) {
    add(
      'upper_threshold',
      NOTIFICATION_RULES.aboveNeedsUpper,
      'upper_threshold is required when notify_above is true',
    );
  }
  const lower = config.lower_threshold;
  const upper = config.upper_threshold;
  if (
    config.notify_below === true &&
    config.notify_above === true &&
    lower != null &&
    upper != null &&
    lower > upper
  ) {
    add(
      'lower_threshold',
      NOTIFICATION_RULES.ordered,
      `lower_threshold ${lower} is above upper_threshold ${upper}`,
    );
  }
  const v03 = V03_FIELDS.some(sent);
  const channel = config.email_enabled === true || config.webhook_enabled === true;
  const directionsKnown = !partial || (sent('notify_below') && sent('notify_above'));
  if (v03 && channel && directionsKnown && config.notify_below !== true && config.notify_above !== true) {
    add(
      'notify_below',
      NOTIFICATION_RULES.directionNeeded,
      'set notify_below or notify_above to true when e-mail or webhook alerts are enabled',
    );
  }
  const pairs = [
    ['score_threshold', 'threshold_direction'],
    ['threshold_direction', 'score_threshold'],
  ] as const;
  for (const [present, other] of pairs) {
    if (given(present) && knownMissing(other)) {
      add(other, NOTIFICATION_RULES.legacyTogether, `${other} is required with ${present}`);
    }
  }
  return problems;
}
