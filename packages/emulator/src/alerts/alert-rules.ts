import type { AlertData, RunResult } from '@trackerkit/client';
import { signalRank } from '../domain/signal.ts';
import type { StoredNotificationConfig } from '../store/records.ts';
import { V03_FIELDS } from '../validation/notification-rules.ts';

export interface AlertDecision {
  rule: AlertData['rule'];
  bound: AlertData['bound'];
  threshold: AlertData['threshold'];
  reason: string;
}

export type SignalLevelMatch = 'at-or-below' | 'exact';

/** Which setting decides alerts for this config (the order of the document's `webhooks` section). */
export function ruleOf(config: StoredNotificationConfig): AlertData['rule'] | null {
  if (config.notify_below === true || config.notify_above === true) return 'bounds';
  // Any v0.3 field present (even false or null) with both directions off: the bounds rule is chosen
  // and alerts on nothing (the document's NotificationConfig; its validation counts presence alike).
  if (V03_FIELDS.some((f) => config[f] !== undefined)) return null;
  if (config.score_threshold != null && config.threshold_direction != null) return 'score_threshold';
  return 'signal_level';
}

/** The alert condition met by a result, or null when it is not met. */
export function evaluateAlert(
  config: StoredNotificationConfig,
  result: RunResult,
  match: SignalLevelMatch,
): AlertDecision | null {
  const { score, signal } = result;
  switch (ruleOf(config)) {
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
      const level = config.signal_level;
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
