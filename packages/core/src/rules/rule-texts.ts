// The rule texts every layer reports, read from the document's `x-trackerkit-rules` so the
// document stays their one source. Keyword rules (`maxLength: 50`) come from the schemas.
import { openapiDocument } from '../generated/document.ts';

const schemas = openapiDocument.components.schemas;
const [linkedTrackersMax, linkedTrackersOwn] =
  schemas.AgentConfig.properties.linked_trackers['x-trackerkit-rules'];
const [fileExtension, fileContent, fileNotEmpty] =
  schemas.VaultFileUpload.properties.file['x-trackerkit-rules'];
const [belowNeedsLower, aboveNeedsUpper, ordered, directionNeeded, legacyTogether] =
  schemas.NotificationConfig['x-trackerkit-rules'];

/** The v0.3 notification_config rules, in the document's order. */
export const NOTIFICATION_RULES = {
  belowNeedsLower,
  aboveNeedsUpper,
  ordered,
  directionNeeded,
  legacyTogether,
} as const;

export const VALIDATION_RULES = {
  /** RunTrigger.sync */
  zenSync: schemas.RunTrigger.properties.sync['x-trackerkit-rules'][0],
  /** TrackerCreate.schedule */
  scheduleRequired: schemas.TrackerCreate.properties.schedule['x-trackerkit-rules'][0],
  /** TrackerUpdate.schedule */
  scheduleNotNull: schemas.TrackerUpdate.properties.schedule['x-trackerkit-rules'][0],
  /** Schedule */
  scheduleOrder: schemas.Schedule['x-trackerkit-rules'][0],
  /** AgentConfig.linked_trackers (and AgentConfigUpdate's) */
  linkedTrackersMax,
  /** Checked by the service: only it knows who owns a tracker id. */
  linkedTrackersOwn,
  /** VaultFileUpload.file */
  fileExtension,
  fileContent,
  fileNotEmpty,
  /** VaultFileUpload.description */
  imageDescription: schemas.VaultFileUpload.properties.description['x-trackerkit-rules'][0],
  /** ResourceId: an id in a request path (its pattern's words; the length is `maxLength`). */
  resourceId: schemas.ResourceId['x-trackerkit-rules'][0],
  ...NOTIFICATION_RULES,
} as const;
