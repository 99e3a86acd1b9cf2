// Generated from openapi/tracker-service.yaml by `pnpm generate`. Do not edit.
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

/** v0.3 reasoning multipliers (cost = sum of skill base costs x multiplier). */
export const REASONING_MULTIPLIERS = {
  "basic": 1,
  "advanced": 6,
  "super": 18,
  "zen": 40
} as const;

/** The suite's assumed skill catalog and base costs in quants (the spec does not show them). */
export const DEFAULT_SKILL_COSTS: Readonly<Record<string, number>> = {
  "web_research": 1,
  "stock_research": 2,
  "social_media_research": 1.5,
  "financial_markets": 2
};

/** Emulator score bands per signal, inclusive [min, max]. Consumers read a run's signal as given. */
export const SIGNAL_SCORE_BANDS = {
  "Poor": [
    0,
    1
  ],
  "Negative": [
    2,
    3
  ],
  "Neutral": [
    4,
    5
  ],
  "Positive": [
    6,
    7
  ],
  "Excellent": [
    8,
    10
  ]
} as const;

/** Accepted file extensions with the vault content type and source type they produce. */
export const FILE_TYPES = {
  "pdf": {
    "content_type": "text",
    "source_type": "PDF"
  },
  "csv": {
    "content_type": "json",
    "source_type": "CSV"
  },
  "txt": {
    "content_type": "text",
    "source_type": "TXT"
  },
  "md": {
    "content_type": "text",
    "source_type": "MD"
  },
  "jpg": {
    "content_type": "image",
    "source_type": "JPEG"
  },
  "jpeg": {
    "content_type": "image",
    "source_type": "JPEG"
  },
  "png": {
    "content_type": "image",
    "source_type": "PNG"
  }
} as const;

/** How the service (and the emulator) delivers alert webhooks. */
export const WEBHOOK_DELIVERY = {
  "timeout_seconds": 10,
  "attempts": 3,
  "backoff_seconds": [
    1,
    5
  ],
  "success": "any 2xx",
  "retry_after": "A 429 or 503 with Retry-After (delta-seconds or an HTTP-date) is honoured when it asks for longer than the backoff, within the same attempts.",
  "retry_after_max_seconds": 60
} as const;

/** The one secret policy of every Standard Webhooks signer and verifier in the suite. */
export const WEBHOOK_SECRET_POLICY = {
  "prefix": "whsec_",
  "min_key_bytes": 16
} as const;
