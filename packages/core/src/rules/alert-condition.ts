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

/** Which setting decides alerts for a stored config; null when it alerts on nothing. */
export function alertRuleOf(config: Partial<NotificationConfig>): AlertData['rule'] | null {
  if (config.notify_below === true || config.notify_above === true) return 'bounds';
  // A v0.3 field present (even false or null) with both directions off: the bounds rule is chosen
  // and alerts on nothing; its validation counts presence alike.
  if (V03_NOTIFICATION_FIELDS.some((f) => config[f] !== undefined)) return null;
  if (config.score_threshold != null && config.threshold_direction != null) return 'score_threshold';
  return 'signal_level';
}

/** The alert condition a result meets, or null when it meets none. */
export function evaluateAlert(
  config: Partial<NotificationConfig>,
  result: Pick<RunResult, 'score' | 'signal'>,
  match: SignalLevelMatch = 'at-or-below',
): AlertDecision | null {
  const { score, signal } = result;
  switch (alertRuleOf(config)) {
    case 'bounds': {
      const lower = config.lower_threshold;
      const upper = config.upper_threshold;
      if (config.notify_below === true && lower != null && score <= lower) {
        return {
          rule: 'bounds',
          bound: 'lower',
          threshold: lower,
          reason: `Score ${score} is at or below the lower threshold ${lower}.`,
        };
      }
      if (config.notify_above === true && upper != null && score >= upper) {
        return {
          rule: 'bounds',
          bound: 'upper',
          threshold: upper,
          reason: `Score ${score} is at or above the upper threshold ${upper}.`,
        };
      }
      return null;
    }
    case 'score_threshold': {
      const t = Number(config.score_threshold);
      if (config.threshold_direction === 'below' && score <= t) {
        return {
          rule: 'score_threshold',
          bound: 'lower',
          threshold: t,
          reason: `Score ${score} is at or below the threshold ${t}.`,
        };
      }
      if (config.threshold_direction === 'above' && score >= t) {
        return {
          rule: 'score_threshold',
          bound: 'upper',
          threshold: t,
          reason: `Score ${score} is at or above the threshold ${t}.`,
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
