// Enumerations and patterns read from the OpenAPI document, so a change there reaches the tools.
import { openapiDocument } from '@trackerkit/client';

const schemas = openapiDocument.components.schemas;

export const REASONING_MODES = schemas.ReasoningMode.enum;
export const RUN_MODES = schemas.RunMode.enum;
export const SIGNALS = schemas.Signal.enum;
export const SIGNAL_LEVELS = schemas.SignalLevel.enum;
export const RUN_STATUSES = schemas.RunStatus.enum;
export const NOTIFICATION_STATUSES = schemas.NotificationStatus.enum;
export const CONTENT_TYPES = schemas.ContentType.enum;
export const SKILL_ID_PATTERN = new RegExp(schemas.SkillId.pattern);
export const SKILL_ID_MAX = schemas.SkillId.maxLength;
