// Names and enumerations read from the document, so every layer spells them one way.
import { openapiDocument } from './generated/document.ts';
import type { components } from './generated/openapi.ts';

type Schemas = components['schemas'];
const schemas = openapiDocument.components.schemas;

export const SIGNALS: readonly Schemas['Signal'][] = schemas.Signal.enum;
export const SIGNAL_LEVELS: readonly Schemas['SignalLevel'][] = schemas.SignalLevel.enum;
export const RUN_MODES: readonly Schemas['RunMode'][] = schemas.RunMode.enum;
export const RUN_STATUSES: readonly Schemas['RunStatus'][] = schemas.RunStatus.enum;
export const REASONING_MODES: readonly Schemas['ReasoningMode'][] = schemas.ReasoningMode.enum;
export const NOTIFICATION_STATUSES: readonly Schemas['NotificationStatus'][] =
  schemas.NotificationStatus.enum;
export const CONTENT_TYPES: readonly Schemas['ContentType'][] = schemas.ContentType.enum;
export const DEFAULT_REASONING_MODE: Schemas['ReasoningMode'] = schemas.ReasoningMode.default;
export const DEFAULT_SIGNAL_LEVEL: Schemas['SignalLevel'] = schemas.SignalLevel.default;
/** The published form of a space id, anchored (`^spc_<uuid>$`); other ids are opaque. */
export const SPACE_ID_PATTERN: string = schemas.SpaceId.pattern;

/** The alert event types: the keys of the document's `webhooks` section. */
export type AlertEventType = keyof typeof openapiDocument.webhooks;
export const ALERT_EVENT_TYPES = Object.keys(openapiDocument.webhooks) as AlertEventType[];
export const ALERT_EVENT: { readonly fired: AlertEventType; readonly resolved: AlertEventType } = {
  fired: 'tracker.alert',
  resolved: 'tracker.alert.resolved',
};

export const isAlertEventType = (type: unknown): type is AlertEventType =>
  typeof type === 'string' && Object.hasOwn(openapiDocument.webhooks, type);

/** Rank of a signal from worst (0, Poor) to best. */
export const signalRank = (signal: Schemas['Signal']): number => SIGNALS.indexOf(signal);

/** The header that carries the service's request id (an assumption the document records). */
export const REQUEST_ID_HEADER: string = openapiDocument['x-trackerkit-request-id-header'];
