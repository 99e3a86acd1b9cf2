// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import { type Problem } from '../problem';
import type { NotificationConfig } from '../types';
export declare const V03_NOTIFICATION_FIELDS: readonly ["notify_below", "lower_threshold", "notify_above", "upper_threshold"];
export interface NotificationCheck {
    /** True for a PATCH checked without the stored config. */
    partial: boolean;
}
export declare function notificationProblems(config: Partial<NotificationConfig> | null | undefined, { partial }: NotificationCheck): Problem[];
/** The stored config after a PATCH: fields sent replace stored ones, fields left out stay. */
export declare function mergeNotificationConfig(stored: Partial<NotificationConfig> | null | undefined, sent: Partial<NotificationConfig>): Partial<NotificationConfig>;
