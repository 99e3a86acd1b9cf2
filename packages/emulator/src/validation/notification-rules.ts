import type { NotificationConfig, ValidationIssue } from '@trackerkit/client';

export const V03_FIELDS = ['notify_below', 'lower_threshold', 'notify_above', 'upper_threshold'] as const;

const given = (value: unknown) => value !== undefined && value !== null;

/**
 * The cross-field rules of NotificationConfig (`x-trackerkit-rules` in the document), applied to a
 * config that already passed the schema. Returns FastAPI-style issues under `prefix`.
 */
export function notificationRuleIssues(
  config: Partial<NotificationConfig>,
  prefix: string[],
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const at = (field: string, msg: string, type = 'value_error') =>
    issues.push({ loc: [...prefix, field], msg, type });
  if (config.notify_below === true && !given(config.lower_threshold)) {
    at('lower_threshold', 'lower_threshold is required when notify_below is true', 'missing');
  }
  if (config.notify_above === true && !given(config.upper_threshold)) {
    at('upper_threshold', 'upper_threshold is required when notify_above is true', 'missing');
  }
  if (
    config.notify_below === true &&
    config.notify_above === true &&
    given(config.lower_threshold) &&
    given(config.upper_threshold) &&
    Number(config.lower_threshold) > Number(config.upper_threshold)
  ) {
    at(
      'lower_threshold',
      'lower_threshold must be less than or equal to upper_threshold when both directions are on',
    );
  }
  const hasV03 = V03_FIELDS.some((field) => config[field] !== undefined);
  const channel = config.email_enabled === true || config.webhook_enabled === true;
  if (hasV03 && channel && config.notify_below !== true && config.notify_above !== true) {
    at(
      'notify_below',
      'notify_below or notify_above must be true when alerts are enabled with the threshold fields',
    );
  }
  if (given(config.score_threshold) !== given(config.threshold_direction)) {
    const missing = given(config.score_threshold) ? 'threshold_direction' : 'score_threshold';
    at(missing, 'score_threshold and threshold_direction must be given together', 'missing');
  }
  return issues;
}
