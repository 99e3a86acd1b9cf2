// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
export interface paths {
    "/api/spaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List spaces
         * @description Spaces of the account that owns the token, newest first.
         */
        get: operations["listSpaces"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spaces/{space_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7 */
                space_id: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        /**
         * Get a space
         * @description One space of the account that owns the token, with its counters.
         */
        get: operations["getSpace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spaces/{space_id}/trackers": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7 */
                space_id: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a tracker
         * @description Creates a private tracker in the space, with its vault. `category` is taken from the
         *     space; `linked_trackers` defaults to `[]`; `notification_config` is `null` when omitted.
         *     Linked trackers must be the caller's own trackers in the same space (400 otherwise).
         */
        post: operations["createTracker"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trackers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the trackers of a space
         * @description Trackers are always scoped to a space; `space_id` is required. Newest first.
         */
        get: operations["listTrackers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trackers/{tracker_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10 */
                tracker_id: components["parameters"]["TrackerId"];
            };
            cookie?: never;
        };
        /**
         * Get a tracker
         * @description The tracker with its agent, schedule and notification settings.
         */
        get: operations["getTracker"];
        put?: never;
        post?: never;
        /**
         * Delete a tracker
         * @description Irreversibly removes the tracker with its schedule, runs, results, vault and sources.
         */
        delete: operations["deleteTracker"];
        options?: never;
        head?: never;
        /**
         * Update a tracker
         * @description Partial update: only the fields sent change. Switching `run_mode` to `scheduled` needs a
         *     schedule (sent now or already stored); `schedule: null` clears it. Linked trackers must be
         *     the caller's own trackers in the same space (400 otherwise).
         */
        patch: operations["updateTracker"];
        trace?: never;
    };
    "/api/trackers/{tracker_id}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10 */
                tracker_id: components["parameters"]["TrackerId"];
            };
            cookie?: never;
        };
        /**
         * List a tracker's runs
         * @description Newest first. Every filter combines with the others.
         */
        get: operations["listRuns"];
        put?: never;
        /**
         * Trigger a run
         * @description Asynchronous by default: answers 202 with a pending run; poll getRun until the status is
         *     `completed` or `failed`. With `sync: true` the response is held until the run finishes
         *     (200), so a client waiting for it needs a long timeout. A tracker whose reasoning mode is
         *     `zen` runs only asynchronously: `sync: true` answers 400. A request that may have reached
         *     the server must never be retried blindly: it would start a second run.
         *
         *     Mock servers answer one 2xx by default (Prism the lowest), which here would be a
         *     finished sync run; send `Prefer: code=202` to a mock for the service's default answer.
         */
        post: operations["triggerRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trackers/{tracker_id}/runs/{run_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10 */
                tracker_id: components["parameters"]["TrackerId"];
                /** @example run_5a0c3e0e-2a57-4a44-9f4f-5d1a3c0b9e11 */
                run_id: components["parameters"]["RunId"];
            };
            cookie?: never;
        };
        /**
         * Get a run
         * @description The run with its result, configuration snapshot and notification delivery; poll it after an async trigger.
         */
        get: operations["getRun"];
        put?: never;
        post?: never;
        /**
         * Delete a run
         * @description Removes the run and its result.
         */
        delete: operations["deleteRun"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trackers/{tracker_id}/vault/recent": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10 */
                tracker_id: components["parameters"]["TrackerId"];
            };
            cookie?: never;
        };
        /**
         * Get the vault's most recent data items
         * @description Items ordered by creation time, newest first.
         */
        get: operations["getVaultRecent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trackers/{tracker_id}/vault/sources": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10 */
                tracker_id: components["parameters"]["TrackerId"];
            };
            cookie?: never;
        };
        /**
         * List the vault's sources
         * @description Limited to 200 requests a minute per account (429 with `Retry-After` beyond). Newest first.
         */
        get: operations["listVaultSources"];
        put?: never;
        /**
         * Upload data to the vault
         * @description Free, and limited to 30 uploads a minute per account (429 with `Retry-After` beyond).
         *     JSON: one object or an array of at most 1,000 objects, and at most 10 MB per request.
         *     Multipart: one PDF, CSV, TXT, MD, JPG, JPEG or PNG file; images need a description of
         *     10-500 characters. When `source_name` equals an existing source of the tracker, the data
         *     is appended to it and `is_new_source` is false. A file whose type is not accepted, or whose
         *     content does not match its extension, answers 422 at `["body", "file"]`; 415 is for a
         *     request content type other than JSON or multipart.
         */
        post: operations["uploadVaultData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trackers/{tracker_id}/vault/sources/{source_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10 */
                tracker_id: components["parameters"]["TrackerId"];
                /** @example src_3f6b1a2c-9d8e-4c7b-8a6f-5e4d3c2b1a00 */
                source_id: components["parameters"]["SourceId"];
            };
            cookie?: never;
        };
        /**
         * Get a vault source
         * @description The source with its size and item count.
         */
        get: operations["getVaultSource"];
        put?: never;
        post?: never;
        /**
         * Delete a vault source
         * @description Irreversibly removes the source, its data items and their token indexes.
         */
        delete: operations["deleteVaultSource"];
        options?: never;
        head?: never;
        /**
         * Rename or describe a vault source
         * @description Existing data is not re-indexed.
         */
        patch: operations["updateVaultSource"];
        trace?: never;
    };
}
export interface webhooks {
    "tracker.alert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Alert after a run whose score meets the tracker's alert condition
         * @description Sent to the account's one webhook endpoint after a completed run when the tracker's
         *     `notification_config.webhook_enabled` is true and the result meets the condition:
         *     the v0.3 bounds when `notify_below` or `notify_above` is set (inclusive: score <=
         *     lower_threshold or score >= upper_threshold), otherwise the legacy `score_threshold`
         *     with `threshold_direction`, otherwise `signal_level`. The `webhook-id` header is the
         *     idempotency key: a retried delivery carries the same id.
         */
        post: operations["trackerAlert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "tracker.alert.resolved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A tracker's score is back inside its alert condition */
        post: operations["trackerAlertResolved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description Error body of every non-422 failure. */
        ErrorDetail: {
            detail: string;
        };
        /** @description FastAPI-style validation failure. */
        ValidationError: {
            detail: components["schemas"]["ValidationIssue"][];
        };
        ValidationIssue: {
            /** @description Where the problem is, e.g. `["body", "agent_config", "instruction"]` or `["query", "page_size"]`. */
            loc: (string | number)[];
            msg: string;
            /** @description A machine-readable kind, e.g. `missing`, `string_too_long`, `less_than_equal`. */
            type: string;
        };
        Pagination: {
            /** Format: int32 */
            page: number;
            /** Format: int32 */
            page_size: number;
            /** Format: int64 */
            total_items: number;
            /** Format: int64 */
            total_pages: number;
        };
        /** @description Returned by every successful DELETE; failures answer an error status instead. */
        DeleteEnvelope: {
            /** @constant */
            success: true;
            message: string;
            data: null;
            /** @description null on success; the shape on failure is not shown. */
            errors: null;
        };
        /**
         * @description A space id, `spc_` and a UUID.
         * @example spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7
         */
        SpaceId: string;
        /** @description An id in a request path (space, tracker, run, vault source), as the service issues it. */
        ResourceId: string;
        Space: {
            space_id: components["schemas"]["SpaceId"];
            name: string;
            description: string;
            category: string;
            capacity_gb: number;
            /** Format: int64 */
            throughput_per_hour: number;
            used_gb: number;
            monthly_cost: number;
            storage_cost: number;
            throughput_cost: number;
            /** Format: int64 */
            rate_limit_per_hour: number;
            is_active: boolean;
            /** Format: int64 */
            tracker_count: number;
            /** Format: int64 */
            source_count: number;
            /** Format: int64 */
            result_count: number;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description null when never updated
             */
            updated_at: string | null;
        };
        SpaceList: {
            data: components["schemas"]["Space"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @enum {string} */
        RunMode: "manual" | "scheduled";
        /**
         * @description Depth of analysis; scales the run's cost. `zen` (from v0.3) runs asynchronously only.
         * @default basic
         * @enum {string}
         */
        ReasoningMode: "basic" | "advanced" | "super" | "zen";
        /**
         * @description The run's label; read it as given, never derive it from the score. The emulator uses the bands 0-1 Poor, 2-3 Negative, 4-5 Neutral, 6-7 Positive, 8-10 Excellent.
         * @enum {string}
         */
        Signal: "Poor" | "Negative" | "Neutral" | "Positive" | "Excellent";
        /**
         * @description Base-release alert condition.
         * @default Poor
         * @enum {string}
         */
        SignalLevel: "Any" | "Poor" | "Negative" | "Neutral" | "Positive" | "Excellent";
        /** Format: int32 */
        Score: number;
        /** @enum {string} */
        RunStatus: "pending" | "running" | "completed" | "failed";
        /** @enum {string} */
        NotificationStatus: "success" | "failed" | "skipped";
        /** @description snake_case form of the skill name, e.g. web_research, stock_research, social_media_research. A skill outside the catalog answers 422 naming the skill. */
        SkillId: string;
        AgentConfig: {
            /** @description HOW to analyze (methodology, data sources, criteria). Must not contain score definitions; put those in score_meaning. */
            instruction: string;
            /** @description What the score represents (the axis; 10 positive by default). */
            score_meaning: string;
            /** @description Skill ids, additive. Empty means a general analyst using only the vault and linked trackers. */
            skills: components["schemas"]["SkillId"][];
            reasoning_mode?: components["schemas"]["ReasoningMode"];
            /**
             * @description The caller's own trackers in the same space, used as context. Linking is free.
             * @default []
             */
            linked_trackers?: string[];
        };
        /** @description Fields sent replace the stored ones; fields omitted stay (see the PATCH assumption). */
        AgentConfigUpdate: {
            instruction?: string;
            score_meaning?: string;
            skills?: components["schemas"]["SkillId"][];
            reasoning_mode?: components["schemas"]["ReasoningMode"];
            linked_trackers?: string[];
        };
        AgentConfigOut: {
            instruction: string;
            score_meaning: string;
            skills: string[];
            reasoning_mode: components["schemas"]["ReasoningMode"];
            linked_trackers: string[];
        };
        /** Format: int32 */
        Threshold: number | null;
        /**
         * @description Alert settings. Rules (422 otherwise): with `notify_below` true, `lower_threshold` is
         *     required; with `notify_above` true, `upper_threshold` is required; with both on,
         *     `lower_threshold <= upper_threshold`; when e-mail or webhook is enabled, at least one
         *     direction is required (`notify_below` or `notify_above` on, or the legacy pair
         *     `score_threshold` with `threshold_direction`); `score_threshold` and
         *     `threshold_direction` go together. Stored trackers without the v0.3 fields keep the base
         *     behaviour (legacy threshold if set, otherwise signal_level). When a v0.3 field is present
         *     but neither direction is on, no alert is sent.
         */
        NotificationConfig: {
            signal_level?: components["schemas"]["SignalLevel"];
            /**
             * @description Sends mail to the account's e-mail address.
             * @default false
             */
            email_enabled?: boolean;
            /**
             * @description Sends to the account-level webhook endpoint.
             * @default false
             */
            webhook_enabled?: boolean;
            /**
             * @description Enables the lower bound (v0.3).
             * @default false
             */
            notify_below?: boolean;
            /** @description Alert when score <= lower_threshold. */
            lower_threshold?: components["schemas"]["Threshold"];
            /**
             * @description Enables the upper bound (v0.3).
             * @default false
             */
            notify_above?: boolean;
            /** @description Alert when score >= upper_threshold. */
            upper_threshold?: components["schemas"]["Threshold"];
            /** @description Legacy single threshold (base release), used with threshold_direction. */
            score_threshold?: components["schemas"]["Threshold"];
            /**
             * @description Legacy direction. `below` alerts when score <= score_threshold; `above` when score >= score_threshold.
             * @enum {string|null}
             */
            threshold_direction?: "below" | "above" | null;
        };
        /** @description notification_config as returned, with the base fields' defaults filled in. */
        NotificationConfigOut: components["schemas"]["NotificationConfig"] & {
            signal_level: components["schemas"]["SignalLevel"];
            email_enabled: boolean;
            webhook_enabled: boolean;
        };
        Schedule: {
            /**
             * Format: date-time
             * @description First run, UTC.
             */
            start_time: string;
            /** Format: int32 */
            interval_minutes: number;
            /**
             * Format: date-time
             * @description No run after this instant; null runs forever.
             */
            end_time?: string | null;
        };
        /**
         * Format: int32
         * @description Days vault data is kept; null keeps it forever.
         */
        VaultTtlDays: number | null;
        TrackerCreate: {
            name: string;
            description: string;
            run_mode: components["schemas"]["RunMode"];
            agent_config: components["schemas"]["AgentConfig"];
            vault_ttl_days?: components["schemas"]["VaultTtlDays"];
            notification_config?: components["schemas"]["NotificationConfig"];
            /** @description Required when run_mode is scheduled. */
            schedule?: components["schemas"]["Schedule"] | null;
        };
        /** @description Every field is optional; only the fields sent change. */
        TrackerUpdate: {
            name?: string;
            description?: string;
            run_mode?: components["schemas"]["RunMode"];
            agent_config?: components["schemas"]["AgentConfigUpdate"];
            vault_ttl_days?: components["schemas"]["VaultTtlDays"];
            notification_config?: components["schemas"]["NotificationConfig"];
            /** @description null clears the schedule. */
            schedule?: components["schemas"]["Schedule"] | null;
        };
        /** @description v0.3 payload. visibility, is_public, star_count, usage_count and published_at are no longer returned (`propertyNames` forbids them). A manual tracker's `schedule` is null (the `allOf`). */
        Tracker: {
            tracker_id: string;
            space_id: string;
            name: string;
            description: string;
            run_mode: components["schemas"]["RunMode"];
            schedule: components["schemas"]["Schedule"] | null;
            vault_ttl_days: components["schemas"]["VaultTtlDays"];
            agent_config: components["schemas"]["AgentConfigOut"];
            /** @description null when never provided. */
            notification_config: components["schemas"]["NotificationConfigOut"] | null;
            /** @description Inherited from the space. */
            category: string;
            /** Format: date-time */
            last_run_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        } & ((unknown & {
            /** @constant */
            run_mode?: "scheduled";
        }) | (unknown & {
            schedule?: null;
        }));
        TrackerList: {
            data: components["schemas"]["Tracker"][];
            pagination: components["schemas"]["Pagination"];
        };
        RunTrigger: {
            /**
             * @description Hold the response until the run finishes. Never with zen.
             * @default false
             */
            sync?: boolean;
            /** @description Notes or metadata for the run. */
            context?: {
                [key: string]: unknown;
            };
        };
        RunResult: {
            score: components["schemas"]["Score"];
            signal: components["schemas"]["Signal"];
            analysis: string;
        };
        ConfigSnapshot: {
            agent_config: components["schemas"]["AgentConfigOut"];
            /** @enum {string} */
            trigger_type: "manual" | "scheduled";
            sync: boolean;
        };
        ChannelDelivery: {
            /** @enum {string} */
            status: "success" | "failed";
            /** @description Which condition was met, e.g. the bound crossed. */
            reason: string;
            /**
             * Format: int32
             * @description At most the delivery's attempts (x-trackerkit-delivery).
             */
            attempts: number;
            /** Format: date-time */
            delivered_at: string | null;
            error: string | null;
        };
        /** @description One key per channel; null when the channel was not attempted. */
        NotificationDelivery: {
            email: components["schemas"]["ChannelDelivery"] | null;
            webhook: components["schemas"]["ChannelDelivery"] | null;
        };
        Run: {
            run_id: string;
            tracker_id: string;
            space_id: string;
            status: components["schemas"]["RunStatus"];
            /** Format: date-time */
            started_at: string | null;
            /** Format: date-time */
            completed_at: string | null;
            quants_used: number;
            result: components["schemas"]["RunResult"] | null;
            config_snapshot: components["schemas"]["ConfigSnapshot"];
            notification_delivery: components["schemas"]["NotificationDelivery"];
            error_message: string | null;
        };
        RunList: {
            data: components["schemas"]["Run"][];
            pagination: components["schemas"]["Pagination"];
        };
        RunSyncResponse: {
            run_id: string;
            tracker_id: string;
            /** @enum {string} */
            status: "completed" | "failed";
            /** Format: date-time */
            started_at: string;
            /** Format: date-time */
            completed_at: string;
            execution_time_seconds: number;
            result: components["schemas"]["RunResult"] | null;
            error_message: string | null;
        };
        RunAsyncResponse: {
            run_id: string;
            tracker_id: string;
            /** @enum {string} */
            status: "pending";
            /** Format: date-time */
            created_at: string;
        };
        VaultSource: {
            source_id: string;
            name: string;
            description: string | null;
            /**
             * @description JSON for JSON uploads; for files the upper-case format.
             * @example JSON
             * @example PDF
             * @example CSV
             * @example TXT
             * @example MD
             * @example JPEG
             * @example PNG
             */
            source_type: string;
            /** Format: int64 */
            size_bytes: number;
            /**
             * Format: int64
             * @description Number of data items in the source.
             */
            data_count: number;
            /** @example completed */
            status: string;
            /** Format: date-time */
            uploaded_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        VaultSourceList: {
            data: components["schemas"]["VaultSource"][];
            pagination: components["schemas"]["Pagination"];
        };
        VaultUploadResponse: components["schemas"]["VaultSource"] & {
            /** Format: int64 */
            rows_processed: number;
            is_new_source: boolean;
            /** @description 0.0 for uploads. */
            cost_quants: number;
            metadata: Record<string, never> | null;
        };
        VaultRow: {
            [key: string]: unknown;
        };
        VaultJsonUpload: {
            source_name: string;
            /** @description Source description for search context. */
            description?: string;
            data: components["schemas"]["VaultRow"] | components["schemas"]["VaultRow"][];
        };
        VaultFileUpload: {
            /** @description PDF, CSV, TXT, MD, JPG, JPEG or PNG. */
            file: string;
            /** @description Defaults to the file name. */
            source_name?: string;
            /** @description Optional for documents; required for images, with at least `x-image-min-length` characters. */
            description?: string;
        };
        VaultSourceUpdate: {
            name?: string;
            description?: string;
        };
        /** @enum {string} */
        ContentType: "text" | "image" | "json";
        VaultDataItem: {
            data_id: string;
            source_id: string;
            /** @description JSON data is returned serialized. */
            content: string;
            content_type: components["schemas"]["ContentType"];
            /** Format: int64 */
            token_count: number;
            /** Format: date-time */
            created_at: string;
            metadata: Record<string, never> | null;
            source_name: string;
        };
        VaultFiltersApplied: {
            /** @enum {string} */
            mode: "retrieve";
            keywords: string[] | null;
            content_types: components["schemas"]["ContentType"][] | null;
            /** Format: date-time */
            since: string | null;
            /** Format: date-time */
            until: string | null;
            /** Format: int32 */
            limit: number;
            group_by: string | null;
            /** @enum {string} */
            order_by: "created_at";
            /** @enum {string} */
            order: "desc";
        };
        VaultRecentResponse: {
            /** @enum {string} */
            target: "vault";
            /** @enum {string} */
            mode: "retrieve";
            filters_applied: components["schemas"]["VaultFiltersApplied"];
            results: components["schemas"]["VaultDataItem"][];
            /** Format: int64 */
            total: number;
        };
        AlertData: {
            account_id: string;
            space_id: string;
            tracker_id: string;
            tracker_name: string;
            run_id: string;
            score: components["schemas"]["Score"];
            signal: components["schemas"]["Signal"];
            analysis: string;
            /**
             * @description Which setting decided the alert (v0.3 bounds, the legacy threshold, or the base signal level).
             * @enum {string}
             */
            rule: "bounds" | "score_threshold" | "signal_level";
            /**
             * @description The bound crossed under the bounds or legacy rule (legacy below → lower, above → upper); null for signal_level.
             * @enum {string|null}
             */
            bound: "lower" | "upper" | null;
            /**
             * Format: int32
             * @description The threshold crossed (an integer), or the signal level (a string) under the signal_level rule.
             */
            threshold: number | string | null;
            /** @description One sentence for people, e.g. "Score 2 is at or below the lower threshold 3." */
            reason: string;
            /** @enum {string} */
            trigger_type: "manual" | "scheduled";
            /** Format: date-time */
            completed_at: string;
            /**
             * Format: uri
             * @description A link to the run in the web console where the service gives one.
             */
            url: string | null;
        };
        /** @description Standard Webhooks payload shape (`type`, `timestamp`, `data`). Unknown fields may be added. */
        TrackerAlertEvent: {
            /** @constant */
            type: "tracker.alert";
            /** Format: date-time */
            timestamp: string;
            data: components["schemas"]["AlertData"];
        };
        TrackerAlertResolvedEvent: {
            /** @constant */
            type: "tracker.alert.resolved";
            /** Format: date-time */
            timestamp: string;
            data: components["schemas"]["AlertData"];
        };
    };
    responses: {
        /** @description Malformed request (body that is not JSON, unreadable multipart) or a v0.3 business rule: linked trackers not owned by the caller or not in the same space; zen with sync true. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "detail": "Zen reasoning mode runs asynchronously only; send sync false."
                 *     }
                 */
                "application/json": components["schemas"]["ErrorDetail"];
            };
        };
        /** @description Missing or invalid API token. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "detail": "Invalid or missing API token"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorDetail"];
            };
        };
        /** @description The account's quants balance does not cover the run. */
        InsufficientQuants: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "detail": "Insufficient quants"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorDetail"];
            };
        };
        /** @description Access denied (for example a space that is not active). */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "detail": "Space is not active"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorDetail"];
            };
        };
        /** @description The resource does not exist or belongs to another account. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "detail": "Tracker not found"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorDetail"];
            };
        };
        /** @description The request body exceeds the size limit. */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "detail": "Request body exceeds 10000000 bytes"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorDetail"];
            };
        };
        /** @description The body's content type is not one the operation accepts. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "detail": "Unsupported content type text/plain; use application/json"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorDetail"];
            };
        };
        /** @description The request failed validation (FastAPI style). */
        ValidationFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "detail": [
                 *         {
                 *           "loc": [
                 *             "body",
                 *             "name"
                 *           ],
                 *           "msg": "String should have at most 50 characters",
                 *           "type": "string_too_long"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ValidationError"];
            };
        };
        /** @description Rate limit exceeded. */
        RateLimited: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "detail": "Rate limit exceeded: 30 requests per 60 seconds"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorDetail"];
            };
        };
        /** @description The service failed. Not caused by the request: a client may retry reads; a run trigger that may have reached the service is not retried blindly. */
        InternalError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "detail": "Internal server error"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorDetail"];
            };
        };
        /** @description The service is overloaded or down for a moment; retry after `Retry-After` when given. */
        ServiceUnavailable: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "detail": "Service temporarily unavailable"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorDetail"];
            };
        };
    };
    parameters: {
        /** @description 1-based page number. */
        Page: number;
        PageSize: number;
        /** @example spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7 */
        SpaceId: components["schemas"]["ResourceId"];
        /** @example trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10 */
        TrackerId: components["schemas"]["ResourceId"];
        /** @example run_5a0c3e0e-2a57-4a44-9f4f-5d1a3c0b9e11 */
        RunId: components["schemas"]["ResourceId"];
        /** @example src_3f6b1a2c-9d8e-4c7b-8a6f-5e4d3c2b1a00 */
        SourceId: components["schemas"]["ResourceId"];
        /** @description Unique per event (`msg_` + id); the same on every retry of that event. */
        WebhookId: string;
        /** @description Unix seconds when this attempt was signed. */
        WebhookTimestamp: string;
        /** @description Space-separated `v1,<base64>` entries: HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{raw body}` keyed with the base64-decoded part of the account's `whsec_` secret. */
        WebhookSignature: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description Whole seconds to wait before retrying (at least 1).
         * @example 30
         */
        "Retry-After": number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listSpaces: {
        parameters: {
            query?: {
                /** @description 1-based page number. */
                page?: components["parameters"]["Page"];
                page_size?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of spaces. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "space_id": "spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7",
                     *           "name": "Supply chain",
                     *           "description": "Supplier and logistics monitoring",
                     *           "category": "operations",
                     *           "capacity_gb": 10,
                     *           "throughput_per_hour": 1000,
                     *           "used_gb": 0.02,
                     *           "monthly_cost": 49,
                     *           "storage_cost": 9,
                     *           "throughput_cost": 40,
                     *           "rate_limit_per_hour": 3600,
                     *           "is_active": true,
                     *           "tracker_count": 1,
                     *           "source_count": 1,
                     *           "result_count": 12,
                     *           "created_at": "2026-11-01T09:00:00Z",
                     *           "updated_at": null
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "page": 1,
                     *         "page_size": 20,
                     *         "total_items": 1,
                     *         "total_pages": 1
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SpaceList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7 */
                space_id: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The space. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Space"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createTracker: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7 */
                space_id: components["parameters"]["SpaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TrackerCreate"];
            };
        };
        responses: {
            /** @description The tracker as created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tracker"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listTrackers: {
        parameters: {
            query: {
                /**
                 * @description The space whose trackers to list.
                 * @example spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7
                 */
                space_id: string;
                /** @description 1-based page number. */
                page?: components["parameters"]["Page"];
                page_size?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of trackers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "tracker_id": "trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10",
                     *           "space_id": "spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7",
                     *           "name": "ACME supplier risk",
                     *           "description": "Watches news and filings about ACME Corp for supply-chain risk.",
                     *           "run_mode": "scheduled",
                     *           "schedule": {
                     *             "start_time": "2026-11-21T08:00:00Z",
                     *             "interval_minutes": 1440,
                     *             "end_time": null
                     *           },
                     *           "vault_ttl_days": 30,
                     *           "agent_config": {
                     *             "instruction": "Review recent news, filings and the vault's delivery data; weigh delays and financial stress.",
                     *             "score_meaning": "10 means no supply risk; 0 means imminent disruption.",
                     *             "skills": [
                     *               "web_research"
                     *             ],
                     *             "reasoning_mode": "advanced",
                     *             "linked_trackers": []
                     *           },
                     *           "notification_config": {
                     *             "signal_level": "Poor",
                     *             "email_enabled": false,
                     *             "webhook_enabled": true,
                     *             "notify_below": true,
                     *             "lower_threshold": 3,
                     *             "notify_above": false,
                     *             "upper_threshold": null
                     *           },
                     *           "category": "operations",
                     *           "last_run_at": "2026-11-21T08:00:04Z",
                     *           "created_at": "2026-11-20T10:00:00Z",
                     *           "updated_at": "2026-11-20T10:00:00Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "page": 1,
                     *         "page_size": 20,
                     *         "total_items": 1,
                     *         "total_pages": 1
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["TrackerList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getTracker: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10 */
                tracker_id: components["parameters"]["TrackerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tracker. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tracker"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteTracker: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10 */
                tracker_id: components["parameters"]["TrackerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteEnvelope"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateTracker: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10 */
                tracker_id: components["parameters"]["TrackerId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TrackerUpdate"];
            };
        };
        responses: {
            /** @description The full updated tracker. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tracker"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listRuns: {
        parameters: {
            query?: {
                status?: components["schemas"]["RunStatus"];
                signal?: components["schemas"]["Signal"];
                notification_status?: components["schemas"]["NotificationStatus"];
                /** @description Runs started at or after this instant. */
                start_date?: string;
                /** @description Runs started at or before this instant. */
                end_date?: string;
                min_score?: components["schemas"]["Score"];
                max_score?: components["schemas"]["Score"];
                /** @description 1-based page number. */
                page?: components["parameters"]["Page"];
                page_size?: components["parameters"]["PageSize"];
            };
            header?: never;
            path: {
                /** @example trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10 */
                tracker_id: components["parameters"]["TrackerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of runs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "run_id": "run_5a0c3e0e-2a57-4a44-9f4f-5d1a3c0b9e11",
                     *           "tracker_id": "trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10",
                     *           "space_id": "spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7",
                     *           "status": "completed",
                     *           "started_at": "2026-11-21T08:00:00Z",
                     *           "completed_at": "2026-11-21T08:00:04Z",
                     *           "quants_used": 6,
                     *           "result": {
                     *             "score": 2,
                     *             "signal": "Negative",
                     *             "analysis": "Two shipments are more than a week late."
                     *           },
                     *           "config_snapshot": {
                     *             "agent_config": {
                     *               "instruction": "Review recent news, filings and the vault's delivery data; weigh delays and financial stress.",
                     *               "score_meaning": "10 means no supply risk; 0 means imminent disruption.",
                     *               "skills": [
                     *                 "web_research"
                     *               ],
                     *               "reasoning_mode": "advanced",
                     *               "linked_trackers": []
                     *             },
                     *             "trigger_type": "scheduled",
                     *             "sync": false
                     *           },
                     *           "notification_delivery": {
                     *             "email": null,
                     *             "webhook": {
                     *               "status": "success",
                     *               "reason": "Score 2 is at or below the lower threshold 3.",
                     *               "attempts": 1,
                     *               "delivered_at": "2026-11-21T08:00:05Z",
                     *               "error": null
                     *             }
                     *           },
                     *           "error_message": null
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "page": 1,
                     *         "page_size": 20,
                     *         "total_items": 1,
                     *         "total_pages": 1
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["RunList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    triggerRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10 */
                tracker_id: components["parameters"]["TrackerId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RunTrigger"];
            };
        };
        responses: {
            /** @description Sync run finished (completed or failed). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "run_id": "run_5a0c3e0e-2a57-4a44-9f4f-5d1a3c0b9e11",
                     *       "tracker_id": "trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10",
                     *       "status": "completed",
                     *       "started_at": "2026-11-21T08:00:00Z",
                     *       "completed_at": "2026-11-21T08:00:04Z",
                     *       "execution_time_seconds": 4.2,
                     *       "result": {
                     *         "score": 7,
                     *         "signal": "Positive",
                     *         "analysis": "Deliveries on time; no adverse filings."
                     *       },
                     *       "error_message": null
                     *     }
                     */
                    "application/json": components["schemas"]["RunSyncResponse"];
                };
            };
            /** @description Async run accepted. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "run_id": "run_5a0c3e0e-2a57-4a44-9f4f-5d1a3c0b9e11",
                     *       "tracker_id": "trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10",
                     *       "status": "pending",
                     *       "created_at": "2026-11-21T08:00:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["RunAsyncResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientQuants"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10 */
                tracker_id: components["parameters"]["TrackerId"];
                /** @example run_5a0c3e0e-2a57-4a44-9f4f-5d1a3c0b9e11 */
                run_id: components["parameters"]["RunId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10 */
                tracker_id: components["parameters"]["TrackerId"];
                /** @example run_5a0c3e0e-2a57-4a44-9f4f-5d1a3c0b9e11 */
                run_id: components["parameters"]["RunId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteEnvelope"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getVaultRecent: {
        parameters: {
            query?: {
                limit?: number;
                /**
                 * @description Comma-separated list of `text`, `image`, `json`.
                 * @example json,text
                 */
                content_types?: string;
                /** @description Only items created in the last N hours. */
                since_hours?: number;
            };
            header?: never;
            path: {
                /** @example trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10 */
                tracker_id: components["parameters"]["TrackerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The items. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "target": "vault",
                     *       "mode": "retrieve",
                     *       "filters_applied": {
                     *         "mode": "retrieve",
                     *         "keywords": null,
                     *         "content_types": [
                     *           "json"
                     *         ],
                     *         "since": "2026-11-20T08:00:00Z",
                     *         "until": null,
                     *         "limit": 10,
                     *         "group_by": null,
                     *         "order_by": "created_at",
                     *         "order": "desc"
                     *       },
                     *       "results": [
                     *         {
                     *           "data_id": "dat_0b8e2f61-1c1e-4e0a-9d55-6a7d5b7c9a01",
                     *           "source_id": "src_3f6b1a2c-9d8e-4c7b-8a6f-5e4d3c2b1a00",
                     *           "content": "{\"sku\":\"A-1\",\"late_days\":4}",
                     *           "content_type": "json",
                     *           "token_count": 9,
                     *           "created_at": "2026-11-21T07:59:00Z",
                     *           "metadata": null,
                     *           "source_name": "deliveries"
                     *         }
                     *       ],
                     *       "total": 1
                     *     }
                     */
                    "application/json": components["schemas"]["VaultRecentResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listVaultSources: {
        parameters: {
            query?: {
                /** @description 1-based page number. */
                page?: components["parameters"]["Page"];
                page_size?: components["parameters"]["PageSize"];
            };
            header?: never;
            path: {
                /** @example trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10 */
                tracker_id: components["parameters"]["TrackerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sources. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "source_id": "src_3f6b1a2c-9d8e-4c7b-8a6f-5e4d3c2b1a00",
                     *           "name": "deliveries",
                     *           "description": "Weekly supplier delivery log",
                     *           "source_type": "JSON",
                     *           "size_bytes": 58,
                     *           "data_count": 2,
                     *           "status": "completed",
                     *           "uploaded_at": "2026-11-21T07:59:00Z",
                     *           "updated_at": "2026-11-21T07:59:00Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "page": 1,
                     *         "page_size": 20,
                     *         "total_items": 1,
                     *         "total_pages": 1
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["VaultSourceList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    uploadVaultData: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10 */
                tracker_id: components["parameters"]["TrackerId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VaultJsonUpload"];
                "multipart/form-data": components["schemas"]["VaultFileUpload"];
            };
        };
        responses: {
            /** @description Stored. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "source_id": "src_3f6b1a2c-9d8e-4c7b-8a6f-5e4d3c2b1a00",
                     *       "name": "deliveries",
                     *       "description": "Weekly supplier delivery log",
                     *       "source_type": "JSON",
                     *       "size_bytes": 58,
                     *       "data_count": 2,
                     *       "status": "completed",
                     *       "uploaded_at": "2026-11-21T07:59:00Z",
                     *       "updated_at": "2026-11-21T07:59:00Z",
                     *       "rows_processed": 2,
                     *       "is_new_source": true,
                     *       "cost_quants": 0,
                     *       "metadata": null
                     *     }
                     */
                    "application/json": components["schemas"]["VaultUploadResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getVaultSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10 */
                tracker_id: components["parameters"]["TrackerId"];
                /** @example src_3f6b1a2c-9d8e-4c7b-8a6f-5e4d3c2b1a00 */
                source_id: components["parameters"]["SourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The source. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VaultSource"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteVaultSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10 */
                tracker_id: components["parameters"]["TrackerId"];
                /** @example src_3f6b1a2c-9d8e-4c7b-8a6f-5e4d3c2b1a00 */
                source_id: components["parameters"]["SourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteEnvelope"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateVaultSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10 */
                tracker_id: components["parameters"]["TrackerId"];
                /** @example src_3f6b1a2c-9d8e-4c7b-8a6f-5e4d3c2b1a00 */
                source_id: components["parameters"]["SourceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VaultSourceUpdate"];
            };
        };
        responses: {
            /** @description The full updated source. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VaultSource"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    trackerAlert: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique per event (`msg_` + id); the same on every retry of that event. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description Space-separated `v1,<base64>` entries: HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{raw body}` keyed with the base64-decoded part of the account's `whsec_` secret. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "tracker.alert",
                 *       "timestamp": "2026-11-21T08:00:05Z",
                 *       "data": {
                 *         "account_id": "acc_6e1c4b7a-0d2f-4a39-b1e8-3c5d7f9a2b40",
                 *         "space_id": "spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7",
                 *         "tracker_id": "trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10",
                 *         "tracker_name": "ACME supplier risk",
                 *         "run_id": "run_5a0c3e0e-2a57-4a44-9f4f-5d1a3c0b9e11",
                 *         "score": 2,
                 *         "signal": "Negative",
                 *         "analysis": "Two shipments are more than a week late and a lender filed a notice.",
                 *         "rule": "bounds",
                 *         "bound": "lower",
                 *         "threshold": 3,
                 *         "reason": "Score 2 is at or below the lower threshold 3.",
                 *         "trigger_type": "scheduled",
                 *         "completed_at": "2026-11-21T08:00:04Z",
                 *         "url": null
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["TrackerAlertEvent"];
            };
        };
        responses: {
            /** @description Accepted. Any 2xx counts as delivered. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver rejected the signature; the sender does not retry. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver could not store the alert; the sender retries. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    trackerAlertResolved: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique per event (`msg_` + id); the same on every retry of that event. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description Space-separated `v1,<base64>` entries: HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{raw body}` keyed with the base64-decoded part of the account's `whsec_` secret. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "tracker.alert.resolved",
                 *       "timestamp": "2026-11-22T08:00:05Z",
                 *       "data": {
                 *         "account_id": "acc_6e1c4b7a-0d2f-4a39-b1e8-3c5d7f9a2b40",
                 *         "space_id": "spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7",
                 *         "tracker_id": "trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10",
                 *         "tracker_name": "ACME supplier risk",
                 *         "run_id": "run_7c2d4e6f-8a9b-4c0d-9e1f-2a3b4c5d6e7f",
                 *         "score": 6,
                 *         "signal": "Positive",
                 *         "analysis": "Deliveries recovered.",
                 *         "rule": "bounds",
                 *         "bound": null,
                 *         "threshold": null,
                 *         "reason": "Score 6 is back inside the alert condition.",
                 *         "trigger_type": "scheduled",
                 *         "completed_at": "2026-11-22T08:00:04Z",
                 *         "url": null
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["TrackerAlertResolvedEvent"];
            };
        };
        responses: {
            /** @description Accepted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
