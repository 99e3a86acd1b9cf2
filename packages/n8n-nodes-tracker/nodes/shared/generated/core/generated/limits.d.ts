// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
export declare const LIMITS: {
    readonly pageDefault: 1;
    readonly pageSizeDefault: 20;
    readonly pageSizeMax: 100;
    readonly trackerNameMax: 50;
    readonly trackerDescriptionMax: 500;
    readonly instructionMax: 1000;
    readonly linkedTrackersMax: 10;
    readonly intervalMinutesMin: 1;
    readonly intervalMinutesMax: 1440;
    readonly vaultTtlDaysMin: 1;
    readonly vaultTtlDaysMax: 365;
    readonly scoreMin: 0;
    readonly scoreMax: 10;
    readonly recentLimitDefault: 10;
    readonly recentLimitMax: 100;
    readonly uploadRowsMax: 1000;
    readonly uploadBytesMax: 10000000;
    readonly fileBytesMax: 10000000;
    readonly sourceNameMax: 200;
    readonly sourceDescriptionMax: 500;
    readonly imageDescriptionMin: 10;
    readonly imageDescriptionMax: 500;
    readonly uploadsPerWindow: 30;
    readonly uploadWindowSeconds: 60;
    readonly sourceListsPerWindow: 200;
    readonly sourceListWindowSeconds: 60;
};
/** v0.3 reasoning multipliers (cost = sum of skill base costs x multiplier). */
export declare const REASONING_MULTIPLIERS: {
    readonly basic: 1;
    readonly advanced: 6;
    readonly super: 18;
    readonly zen: 40;
};
/** The suite's assumed skill catalog and base costs in quants (the spec does not show them). */
export declare const DEFAULT_SKILL_COSTS: Readonly<Record<string, number>>;
/** Emulator score bands per signal, inclusive [min, max]. Consumers read a run's signal as given. */
export declare const SIGNAL_SCORE_BANDS: {
    readonly Poor: readonly [0, 1];
    readonly Negative: readonly [2, 3];
    readonly Neutral: readonly [4, 5];
    readonly Positive: readonly [6, 7];
    readonly Excellent: readonly [8, 10];
};
/** Accepted file extensions with the vault content type and source type they produce. */
export declare const FILE_TYPES: {
    readonly pdf: {
        readonly content_type: "text";
        readonly source_type: "PDF";
    };
    readonly csv: {
        readonly content_type: "json";
        readonly source_type: "CSV";
    };
    readonly txt: {
        readonly content_type: "text";
        readonly source_type: "TXT";
    };
    readonly md: {
        readonly content_type: "text";
        readonly source_type: "MD";
    };
    readonly jpg: {
        readonly content_type: "image";
        readonly source_type: "JPEG";
    };
    readonly jpeg: {
        readonly content_type: "image";
        readonly source_type: "JPEG";
    };
    readonly png: {
        readonly content_type: "image";
        readonly source_type: "PNG";
    };
};
/** How the service (and the emulator) delivers alert webhooks. */
export declare const WEBHOOK_DELIVERY: {
    readonly timeout_seconds: 10;
    readonly attempts: 3;
    readonly backoff_seconds: readonly [1, 5];
    readonly success: "any 2xx";
    readonly retry_after: "A 429 or 503 with Retry-After (delta-seconds or an HTTP-date) is honoured when it asks for longer than the backoff, within the same attempts.";
    readonly retry_after_max_seconds: 60;
};
/** The one secret policy of every Standard Webhooks signer and verifier in the suite. */
export declare const WEBHOOK_SECRET_POLICY: {
    readonly prefix: "whsec_";
    readonly min_key_bytes: 16;
};
