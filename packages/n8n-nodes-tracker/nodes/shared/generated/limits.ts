// Generated from @trackerkit/client by scripts/bundle-client.mjs. Do not edit.
export const LIMITS = {
  "pageDefault": 1,
  "pageSizeDefault": 20,
  "pageSizeMax": 100,
  "trackerNameMax": 50,
  "trackerDescriptionMax": 500,
  "instructionMax": 1000,
  "linkedTrackersMax": 10,
  "intervalMinutesMin": 1,
  "intervalMinutesMax": 1440,
  "vaultTtlDaysMin": 1,
  "vaultTtlDaysMax": 365,
  "scoreMin": 0,
  "scoreMax": 10,
  "recentLimitDefault": 10,
  "recentLimitMax": 100,
  "uploadRowsMax": 1000,
  "uploadBytesMax": 10000000,
  "fileBytesMax": 10000000,
  "sourceNameMax": 200,
  "sourceDescriptionMax": 500,
  "imageDescriptionMin": 10,
  "imageDescriptionMax": 500,
  "uploadsPerWindow": 30,
  "uploadWindowSeconds": 60,
  "sourceListsPerWindow": 200,
  "sourceListWindowSeconds": 60
} as const;

export const SIGNALS = [
  "Poor",
  "Negative",
  "Neutral",
  "Positive",
  "Excellent"
] as const;

export const SIGNAL_LEVELS = [
  "Any",
  "Poor",
  "Negative",
  "Neutral",
  "Positive",
  "Excellent"
] as const;

export const RUN_MODES = [
  "manual",
  "scheduled"
] as const;

export const RUN_STATUSES = [
  "pending",
  "running",
  "completed",
  "failed"
] as const;

export const REASONING_MODES = [
  "basic",
  "advanced",
  "super",
  "zen"
] as const;

export const NOTIFICATION_STATUSES = [
  "success",
  "failed",
  "skipped"
] as const;

export const CONTENT_TYPES = [
  "text",
  "image",
  "json"
] as const;

export const FILE_EXTENSIONS = [
  "pdf",
  "csv",
  "txt",
  "md",
  "jpg",
  "jpeg",
  "png"
] as const;
