// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import { openapiDocument } from './generated/document';
import type { components } from './generated/openapi';
type Schemas = components['schemas'];
export declare const SIGNALS: readonly Schemas['Signal'][];
export declare const SIGNAL_LEVELS: readonly Schemas['SignalLevel'][];
export declare const RUN_MODES: readonly Schemas['RunMode'][];
export declare const RUN_STATUSES: readonly Schemas['RunStatus'][];
export declare const REASONING_MODES: readonly Schemas['ReasoningMode'][];
export declare const NOTIFICATION_STATUSES: readonly Schemas['NotificationStatus'][];
export declare const CONTENT_TYPES: readonly Schemas['ContentType'][];
export declare const DEFAULT_REASONING_MODE: Schemas['ReasoningMode'];
export declare const DEFAULT_SIGNAL_LEVEL: Schemas['SignalLevel'];
/** The published form of a space id, anchored (`^spc_<uuid>$`); other ids are opaque. */
export declare const SPACE_ID_PATTERN: string;
/** The alert event types: the keys of the document's `webhooks` section. */
export type AlertEventType = keyof typeof openapiDocument.webhooks;
export declare const ALERT_EVENT_TYPES: AlertEventType[];
export declare const ALERT_EVENT: {
    readonly fired: AlertEventType;
    readonly resolved: AlertEventType;
};
export declare const isAlertEventType: (type: unknown) => type is AlertEventType;
/** Rank of a signal from worst (0, Poor) to best. */
export declare const signalRank: (signal: Schemas["Signal"]) => number;
/** The header that carries the service's request id (an assumption the document records). */
export declare const REQUEST_ID_HEADER: string;
export {};
