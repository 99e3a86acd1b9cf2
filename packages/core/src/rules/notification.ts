// The v0.3 notification_config rules (the document's `x-trackerkit-rules`).
//
// A PATCH sends part of a config and the service merges it with the stored one. Where the stored
// config is known (the service, the emulator) the merged config is checked in full. Where it is
// not (a client, the n8n node, an MCP tool) the check is `partial`: a rule is applied only when
// every field it needs was sent, so a PATCH that relies on a stored threshold is never refused.

import { type Problem, problem } from '../problem.ts';
import type { NotificationConfig } from '../types.ts';
import { NOTIFICATION_RULES } from './rule-texts.ts';

export const V03_NOTIFICATION_FIELDS = [
  'notify_below',
  'lower_threshold',
  'notify_above',
  'upper_threshold',
] as const;

export interface NotificationCheck {
  /** True for a PATCH checked without the stored config. */
  partial: boolean;
  /**
   * A channel on with no direction and no v0.3 field: `refuse` (default; the spec's "when email or
   * webhook is enabled at least one direction is required") or `legacy`, the base release's
   * signal_level alerts (the emulator's `--alerts-without-direction legacy`, an assumption).
   */
  channelWithoutDirection?: 'refuse' | 'legacy';
}

export function notificationProblems(
  config: Partial<NotificationConfig> | null | undefined,
  { partial, channelWithoutDirection = 'refuse' }: NotificationCheck,
): Problem[] {
  if (!config) return [];
  const sent = (key: keyof NotificationConfig) => config[key] !== undefined;
  const given = (key: keyof NotificationConfig) => config[key] !== undefined && config[key] !== null;
  // In full: an absent field is its default (off, null). Partial: an absent field keeps its stored value.
  const knownMissing = (key: keyof NotificationConfig) => !given(key) && (!partial || sent(key));
  const problems: Problem[] = [];

  if (config.notify_below === true && knownMissing('lower_threshold')) {
    problems.push(
      problem(
        ['lower_threshold'],
        NOTIFICATION_RULES.belowNeedsLower,
        'lower_threshold is required when notify_below is true',
        'missing',
      ),
    );
  }
  if (config.notify_above === true && knownMissing('upper_threshold')) {
    problems.push(
      problem(
        ['upper_threshold'],
        NOTIFICATION_RULES.aboveNeedsUpper,
        'upper_threshold is required when notify_above is true',
        'missing',
      ),
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
    problems.push(
      problem(
        ['lower_threshold'],
        NOTIFICATION_RULES.ordered,
        `lower_threshold ${lower} is above upper_threshold ${upper}`,
      ),
    );
  }
  const v03 = V03_NOTIFICATION_FIELDS.some(sent);
  const channel = config.email_enabled === true || config.webhook_enabled === true;
  const directionsKnown = !partial || (sent('notify_below') && sent('notify_above'));
  const directionOn = config.notify_below === true || config.notify_above === true;
  // Without a v0.3 field the legacy pair is a direction; a PATCH (partial) cannot see a stored one.
  const legacyDirection = given('score_threshold') && given('threshold_direction');
  const refuseAlone = !partial && channelWithoutDirection === 'refuse';
  const missing = v03 ? directionsKnown && !directionOn : refuseAlone && !legacyDirection;
  if (channel && missing) {
    problems.push(
      problem(
        ['notify_below'],
        NOTIFICATION_RULES.directionNeeded,
        'set notify_below or notify_above to true when e-mail or webhook alerts are enabled',
      ),
    );
  }
  for (const [present, other] of [
    ['score_threshold', 'threshold_direction'],
    ['threshold_direction', 'score_threshold'],
  ] as const) {
    if (given(present) && knownMissing(other)) {
      problems.push(
        problem(
          [other],
          NOTIFICATION_RULES.legacyTogether,
          `${other} is required with ${present}`,
          'missing',
        ),
      );
    }
  }
  return problems;
}

/** The stored config after a PATCH: fields sent replace stored ones, fields left out stay. */
export function mergeNotificationConfig(
  stored: Partial<NotificationConfig> | null | undefined,
  sent: Partial<NotificationConfig>,
): Partial<NotificationConfig> {
  const merged: Partial<NotificationConfig> = { ...(stored ?? {}) };
  for (const [key, value] of Object.entries(sent)) {
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  }
  return merged;
}
