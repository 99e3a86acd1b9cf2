// Which alert condition a run's result meets (the document's `webhooks` section): the v0.3 bounds
// when a direction is on, else the legacy score_threshold, else signal_level.
import { DEFAULT_SIGNAL_LEVEL, signalRank } from '../document.ts';
import type { AlertData, NotificationConfig, RunResult } from '../types.ts';
import { V03_NOTIFICATION_FIELDS } from './notification.ts';

export interface AlertDecision {
  rule: AlertData['rule'];
  bound: AlertData['bound'];
  threshold: AlertData['threshold'];
  reason: string;
}

/** How signal_level matches: the suite's assumption is "at or below the level". */
export type SignalLevelMatch = 'at-or-below' | 'exact';

/** Which setting decides a stored config's alerts, and the score thresholds it alerts at. */
export interface AlertCondition {
  /** null: the config alerts on nothing. */
  rule: AlertData['rule'] | null;
  /** Alert when score <= lower (null: never by a low score). */
  lower: number | null;
  /** Alert when score >= upper (null: never by a high score). */
  upper: number | null;
}

/**
 * The one reading of a stored notification_config. The MCP server's signal chart runs this very
 * function in the browser, bundled by esbuild from this module, to draw the bounds the service
 * alerts at: what it imports must run in a browser (no Node built-in).
 */
export function alertCondition(config: Partial<NotificationConfig>): AlertCondition {
  if (config.notify_below === true || config.notify_above === true) {
    return {
      rule: 'bounds',
      lower: config.notify_below === true ? (config.lower_threshold ?? null) : null,
      upper: config.notify_above === true ? (config.upper_threshold ?? null) : null,
    };
  }
  // A v0.3 field present (even false or null) with both directions off: the bounds rule is chosen
  // and alerts on nothing; its validation counts presence alike.
  if (V03_NOTIFICATION_FIELDS.some((f) => (config as Record<string, unknown>)[f] !== undefined))
    return { rule: null, lower: null, upper: null };
  if (config.score_threshold != null && config.threshold_direction != null) {
    const t = Number(config.score_threshold);
    return {
      rule: 'score_threshold',
      lower: config.threshold_direction === 'below' ? t : null,
      upper: config.threshold_direction === 'above' ? t : null,
    };
  }
  return { rule: 'signal_level', lower: null, upper: null };
}

/** Which setting decides alerts for a stored config; null when it alerts on nothing. */
export function alertRuleOf(config: Partial<NotificationConfig>): AlertData['rule'] | null {
  return alertCondition(config).rule;
}

/** The alert condition a result meets, or null when it meets none. */
export function evaluateAlert(
  config: Partial<NotificationConfig>,
  result: Pick<RunResult, 'score' | 'signal'>,
  match: SignalLevelMatch = 'at-or-below',
): AlertDecision | null {
  const { score, signal } = result;
  const { rule, lower, upper } = alertCondition(config);
  switch (rule) {
    case 'bounds':
    case 'score_threshold': {
      // The same comparison for both; only the reason's wording names the setting.
      const [low, high] =
        rule === 'bounds' ? ['lower threshold', 'upper threshold'] : ['threshold', 'threshold'];
      if (lower !== null && score <= lower) {
        return {
          rule,
          bound: 'lower',
          threshold: lower,
          reason: `Score ${score} is at or below the ${low} ${lower}.`,
        };
      }
      if (upper !== null && score >= upper) {
        return {
          rule,
          bound: 'upper',
          threshold: upper,
          reason: `Score ${score} is at or above the ${high} ${upper}.`,
        };
      }
      return null;
    }
    case 'signal_level': {
      const level = config.signal_level ?? DEFAULT_SIGNAL_LEVEL;
      const decision = (reason: string): AlertDecision => ({
        rule: 'signal_level',
        bound: null,
        threshold: level,
        reason,
      });
      if (level === 'Any') return decision(`Signal ${signal} matches the alert level Any.`);
      if (match === 'exact')
        return signal === level ? decision(`Signal ${signal} matches the alert level ${level}.`) : null;
      return signalRank(signal) <= signalRank(level)
        ? decision(`Signal ${signal} is at or below the alert level ${level}.`)
        : null;
    }
    default:
      return null;
  }
}
