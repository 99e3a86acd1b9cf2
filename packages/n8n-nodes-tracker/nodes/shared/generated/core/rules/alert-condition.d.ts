// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import type { AlertData, NotificationConfig, RunResult } from '../types';
export interface AlertDecision {
    rule: AlertData['rule'];
    bound: AlertData['bound'];
    threshold: AlertData['threshold'];
    reason: string;
}
/** How signal_level matches: the suite's assumption is "at or below the level". */
export type SignalLevelMatch = 'at-or-below' | 'exact';
/** Which setting decides alerts for a stored config; null when it alerts on nothing. */
export declare function alertRuleOf(config: Partial<NotificationConfig>): AlertData['rule'] | null;
/** The alert condition a result meets, or null when it meets none. */
export declare function evaluateAlert(config: Partial<NotificationConfig>, result: Pick<RunResult, 'score' | 'signal'>, match?: SignalLevelMatch): AlertDecision | null;
