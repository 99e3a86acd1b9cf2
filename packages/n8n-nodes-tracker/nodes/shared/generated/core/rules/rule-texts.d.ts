// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
/** The v0.3 notification_config rules, in the document's order. */
export declare const NOTIFICATION_RULES: {
    readonly belowNeedsLower: "notify_below requires lower_threshold";
    readonly aboveNeedsUpper: "notify_above requires upper_threshold";
    readonly ordered: "lower_threshold <= upper_threshold when both directions are on";
    readonly directionNeeded: "a direction is required when a v0.3 field is present and a channel is enabled";
    readonly legacyTogether: "score_threshold and threshold_direction are given together";
};
export declare const VALIDATION_RULES: {
    readonly belowNeedsLower: "notify_below requires lower_threshold";
    readonly aboveNeedsUpper: "notify_above requires upper_threshold";
    readonly ordered: "lower_threshold <= upper_threshold when both directions are on";
    readonly directionNeeded: "a direction is required when a v0.3 field is present and a channel is enabled";
    readonly legacyTogether: "score_threshold and threshold_direction are given together";
    /** RunTrigger.sync */
    readonly zenSync: "zen trackers run with sync false only";
    /** TrackerCreate.schedule */
    readonly scheduleRequired: "schedule is required when run_mode is scheduled";
    /** TrackerUpdate.schedule */
    readonly scheduleNotNull: "schedule cannot be null when run_mode is scheduled";
    /** Schedule */
    readonly scheduleOrder: "end_time is not before start_time (equal means one run)";
    /** AgentConfig.linked_trackers (and AgentConfigUpdate's) */
    readonly linkedTrackersMax: "at most 10 linked trackers";
    /** Checked by the service: only it knows who owns a tracker id. */
    readonly linkedTrackersOwn: "linked trackers are the caller's own trackers in the same space (400 otherwise)";
    /** VaultFileUpload.file */
    readonly fileExtension: "the file name's extension is one of x-file-types";
    readonly fileContent: "the content matches the extension (PDF, PNG and JPEG by their signature; CSV, TXT and MD as UTF-8 text)";
    readonly fileNotEmpty: "the file is not empty";
    /** VaultFileUpload.description */
    readonly imageDescription: "a description of 10-500 characters is required for jpg, jpeg and png files";
    /** ResourceId: an id in a request path (its pattern's words; the length is `maxLength`). */
    readonly resourceId: "not . or .., and no /, \\, ?, #, %, whitespace or control characters";
};
