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
 * The one reading of a stored notification_config. Self-contained on purpose (no outside name is
 * used when `v03Fields` is given): the MCP server's signal chart runs this very function in the
 * browser, its source put into the page, to draw the bounds the service alerts at.
 */
export declare function alertCondition(config: Partial<NotificationConfig>, v03Fields?: readonly string[]): AlertCondition;
/** Which setting decides alerts for a stored config; null when it alerts on nothing. */
export declare function alertRuleOf(config: Partial<NotificationConfig>): AlertData['rule'] | null;
/** The alert condition a result meets, or null when it meets none. */
export declare function evaluateAlert(config: Partial<NotificationConfig>, result: Pick<RunResult, 'score' | 'signal'>, match?: SignalLevelMatch): AlertDecision | null;
