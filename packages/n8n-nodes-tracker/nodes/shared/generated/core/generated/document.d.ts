// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
export declare const openapiDocument: {
    readonly openapi: "3.1.0";
    readonly info: {
        readonly title: "Tracker Monitoring Service";
        readonly version: "0.3.0";
        readonly summary: "AI monitoring jobs (trackers) that produce scored signals, with a private vault per tracker.";
        readonly description: "The whole Tracker Monitoring Service API at release v0.3: spaces, trackers, runs and the\ntracker vault, and the alert webhook the service sends to the account's endpoint.\n\nThis document is trackerkit's single source of truth. Every limit the specification gives is\nwritten here once, as a schema keyword or as a documented `x-` extension, and the suite's code\nderives its constants from it (`packages/core/src/generated/limits.ts`).\n\nWhere the specification says \"not shown\", the suite states its assumption in an\n`x-trackerkit-assumption` note next to the field or operation it concerns. The emulator makes\nthe assumptions that could plausibly differ on the hosted service configurable.\n";
        readonly license: {
            readonly name: "MIT";
            readonly identifier: "MIT";
        };
        readonly contact: {
            readonly name: "trackerkit";
            readonly url: "https://www.npmjs.com/org/trackerkit";
        };
    };
    readonly servers: readonly [{
        readonly url: "http://127.0.0.1:4010/v1";
        readonly description: "Local trackerkit emulator for development and tests (`pnpm start` or `pnpm emulator`).";
        readonly "x-internal": true;
    }, {
        readonly url: "{base_url}";
        readonly description: "Production, the hosted service; the base address ends in the version segment `/v1`.";
        readonly "x-internal": false;
        readonly variables: {
            readonly base_url: {
                readonly default: "https://api.example.invalid/v1";
                readonly description: "The service base address, including `/v1`.";
            };
        };
    }];
    readonly security: readonly [{
        readonly bearerAuth: readonly [];
    }, {
        readonly apiKeyHeader: readonly [];
    }];
    readonly tags: readonly [{
        readonly name: "Spaces";
        readonly description: "Workspaces that hold trackers. Read-only through the API; managed in the web console.";
    }, {
        readonly name: "Trackers";
        readonly description: "AI monitoring jobs that produce signals.";
    }, {
        readonly name: "Runs";
        readonly description: "Executions of a tracker and their results.";
    }, {
        readonly name: "Vault";
        readonly description: "Each tracker's private store of files and JSON data used as context.";
    }];
    readonly "x-trackerkit-assumptions": {
        readonly ids: "Only space ids have a published form (`spc_` + UUID). The emulator uses `trk_`, `run_`, `src_`, `dat_` and `acc_` prefixes; clients treat every id as an opaque string, except that an id in a request path must be one the service could have issued (components.schemas.ResourceId).";
        readonly "error-status": "The specification does not show status codes for a missing token, unknown ids, rate limits or other validation failures. The suite assumes what the hosted service's public pages describe (not the specification): 401 for a missing or invalid token, 404 for ids that do not exist or belong to another account (no existence leak), 422 for schema validation, 429 with `Retry-After` for rate limits, 400 for malformed bodies and the v0.3 business rules, 403 for a space that is not active. A 500 or 503 (with `Retry-After` when the service gives one) is declared on every operation so that clients and mocks plan for server failures; the emulator answers them only on demand (faults).";
        readonly "space-limits": "The specification gives each space a `capacity_gb`, `throughput_per_hour` and `rate_limit_per_hour` but not what happens when they are reached. The emulator reports them (and `used_gb`) and does not enforce them: no upload is refused for capacity and no request for the space's hourly limits. Only the operations' `x-rate-limit` are enforced.";
        readonly "rate-limits": "Only the two vault limits are published (`x-rate-limit` on their operations). Other operations carry no documented limit; clients still honour 429 and `Retry-After` anywhere.";
        readonly "request-id": "The specification does not show a request id. Clients read the response header named by `x-trackerkit-request-id-header` when it is present and keep it on their errors; the emulator does not send one.";
        readonly "patch-semantics": "PATCH /api/trackers/{tracker_id} answers 200. `agent_config` and `notification_config` are merged shallowly with the stored values (fields sent replace, fields omitted stay); `schedule` is replaced and `null` clears it. The emulator's `--patch-objects replace` switches to replacement in case the hosted service differs.";
    };
    readonly "x-trackerkit-request-id-header": "X-Request-ID";
    readonly components: {
        readonly securitySchemes: {
            readonly bearerAuth: {
                readonly type: "http";
                readonly scheme: "bearer";
                readonly description: "`Authorization: Bearer qapi_...`, the scheme the specification documents. API tokens are created in the web console.";
                readonly "x-trackerkit-assumption": "The specification documents only `Authorization: Bearer`. The hosted service's public pages also mention `X-API-Key` and `X-API-Token` headers. `X-API-Key` is listed below as an alternative (the client sends it with `auth: 'x-api-key'`); `X-API-Token` is not a scheme of this document, only a convenience the emulator accepts.";
            };
            readonly apiKeyHeader: {
                readonly type: "apiKey";
                readonly in: "header";
                readonly name: "X-API-Key";
                readonly description: "The same API token in the `X-API-Key` header.";
                readonly "x-trackerkit-assumption": "Not in the specification, which documents only `Authorization: Bearer`; the hosted service's public pages mention it. Prefer Bearer.";
            };
        };
        readonly parameters: {
            readonly Page: {
                readonly name: "page";
                readonly in: "query";
                readonly description: "1-based page number.";
                readonly schema: {
                    readonly type: "integer";
                    readonly format: "int32";
                    readonly minimum: 1;
                    readonly maximum: 2147483647;
                    readonly default: 1;
                };
            };
            readonly PageSize: {
                readonly name: "page_size";
                readonly in: "query";
                readonly schema: {
                    readonly type: "integer";
                    readonly format: "int32";
                    readonly minimum: 1;
                    readonly maximum: 100;
                    readonly default: 20;
                };
            };
            readonly SpaceId: {
                readonly name: "space_id";
                readonly in: "path";
                readonly required: true;
                readonly schema: {
                    readonly $ref: "#/components/schemas/ResourceId";
                };
                readonly example: "spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7";
            };
            readonly TrackerId: {
                readonly name: "tracker_id";
                readonly in: "path";
                readonly required: true;
                readonly schema: {
                    readonly $ref: "#/components/schemas/ResourceId";
                };
                readonly example: "trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10";
            };
            readonly RunId: {
                readonly name: "run_id";
                readonly in: "path";
                readonly required: true;
                readonly schema: {
                    readonly $ref: "#/components/schemas/ResourceId";
                };
                readonly example: "run_5a0c3e0e-2a57-4a44-9f4f-5d1a3c0b9e11";
            };
            readonly SourceId: {
                readonly name: "source_id";
                readonly in: "path";
                readonly required: true;
                readonly schema: {
                    readonly $ref: "#/components/schemas/ResourceId";
                };
                readonly example: "src_3f6b1a2c-9d8e-4c7b-8a6f-5e4d3c2b1a00";
            };
            readonly WebhookId: {
                readonly name: "webhook-id";
                readonly in: "header";
                readonly required: true;
                readonly description: "Unique per event (`msg_` + id); the same on every retry of that event.";
                readonly schema: {
                    readonly type: "string";
                    readonly minLength: 1;
                };
            };
            readonly WebhookTimestamp: {
                readonly name: "webhook-timestamp";
                readonly in: "header";
                readonly required: true;
                readonly description: "Unix seconds when this attempt was signed.";
                readonly schema: {
                    readonly type: "string";
                    readonly pattern: "^[0-9]+$";
                };
            };
            readonly WebhookSignature: {
                readonly name: "webhook-signature";
                readonly in: "header";
                readonly required: true;
                readonly description: "Space-separated `v1,<base64>` entries: HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{raw body}` keyed with the base64-decoded part of the account's `whsec_` secret.";
                readonly schema: {
                    readonly type: "string";
                    readonly pattern: "^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$";
                };
            };
        };
        readonly headers: {
            readonly "Retry-After": {
                readonly description: "Whole seconds to wait before retrying (at least 1).";
                readonly schema: {
                    readonly type: "integer";
                    readonly format: "int32";
                    readonly minimum: 1;
                    readonly maximum: 86400;
                };
                readonly example: 30;
            };
        };
        readonly responses: {
            readonly BadRequest: {
                readonly description: "Malformed request (body that is not JSON, unreadable multipart) or a v0.3 business rule: linked trackers not owned by the caller or not in the same space; zen with sync true.";
                readonly content: {
                    readonly "application/json": {
                        readonly schema: {
                            readonly $ref: "#/components/schemas/ErrorDetail";
                        };
                        readonly example: {
                            readonly detail: "Zen reasoning mode runs asynchronously only; send sync false.";
                        };
                    };
                };
            };
            readonly Unauthorized: {
                readonly description: "Missing or invalid API token.";
                readonly content: {
                    readonly "application/json": {
                        readonly schema: {
                            readonly $ref: "#/components/schemas/ErrorDetail";
                        };
                        readonly example: {
                            readonly detail: "Invalid or missing API token";
                        };
                    };
                };
            };
            readonly InsufficientQuants: {
                readonly description: "The account's quants balance does not cover the run.";
                readonly content: {
                    readonly "application/json": {
                        readonly schema: {
                            readonly $ref: "#/components/schemas/ErrorDetail";
                        };
                        readonly example: {
                            readonly detail: "Insufficient quants";
                        };
                    };
                };
            };
            readonly Forbidden: {
                readonly description: "Access denied (for example a space that is not active).";
                readonly content: {
                    readonly "application/json": {
                        readonly schema: {
                            readonly $ref: "#/components/schemas/ErrorDetail";
                        };
                        readonly example: {
                            readonly detail: "Space is not active";
                        };
                    };
                };
            };
            readonly NotFound: {
                readonly description: "The resource does not exist or belongs to another account.";
                readonly content: {
                    readonly "application/json": {
                        readonly schema: {
                            readonly $ref: "#/components/schemas/ErrorDetail";
                        };
                        readonly example: {
                            readonly detail: "Tracker not found";
                        };
                    };
                };
            };
            readonly PayloadTooLarge: {
                readonly description: "The request body exceeds the size limit.";
                readonly content: {
                    readonly "application/json": {
                        readonly schema: {
                            readonly $ref: "#/components/schemas/ErrorDetail";
                        };
                        readonly example: {
                            readonly detail: "Request body exceeds 10000000 bytes";
                        };
                    };
                };
            };
            readonly UnsupportedMediaType: {
                readonly description: "The body's content type is not one the operation accepts.";
                readonly content: {
                    readonly "application/json": {
                        readonly schema: {
                            readonly $ref: "#/components/schemas/ErrorDetail";
                        };
                        readonly example: {
                            readonly detail: "Unsupported content type text/plain; use application/json";
                        };
                    };
                };
            };
            readonly ValidationFailed: {
                readonly description: "The request failed validation (FastAPI style).";
                readonly content: {
                    readonly "application/json": {
                        readonly schema: {
                            readonly $ref: "#/components/schemas/ValidationError";
                        };
                        readonly example: {
                            readonly detail: readonly [{
                                readonly loc: readonly ["body", "name"];
                                readonly msg: "String should have at most 50 characters";
                                readonly type: "string_too_long";
                            }];
                        };
                    };
                };
            };
            readonly RateLimited: {
                readonly description: "Rate limit exceeded.";
                readonly headers: {
                    readonly "Retry-After": {
                        readonly $ref: "#/components/headers/Retry-After";
                    };
                };
                readonly content: {
                    readonly "application/json": {
                        readonly schema: {
                            readonly $ref: "#/components/schemas/ErrorDetail";
                        };
                        readonly example: {
                            readonly detail: "Rate limit exceeded: 30 requests per 60 seconds";
                        };
                    };
                };
            };
            readonly InternalError: {
                readonly description: "The service failed. Not caused by the request: a client may retry reads; a run trigger that may have reached the service is not retried blindly.";
                readonly content: {
                    readonly "application/json": {
                        readonly schema: {
                            readonly $ref: "#/components/schemas/ErrorDetail";
                        };
                        readonly example: {
                            readonly detail: "Internal server error";
                        };
                    };
                };
            };
            readonly ServiceUnavailable: {
                readonly description: "The service is overloaded or down for a moment; retry after `Retry-After` when given.";
                readonly headers: {
                    readonly "Retry-After": {
                        readonly $ref: "#/components/headers/Retry-After";
                    };
                };
                readonly content: {
                    readonly "application/json": {
                        readonly schema: {
                            readonly $ref: "#/components/schemas/ErrorDetail";
                        };
                        readonly example: {
                            readonly detail: "Service temporarily unavailable";
                        };
                    };
                };
            };
        };
        readonly examples: {
            readonly SpaceValue: {
                readonly value: {
                    readonly space_id: "spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7";
                    readonly name: "Supply chain";
                    readonly description: "Supplier and logistics monitoring";
                    readonly category: "operations";
                    readonly capacity_gb: 10;
                    readonly throughput_per_hour: 1000;
                    readonly used_gb: 0.02;
                    readonly monthly_cost: 49;
                    readonly storage_cost: 9;
                    readonly throughput_cost: 40;
                    readonly rate_limit_per_hour: 3600;
                    readonly is_active: true;
                    readonly tracker_count: 1;
                    readonly source_count: 1;
                    readonly result_count: 12;
                    readonly created_at: "2026-11-01T09:00:00Z";
                    readonly updated_at: null;
                };
            };
            readonly TrackerValue: {
                readonly value: {
                    readonly tracker_id: "trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10";
                    readonly space_id: "spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7";
                    readonly name: "ACME supplier risk";
                    readonly description: "Watches news and filings about ACME Corp for supply-chain risk.";
                    readonly run_mode: "scheduled";
                    readonly schedule: {
                        readonly start_time: "2026-11-21T08:00:00Z";
                        readonly interval_minutes: 1440;
                        readonly end_time: null;
                    };
                    readonly vault_ttl_days: 30;
                    readonly agent_config: {
                        readonly instruction: "Review recent news, filings and the vault's delivery data; weigh delays and financial stress.";
                        readonly score_meaning: "10 means no supply risk; 0 means imminent disruption.";
                        readonly skills: readonly ["web_research"];
                        readonly reasoning_mode: "advanced";
                        readonly linked_trackers: readonly [];
                    };
                    readonly notification_config: {
                        readonly signal_level: "Poor";
                        readonly email_enabled: false;
                        readonly webhook_enabled: true;
                        readonly notify_below: true;
                        readonly lower_threshold: 3;
                        readonly notify_above: false;
                        readonly upper_threshold: null;
                    };
                    readonly category: "operations";
                    readonly last_run_at: "2026-11-21T08:00:04Z";
                    readonly created_at: "2026-11-20T10:00:00Z";
                    readonly updated_at: "2026-11-20T10:00:00Z";
                };
            };
            readonly RunValue: {
                readonly value: {
                    readonly run_id: "run_5a0c3e0e-2a57-4a44-9f4f-5d1a3c0b9e11";
                    readonly tracker_id: "trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10";
                    readonly space_id: "spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7";
                    readonly status: "completed";
                    readonly started_at: "2026-11-21T08:00:00Z";
                    readonly completed_at: "2026-11-21T08:00:04Z";
                    readonly quants_used: 6;
                    readonly result: {
                        readonly score: 2;
                        readonly signal: "Negative";
                        readonly analysis: "Two shipments are more than a week late.";
                    };
                    readonly config_snapshot: {
                        readonly agent_config: {
                            readonly instruction: "Review recent news, filings and the vault's delivery data; weigh delays and financial stress.";
                            readonly score_meaning: "10 means no supply risk; 0 means imminent disruption.";
                            readonly skills: readonly ["web_research"];
                            readonly reasoning_mode: "advanced";
                            readonly linked_trackers: readonly [];
                        };
                        readonly trigger_type: "scheduled";
                        readonly sync: false;
                    };
                    readonly notification_delivery: {
                        readonly email: null;
                        readonly webhook: {
                            readonly status: "success";
                            readonly reason: "Score 2 is at or below the lower threshold 3.";
                            readonly attempts: 1;
                            readonly delivered_at: "2026-11-21T08:00:05Z";
                            readonly error: null;
                        };
                    };
                    readonly error_message: null;
                };
            };
            readonly SourceValue: {
                readonly value: {
                    readonly source_id: "src_3f6b1a2c-9d8e-4c7b-8a6f-5e4d3c2b1a00";
                    readonly name: "deliveries";
                    readonly description: "Weekly supplier delivery log";
                    readonly source_type: "JSON";
                    readonly size_bytes: 58;
                    readonly data_count: 2;
                    readonly status: "completed";
                    readonly uploaded_at: "2026-11-21T07:59:00Z";
                    readonly updated_at: "2026-11-21T07:59:00Z";
                };
            };
            readonly DeletedValue: {
                readonly value: {
                    readonly success: true;
                    readonly message: "Deleted";
                    readonly data: null;
                    readonly errors: null;
                };
            };
        };
        readonly schemas: {
            readonly ErrorDetail: {
                readonly type: "object";
                readonly description: "Error body of every non-422 failure.";
                readonly required: readonly ["detail"];
                readonly properties: {
                    readonly detail: {
                        readonly type: "string";
                    };
                };
            };
            readonly ValidationError: {
                readonly type: "object";
                readonly description: "FastAPI-style validation failure.";
                readonly required: readonly ["detail"];
                readonly properties: {
                    readonly detail: {
                        readonly type: "array";
                        readonly minItems: 1;
                        readonly maxItems: 10000;
                        readonly items: {
                            readonly $ref: "#/components/schemas/ValidationIssue";
                        };
                    };
                };
            };
            readonly ValidationIssue: {
                readonly type: "object";
                readonly required: readonly ["loc", "msg", "type"];
                readonly properties: {
                    readonly loc: {
                        readonly type: "array";
                        readonly maxItems: 64;
                        readonly description: "Where the problem is, e.g. `[\"body\", \"agent_config\", \"instruction\"]` or `[\"query\", \"page_size\"]`.";
                        readonly items: {
                            readonly oneOf: readonly [{
                                readonly type: "string";
                            }, {
                                readonly type: "integer";
                                readonly format: "int32";
                                readonly minimum: 0;
                                readonly maximum: 2147483647;
                            }];
                        };
                    };
                    readonly msg: {
                        readonly type: "string";
                    };
                    readonly type: {
                        readonly type: "string";
                        readonly description: "A machine-readable kind, e.g. `missing`, `string_too_long`, `less_than_equal`.";
                    };
                };
            };
            readonly Pagination: {
                readonly type: "object";
                readonly required: readonly ["page", "page_size", "total_items", "total_pages"];
                readonly properties: {
                    readonly page: {
                        readonly type: "integer";
                        readonly format: "int32";
                        readonly minimum: 1;
                        readonly maximum: 2147483647;
                    };
                    readonly page_size: {
                        readonly type: "integer";
                        readonly format: "int32";
                        readonly minimum: 1;
                        readonly maximum: 100;
                    };
                    readonly total_items: {
                        readonly type: "integer";
                        readonly format: "int64";
                        readonly minimum: 0;
                        readonly maximum: 9007199254740991;
                    };
                    readonly total_pages: {
                        readonly type: "integer";
                        readonly format: "int64";
                        readonly minimum: 0;
                        readonly maximum: 9007199254740991;
                    };
                };
            };
            readonly DeleteEnvelope: {
                readonly type: "object";
                readonly required: readonly ["success", "message", "data", "errors"];
                readonly description: "Returned by every successful DELETE; failures answer an error status instead.";
                readonly properties: {
                    readonly success: {
                        readonly type: "boolean";
                        readonly const: true;
                    };
                    readonly message: {
                        readonly type: "string";
                        readonly maxLength: 1000;
                    };
                    readonly data: {
                        readonly type: "null";
                    };
                    readonly errors: {
                        readonly type: "null";
                        readonly description: "null on success; the shape on failure is not shown.";
                        readonly "x-trackerkit-assumption": "Failures are answered with an error status and `{detail}` instead, so a delete envelope always carries `success: true` and `errors: null`.";
                    };
                };
            };
            readonly SpaceId: {
                readonly type: "string";
                readonly description: "A space id, `spc_` and a UUID.";
                readonly pattern: "^spc_[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";
                readonly examples: readonly ["spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7"];
                readonly "x-trackerkit-assumption": "The specification does not show the form of ids; the hosted service's public pages show space ids as `spc_` and a UUID. Only the Space object's own id carries the pattern: path parameters take the looser ResourceId and query parameters stay `minLength: 1`, so an id of another form is the service's to answer (404).";
            };
            readonly ResourceId: {
                readonly type: "string";
                readonly description: "An id in a request path (space, tracker, run, vault source), as the service issues it.";
                readonly minLength: 1;
                readonly maxLength: 200;
                readonly pattern: "^(?!\\.\\.?$)[^/\\\\?#%\\s\\u0000-\\u001F\\u007F-\\u009F]*$";
                readonly "x-trackerkit-rules": readonly ["not . or .., and no /, \\, ?, #, %, whitespace or control characters"];
                readonly "x-trackerkit-assumption": "The specification treats ids as opaque strings and gives no form or length. An id is a segment of the request path, where `.` and `..` are dot segments that address the parent resource once the path is normalised (`DELETE .../runs/..` would delete the tracker) and `/`, `\\`, `?`, `#` and `%` change which resource the path names; no id the service issues contains them, nor whitespace or control characters. 200 characters is assumed as a bound far above the ids seen (40). Every layer refuses such an id before sending; the emulator answers it 404 as an unknown id and never resolves it to another resource.";
            };
            readonly Space: {
                readonly type: "object";
                readonly required: readonly ["space_id", "name", "description", "category", "capacity_gb", "throughput_per_hour", "used_gb", "monthly_cost", "storage_cost", "throughput_cost", "rate_limit_per_hour", "is_active", "tracker_count", "source_count", "result_count", "created_at", "updated_at"];
                readonly properties: {
                    readonly space_id: {
                        readonly $ref: "#/components/schemas/SpaceId";
                    };
                    readonly name: {
                        readonly type: "string";
                    };
                    readonly description: {
                        readonly type: "string";
                    };
                    readonly category: {
                        readonly type: "string";
                    };
                    readonly capacity_gb: {
                        readonly type: "number";
                        readonly minimum: 0;
                    };
                    readonly throughput_per_hour: {
                        readonly type: "integer";
                        readonly format: "int64";
                        readonly minimum: 0;
                        readonly maximum: 9007199254740991;
                    };
                    readonly used_gb: {
                        readonly type: "number";
                        readonly minimum: 0;
                    };
                    readonly monthly_cost: {
                        readonly type: "number";
                    };
                    readonly storage_cost: {
                        readonly type: "number";
                    };
                    readonly throughput_cost: {
                        readonly type: "number";
                    };
                    readonly rate_limit_per_hour: {
                        readonly type: "integer";
                        readonly format: "int64";
                        readonly minimum: 0;
                        readonly maximum: 9007199254740991;
                    };
                    readonly is_active: {
                        readonly type: "boolean";
                    };
                    readonly tracker_count: {
                        readonly type: "integer";
                        readonly format: "int64";
                        readonly minimum: 0;
                        readonly maximum: 9007199254740991;
                    };
                    readonly source_count: {
                        readonly type: "integer";
                        readonly format: "int64";
                        readonly minimum: 0;
                        readonly maximum: 9007199254740991;
                    };
                    readonly result_count: {
                        readonly type: "integer";
                        readonly format: "int64";
                        readonly minimum: 0;
                        readonly maximum: 9007199254740991;
                    };
                    readonly created_at: {
                        readonly type: "string";
                        readonly format: "date-time";
                    };
                    readonly updated_at: {
                        readonly type: readonly ["string", "null"];
                        readonly format: "date-time";
                        readonly description: "null when never updated";
                    };
                };
            };
            readonly SpaceList: {
                readonly type: "object";
                readonly required: readonly ["data", "pagination"];
                readonly properties: {
                    readonly data: {
                        readonly type: "array";
                        readonly maxItems: 100;
                        readonly items: {
                            readonly $ref: "#/components/schemas/Space";
                        };
                    };
                    readonly pagination: {
                        readonly $ref: "#/components/schemas/Pagination";
                    };
                };
            };
            readonly RunMode: {
                readonly type: "string";
                readonly enum: readonly ["manual", "scheduled"];
            };
            readonly ReasoningMode: {
                readonly type: "string";
                readonly description: "Depth of analysis; scales the run's cost. `zen` (from v0.3) runs asynchronously only.";
                readonly enum: readonly ["basic", "advanced", "super", "zen"];
                readonly default: "basic";
                readonly "x-reasoning-multipliers": {
                    readonly basic: 1;
                    readonly advanced: 6;
                    readonly super: 18;
                    readonly zen: 40;
                };
                readonly "x-reasoning-multipliers-base-release": {
                    readonly basic: 1;
                    readonly advanced: 8;
                    readonly super: 30;
                };
            };
            readonly Signal: {
                readonly type: "string";
                readonly description: "The run's label; read it as given, never derive it from the score. The emulator uses the bands 0-1 Poor, 2-3 Negative, 4-5 Neutral, 6-7 Positive, 8-10 Excellent.";
                readonly "x-trackerkit-assumption": "The mapping from score to label is not shown. The hosted service's public pages say the label is checked by a second model, so it need not follow the score; the suite treats it as given and the emulator's bands are its own.";
                readonly enum: readonly ["Poor", "Negative", "Neutral", "Positive", "Excellent"];
                readonly "x-emulator-score-bands": {
                    readonly Poor: readonly [0, 1];
                    readonly Negative: readonly [2, 3];
                    readonly Neutral: readonly [4, 5];
                    readonly Positive: readonly [6, 7];
                    readonly Excellent: readonly [8, 10];
                };
            };
            readonly SignalLevel: {
                readonly type: "string";
                readonly description: "Base-release alert condition.";
                readonly enum: readonly ["Any", "Poor", "Negative", "Neutral", "Positive", "Excellent"];
                readonly default: "Poor";
                readonly "x-trackerkit-assumption": "The matching rule is not shown. The suite alerts when the run's signal is at or below the level on the scale Poor < Negative < Neutral < Positive < Excellent (`Any` matches every run). The emulator's `--signal-level-match exact` switches to an exact match.";
            };
            readonly Score: {
                readonly type: "integer";
                readonly format: "int32";
                readonly minimum: 0;
                readonly maximum: 10;
            };
            readonly RunStatus: {
                readonly type: "string";
                readonly enum: readonly ["pending", "running", "completed", "failed"];
            };
            readonly NotificationStatus: {
                readonly type: "string";
                readonly enum: readonly ["success", "failed", "skipped"];
                readonly "x-trackerkit-assumption": "A run's notification status is `skipped` when no channel was attempted (none enabled or the condition not met), `failed` when any attempted channel failed, `success` otherwise.";
            };
            readonly SkillId: {
                readonly type: "string";
                readonly description: "snake_case form of the skill name, e.g. web_research, stock_research, social_media_research. A skill outside the catalog answers 422 naming the skill.";
                readonly pattern: "^[a-z][a-z0-9]*(_[a-z0-9]+)*$";
                readonly maxLength: 100;
                readonly "x-trackerkit-default-skill-costs": {
                    readonly web_research: 1;
                    readonly stock_research: 2;
                    readonly social_media_research: 1.5;
                    readonly financial_markets: 2;
                };
                readonly "x-trackerkit-assumption": "A tracker lists at most 100 skills (the specification gives no maximum; the bound keeps the array limited). The skill catalog and prices are not shown. The default costs (quants per run at the basic multiplier) are the suite's assumption; the emulator and the client's cost estimate take the catalog as configuration.";
            };
            readonly AgentConfig: {
                readonly type: "object";
                readonly required: readonly ["instruction", "score_meaning", "skills"];
                readonly properties: {
                    readonly instruction: {
                        readonly type: "string";
                        readonly minLength: 1;
                        readonly maxLength: 1000;
                        readonly description: "HOW to analyze (methodology, data sources, criteria). Must not contain score definitions; put those in score_meaning.";
                    };
                    readonly score_meaning: {
                        readonly type: "string";
                        readonly minLength: 1;
                        readonly description: "What the score represents (the axis; 10 positive by default).";
                    };
                    readonly skills: {
                        readonly type: "array";
                        readonly maxItems: 100;
                        readonly description: "Skill ids, additive. Empty means a general analyst using only the vault and linked trackers.";
                        readonly items: {
                            readonly $ref: "#/components/schemas/SkillId";
                        };
                    };
                    readonly reasoning_mode: {
                        readonly $ref: "#/components/schemas/ReasoningMode";
                    };
                    readonly linked_trackers: {
                        readonly type: "array";
                        readonly description: "The caller's own trackers in the same space, used as context. Linking is free.";
                        readonly maxItems: 10;
                        readonly items: {
                            readonly type: "string";
                            readonly minLength: 1;
                        };
                        readonly default: readonly [];
                        readonly "x-trackerkit-assumption": "The specification contradicts itself: the base release allows 5 linked trackers and v0.3 states 10 \"as unchanged\". The document takes the larger, 10; the emulator's `--max-linked-trackers 5` applies the base release's maximum (422 beyond it).";
                        readonly "x-trackerkit-rules": readonly ["at most 10 linked trackers", "linked trackers are the caller's own trackers in the same space (400 otherwise)"];
                    };
                };
            };
            readonly AgentConfigUpdate: {
                readonly type: "object";
                readonly description: "Fields sent replace the stored ones; fields omitted stay (see the PATCH assumption).";
                readonly minProperties: 1;
                readonly properties: {
                    readonly instruction: {
                        readonly type: "string";
                        readonly minLength: 1;
                        readonly maxLength: 1000;
                    };
                    readonly score_meaning: {
                        readonly type: "string";
                        readonly minLength: 1;
                    };
                    readonly skills: {
                        readonly type: "array";
                        readonly maxItems: 100;
                        readonly items: {
                            readonly $ref: "#/components/schemas/SkillId";
                        };
                    };
                    readonly reasoning_mode: {
                        readonly $ref: "#/components/schemas/ReasoningMode";
                    };
                    readonly linked_trackers: {
                        readonly type: "array";
                        readonly maxItems: 10;
                        readonly items: {
                            readonly type: "string";
                            readonly minLength: 1;
                        };
                        readonly "x-trackerkit-assumption": "The specification contradicts itself: the base release allows 5 linked trackers and v0.3 states 10 \"as unchanged\". The document takes the larger, 10; the emulator's `--max-linked-trackers 5` applies the base release's maximum (422 beyond it).";
                        readonly "x-trackerkit-rules": readonly ["at most 10 linked trackers", "linked trackers are the caller's own trackers in the same space (400 otherwise)"];
                    };
                };
            };
            readonly AgentConfigOut: {
                readonly type: "object";
                readonly required: readonly ["instruction", "score_meaning", "skills", "reasoning_mode", "linked_trackers"];
                readonly properties: {
                    readonly instruction: {
                        readonly type: "string";
                    };
                    readonly score_meaning: {
                        readonly type: "string";
                    };
                    readonly skills: {
                        readonly type: "array";
                        readonly maxItems: 100;
                        readonly items: {
                            readonly type: "string";
                        };
                    };
                    readonly reasoning_mode: {
                        readonly $ref: "#/components/schemas/ReasoningMode";
                    };
                    readonly linked_trackers: {
                        readonly type: "array";
                        readonly maxItems: 10;
                        readonly items: {
                            readonly type: "string";
                        };
                    };
                };
            };
            readonly Threshold: {
                readonly type: readonly ["integer", "null"];
                readonly format: "int32";
                readonly minimum: 0;
                readonly maximum: 10;
                readonly "x-trackerkit-assumption": "The value range is not shown; the score's own range 0-10 is assumed.";
            };
            readonly NotificationConfig: {
                readonly type: "object";
                readonly description: "Alert settings. Rules (422 otherwise): with `notify_below` true, `lower_threshold` is\nrequired; with `notify_above` true, `upper_threshold` is required; with both on,\n`lower_threshold <= upper_threshold`; when e-mail or webhook is enabled, at least one\ndirection is required (`notify_below` or `notify_above` on, or the legacy pair\n`score_threshold` with `threshold_direction`); `score_threshold` and\n`threshold_direction` go together. Stored trackers without the v0.3 fields keep the base\nbehaviour (legacy threshold if set, otherwise signal_level). When a v0.3 field is present\nbut neither direction is on, no alert is sent.\n";
                readonly "x-trackerkit-assumption": "The specification says \"when email or webhook is enabled at least one direction is required\" and that the legacy fields \"remain supported for existing trackers\". The suite counts the legacy pair as a direction and refuses a channel without any (422 at `notify_below`), on create and on a PATCH that sends notification_config; a PATCH that does not send it leaves a stored config unchecked, so existing trackers keep working. Whether the hosted service still accepts a channel alone for new trackers (alerting by signal_level, the base release's behaviour) is not shown: the emulator's `--alerts-without-direction legacy` accepts it.";
                readonly "x-trackerkit-rules": readonly ["notify_below requires lower_threshold", "notify_above requires upper_threshold", "lower_threshold <= upper_threshold when both directions are on", "a direction is required when a channel is enabled", "score_threshold and threshold_direction are given together"];
                readonly properties: {
                    readonly signal_level: {
                        readonly $ref: "#/components/schemas/SignalLevel";
                    };
                    readonly email_enabled: {
                        readonly type: "boolean";
                        readonly default: false;
                        readonly description: "Sends mail to the account's e-mail address.";
                    };
                    readonly webhook_enabled: {
                        readonly type: "boolean";
                        readonly default: false;
                        readonly description: "Sends to the account-level webhook endpoint.";
                    };
                    readonly notify_below: {
                        readonly type: "boolean";
                        readonly default: false;
                        readonly description: "Enables the lower bound (v0.3).";
                    };
                    readonly lower_threshold: {
                        readonly $ref: "#/components/schemas/Threshold";
                        readonly description: "Alert when score <= lower_threshold.";
                    };
                    readonly notify_above: {
                        readonly type: "boolean";
                        readonly default: false;
                        readonly description: "Enables the upper bound (v0.3).";
                    };
                    readonly upper_threshold: {
                        readonly $ref: "#/components/schemas/Threshold";
                        readonly description: "Alert when score >= upper_threshold.";
                    };
                    readonly score_threshold: {
                        readonly $ref: "#/components/schemas/Threshold";
                        readonly description: "Legacy single threshold (base release), used with threshold_direction.";
                    };
                    readonly threshold_direction: {
                        readonly type: readonly ["string", "null"];
                        readonly enum: readonly ["below", "above", null];
                        readonly description: "Legacy direction. `below` alerts when score <= score_threshold; `above` when score >= score_threshold.";
                        readonly "x-trackerkit-assumption": "The type is not shown; a string enum below/above is assumed.";
                    };
                };
            };
            readonly NotificationConfigOut: {
                readonly description: "notification_config as returned, with the base fields' defaults filled in.";
                readonly allOf: readonly [{
                    readonly $ref: "#/components/schemas/NotificationConfig";
                }, {
                    readonly type: "object";
                    readonly required: readonly ["signal_level", "email_enabled", "webhook_enabled"];
                    readonly properties: {
                        readonly signal_level: {
                            readonly $ref: "#/components/schemas/SignalLevel";
                        };
                        readonly email_enabled: {
                            readonly type: "boolean";
                        };
                        readonly webhook_enabled: {
                            readonly type: "boolean";
                        };
                    };
                }];
            };
            readonly Schedule: {
                readonly type: "object";
                readonly required: readonly ["start_time", "interval_minutes"];
                readonly properties: {
                    readonly start_time: {
                        readonly type: "string";
                        readonly format: "date-time";
                        readonly description: "First run, UTC.";
                    };
                    readonly interval_minutes: {
                        readonly type: "integer";
                        readonly format: "int32";
                        readonly minimum: 1;
                        readonly maximum: 1440;
                    };
                    readonly end_time: {
                        readonly type: readonly ["string", "null"];
                        readonly format: "date-time";
                        readonly description: "No run after this instant; null runs forever.";
                    };
                };
                readonly "x-trackerkit-rules": readonly ["end_time is not before start_time (equal means one run)"];
            };
            readonly VaultTtlDays: {
                readonly type: readonly ["integer", "null"];
                readonly format: "int32";
                readonly minimum: 1;
                readonly maximum: 365;
                readonly description: "Days vault data is kept; null keeps it forever.";
            };
            readonly TrackerCreate: {
                readonly type: "object";
                readonly required: readonly ["name", "description", "run_mode", "agent_config"];
                readonly properties: {
                    readonly name: {
                        readonly type: "string";
                        readonly minLength: 1;
                        readonly maxLength: 50;
                    };
                    readonly description: {
                        readonly type: "string";
                        readonly minLength: 1;
                        readonly maxLength: 500;
                    };
                    readonly run_mode: {
                        readonly $ref: "#/components/schemas/RunMode";
                    };
                    readonly agent_config: {
                        readonly $ref: "#/components/schemas/AgentConfig";
                    };
                    readonly vault_ttl_days: {
                        readonly $ref: "#/components/schemas/VaultTtlDays";
                    };
                    readonly notification_config: {
                        readonly $ref: "#/components/schemas/NotificationConfig";
                    };
                    readonly schedule: {
                        readonly description: "Required when run_mode is scheduled.";
                        readonly "x-trackerkit-rules": readonly ["schedule is required when run_mode is scheduled"];
                        readonly oneOf: readonly [{
                            readonly $ref: "#/components/schemas/Schedule";
                        }, {
                            readonly type: "null";
                        }];
                    };
                };
            };
            readonly TrackerUpdate: {
                readonly type: "object";
                readonly description: "Every field is optional; only the fields sent change.";
                readonly "x-trackerkit-assumption": "The specification makes every field optional and does not show how an empty body is answered. An empty body (`{}`) is read as a PATCH that changes nothing: 200 with the tracker as stored, `updated_at` unchanged. The emulator's `--empty-patch refuse` answers 422 instead in case the hosted service refuses it.";
                readonly properties: {
                    readonly name: {
                        readonly type: "string";
                        readonly minLength: 1;
                        readonly maxLength: 50;
                    };
                    readonly description: {
                        readonly type: "string";
                        readonly minLength: 1;
                        readonly maxLength: 500;
                    };
                    readonly run_mode: {
                        readonly $ref: "#/components/schemas/RunMode";
                    };
                    readonly agent_config: {
                        readonly $ref: "#/components/schemas/AgentConfigUpdate";
                    };
                    readonly vault_ttl_days: {
                        readonly $ref: "#/components/schemas/VaultTtlDays";
                    };
                    readonly notification_config: {
                        readonly $ref: "#/components/schemas/NotificationConfig";
                    };
                    readonly schedule: {
                        readonly description: "null clears the schedule.";
                        readonly "x-trackerkit-rules": readonly ["schedule cannot be null when run_mode is scheduled"];
                        readonly oneOf: readonly [{
                            readonly $ref: "#/components/schemas/Schedule";
                        }, {
                            readonly type: "null";
                        }];
                    };
                };
            };
            readonly Tracker: {
                readonly type: "object";
                readonly description: "v0.3 payload. visibility, is_public, star_count, usage_count and published_at are no longer returned (`propertyNames` forbids them). A manual tracker's `schedule` is null (the `allOf`).";
                readonly propertyNames: {
                    readonly description: "The fields v0.3 removed are forbidden.";
                    readonly pattern: "^(?!(visibility|is_public|star_count|usage_count|published_at)$)";
                };
                readonly allOf: readonly [{
                    readonly description: "if run_mode is manual then schedule is null";
                    readonly anyOf: readonly [{
                        readonly allOf: readonly [{
                            readonly required: readonly ["run_mode"];
                        }, {
                            readonly properties: {
                                readonly run_mode: {
                                    readonly const: "scheduled";
                                };
                            };
                        }];
                    }, {
                        readonly allOf: readonly [{
                            readonly required: readonly ["schedule"];
                        }, {
                            readonly properties: {
                                readonly schedule: {
                                    readonly type: "null";
                                };
                            };
                        }];
                    }];
                }];
                readonly required: readonly ["tracker_id", "space_id", "name", "description", "run_mode", "schedule", "vault_ttl_days", "agent_config", "notification_config", "category", "last_run_at", "created_at", "updated_at"];
                readonly properties: {
                    readonly tracker_id: {
                        readonly type: "string";
                    };
                    readonly space_id: {
                        readonly type: "string";
                    };
                    readonly name: {
                        readonly type: "string";
                        readonly minLength: 1;
                        readonly maxLength: 50;
                    };
                    readonly description: {
                        readonly type: "string";
                        readonly minLength: 1;
                        readonly maxLength: 500;
                    };
                    readonly run_mode: {
                        readonly $ref: "#/components/schemas/RunMode";
                    };
                    readonly schedule: {
                        readonly oneOf: readonly [{
                            readonly $ref: "#/components/schemas/Schedule";
                        }, {
                            readonly type: "null";
                        }];
                    };
                    readonly vault_ttl_days: {
                        readonly $ref: "#/components/schemas/VaultTtlDays";
                    };
                    readonly agent_config: {
                        readonly $ref: "#/components/schemas/AgentConfigOut";
                    };
                    readonly notification_config: {
                        readonly description: "null when never provided.";
                        readonly oneOf: readonly [{
                            readonly $ref: "#/components/schemas/NotificationConfigOut";
                        }, {
                            readonly type: "null";
                        }];
                    };
                    readonly category: {
                        readonly type: "string";
                        readonly description: "Inherited from the space.";
                    };
                    readonly last_run_at: {
                        readonly type: readonly ["string", "null"];
                        readonly format: "date-time";
                    };
                    readonly created_at: {
                        readonly type: "string";
                        readonly format: "date-time";
                    };
                    readonly updated_at: {
                        readonly type: "string";
                        readonly format: "date-time";
                    };
                };
            };
            readonly TrackerList: {
                readonly type: "object";
                readonly required: readonly ["data", "pagination"];
                readonly properties: {
                    readonly data: {
                        readonly type: "array";
                        readonly maxItems: 100;
                        readonly items: {
                            readonly $ref: "#/components/schemas/Tracker";
                        };
                    };
                    readonly pagination: {
                        readonly $ref: "#/components/schemas/Pagination";
                    };
                };
            };
            readonly RunTrigger: {
                readonly type: "object";
                readonly properties: {
                    readonly sync: {
                        readonly type: "boolean";
                        readonly default: false;
                        readonly description: "Hold the response until the run finishes. Never with zen.";
                        readonly "x-trackerkit-rules": readonly ["zen trackers run with sync false only"];
                    };
                    readonly context: {
                        readonly type: "object";
                        readonly description: "Notes or metadata for the run.";
                        readonly additionalProperties: true;
                        readonly "x-emulator-controls": {
                            readonly description: "The emulator reads `context.emulator` for tests and demos; the hosted service ignores it. `score` (integer 0-10) forces the score; `fail` (string) makes the run fail with that error_message; `delay_ms` (integer) holds the run in running. Any other key is refused (422 naming it), so a misspelled control is not ignored.";
                            readonly type: "object";
                            readonly additionalProperties: false;
                            readonly properties: {
                                readonly score: {
                                    readonly type: "integer";
                                    readonly format: "int32";
                                    readonly minimum: 0;
                                    readonly maximum: 10;
                                };
                                readonly fail: {
                                    readonly type: "string";
                                };
                                readonly delay_ms: {
                                    readonly type: "integer";
                                    readonly format: "int32";
                                    readonly minimum: 0;
                                    readonly maximum: 3600000;
                                };
                            };
                        };
                    };
                };
            };
            readonly RunResult: {
                readonly type: "object";
                readonly required: readonly ["score", "signal", "analysis"];
                readonly properties: {
                    readonly score: {
                        readonly $ref: "#/components/schemas/Score";
                    };
                    readonly signal: {
                        readonly $ref: "#/components/schemas/Signal";
                    };
                    readonly analysis: {
                        readonly type: "string";
                    };
                };
            };
            readonly ConfigSnapshot: {
                readonly type: "object";
                readonly required: readonly ["agent_config", "trigger_type", "sync"];
                readonly properties: {
                    readonly agent_config: {
                        readonly $ref: "#/components/schemas/AgentConfigOut";
                    };
                    readonly trigger_type: {
                        readonly type: "string";
                        readonly enum: readonly ["manual", "scheduled"];
                    };
                    readonly sync: {
                        readonly type: "boolean";
                    };
                };
            };
            readonly ChannelDelivery: {
                readonly type: "object";
                readonly "x-trackerkit-assumption": "The fields beyond the keys email and webhook are not shown; these are the suite's. A webhook channel enabled on an account with no webhook endpoint is recorded as failed with attempts 1.";
                readonly required: readonly ["status", "reason", "attempts", "delivered_at", "error"];
                readonly properties: {
                    readonly status: {
                        readonly type: "string";
                        readonly enum: readonly ["success", "failed"];
                    };
                    readonly reason: {
                        readonly type: "string";
                        readonly description: "Which condition was met, e.g. the bound crossed.";
                    };
                    readonly attempts: {
                        readonly type: "integer";
                        readonly format: "int32";
                        readonly minimum: 1;
                        readonly maximum: 3;
                        readonly description: "At most the delivery's attempts (x-trackerkit-delivery).";
                    };
                    readonly delivered_at: {
                        readonly type: readonly ["string", "null"];
                        readonly format: "date-time";
                    };
                    readonly error: {
                        readonly type: readonly ["string", "null"];
                    };
                };
            };
            readonly NotificationDelivery: {
                readonly type: "object";
                readonly description: "One key per channel; null when the channel was not attempted.";
                readonly required: readonly ["email", "webhook"];
                readonly properties: {
                    readonly email: {
                        readonly oneOf: readonly [{
                            readonly $ref: "#/components/schemas/ChannelDelivery";
                        }, {
                            readonly type: "null";
                        }];
                    };
                    readonly webhook: {
                        readonly oneOf: readonly [{
                            readonly $ref: "#/components/schemas/ChannelDelivery";
                        }, {
                            readonly type: "null";
                        }];
                    };
                };
            };
            readonly Run: {
                readonly type: "object";
                readonly required: readonly ["run_id", "tracker_id", "space_id", "status", "started_at", "completed_at", "quants_used", "result", "config_snapshot", "notification_delivery", "error_message"];
                readonly "x-trackerkit-assumption": "started_at is null while pending; completed_at and result are null until the run finishes (result stays null for failed runs).";
                readonly properties: {
                    readonly run_id: {
                        readonly type: "string";
                    };
                    readonly tracker_id: {
                        readonly type: "string";
                    };
                    readonly space_id: {
                        readonly type: "string";
                    };
                    readonly status: {
                        readonly $ref: "#/components/schemas/RunStatus";
                    };
                    readonly started_at: {
                        readonly type: readonly ["string", "null"];
                        readonly format: "date-time";
                    };
                    readonly completed_at: {
                        readonly type: readonly ["string", "null"];
                        readonly format: "date-time";
                    };
                    readonly quants_used: {
                        readonly type: "number";
                        readonly minimum: 0;
                    };
                    readonly result: {
                        readonly oneOf: readonly [{
                            readonly $ref: "#/components/schemas/RunResult";
                        }, {
                            readonly type: "null";
                        }];
                    };
                    readonly config_snapshot: {
                        readonly $ref: "#/components/schemas/ConfigSnapshot";
                    };
                    readonly notification_delivery: {
                        readonly $ref: "#/components/schemas/NotificationDelivery";
                    };
                    readonly error_message: {
                        readonly type: readonly ["string", "null"];
                    };
                };
            };
            readonly RunList: {
                readonly type: "object";
                readonly required: readonly ["data", "pagination"];
                readonly properties: {
                    readonly data: {
                        readonly type: "array";
                        readonly maxItems: 100;
                        readonly items: {
                            readonly $ref: "#/components/schemas/Run";
                        };
                    };
                    readonly pagination: {
                        readonly $ref: "#/components/schemas/Pagination";
                    };
                };
            };
            readonly RunSyncResponse: {
                readonly type: "object";
                readonly required: readonly ["run_id", "tracker_id", "status", "started_at", "completed_at", "execution_time_seconds", "result", "error_message"];
                readonly properties: {
                    readonly run_id: {
                        readonly type: "string";
                    };
                    readonly tracker_id: {
                        readonly type: "string";
                    };
                    readonly status: {
                        readonly type: "string";
                        readonly enum: readonly ["completed", "failed"];
                    };
                    readonly started_at: {
                        readonly type: "string";
                        readonly format: "date-time";
                    };
                    readonly completed_at: {
                        readonly type: "string";
                        readonly format: "date-time";
                    };
                    readonly execution_time_seconds: {
                        readonly type: "number";
                        readonly minimum: 0;
                    };
                    readonly result: {
                        readonly oneOf: readonly [{
                            readonly $ref: "#/components/schemas/RunResult";
                        }, {
                            readonly type: "null";
                        }];
                    };
                    readonly error_message: {
                        readonly type: readonly ["string", "null"];
                    };
                };
            };
            readonly RunAsyncResponse: {
                readonly type: "object";
                readonly required: readonly ["run_id", "tracker_id", "status", "created_at"];
                readonly properties: {
                    readonly run_id: {
                        readonly type: "string";
                    };
                    readonly tracker_id: {
                        readonly type: "string";
                    };
                    readonly status: {
                        readonly type: "string";
                        readonly enum: readonly ["pending"];
                    };
                    readonly created_at: {
                        readonly type: "string";
                        readonly format: "date-time";
                    };
                };
            };
            readonly VaultSource: {
                readonly type: "object";
                readonly required: readonly ["source_id", "name", "description", "source_type", "size_bytes", "data_count", "status", "uploaded_at", "updated_at"];
                readonly properties: {
                    readonly source_id: {
                        readonly type: "string";
                    };
                    readonly name: {
                        readonly type: "string";
                        readonly minLength: 1;
                        readonly maxLength: 200;
                    };
                    readonly description: {
                        readonly type: readonly ["string", "null"];
                    };
                    readonly source_type: {
                        readonly type: "string";
                        readonly description: "JSON for JSON uploads; for files the upper-case format.";
                        readonly examples: readonly ["JSON", "PDF", "CSV", "TXT", "MD", "JPEG", "PNG"];
                        readonly "x-trackerkit-assumption": "Values for file uploads are not shown; the upper-case format (JPG files as JPEG) is assumed.";
                    };
                    readonly size_bytes: {
                        readonly type: "integer";
                        readonly format: "int64";
                        readonly minimum: 0;
                        readonly maximum: 9007199254740991;
                    };
                    readonly data_count: {
                        readonly type: "integer";
                        readonly format: "int64";
                        readonly minimum: 0;
                        readonly maximum: 9007199254740991;
                        readonly description: "Number of data items in the source.";
                        readonly "x-trackerkit-assumption": "The specification does not say how a JSON upload's rows become items. One item per row is assumed (what rows_processed reports); the MCP server's upload tasks count a source's stored rows by it.";
                    };
                    readonly status: {
                        readonly type: "string";
                        readonly examples: readonly ["completed"];
                        readonly "x-trackerkit-assumption": "Only `completed` is shown; uploads are processed before the 201.";
                    };
                    readonly uploaded_at: {
                        readonly type: "string";
                        readonly format: "date-time";
                    };
                    readonly updated_at: {
                        readonly type: "string";
                        readonly format: "date-time";
                    };
                };
            };
            readonly VaultSourceList: {
                readonly type: "object";
                readonly required: readonly ["data", "pagination"];
                readonly properties: {
                    readonly data: {
                        readonly type: "array";
                        readonly maxItems: 100;
                        readonly items: {
                            readonly $ref: "#/components/schemas/VaultSource";
                        };
                    };
                    readonly pagination: {
                        readonly $ref: "#/components/schemas/Pagination";
                    };
                };
            };
            readonly VaultUploadResponse: {
                readonly allOf: readonly [{
                    readonly $ref: "#/components/schemas/VaultSource";
                }, {
                    readonly type: "object";
                    readonly required: readonly ["rows_processed", "is_new_source", "cost_quants", "metadata"];
                    readonly properties: {
                        readonly rows_processed: {
                            readonly type: "integer";
                            readonly format: "int64";
                            readonly minimum: 0;
                            readonly maximum: 9007199254740991;
                        };
                        readonly is_new_source: {
                            readonly type: "boolean";
                        };
                        readonly cost_quants: {
                            readonly type: "number";
                            readonly description: "0.0 for uploads.";
                        };
                        readonly metadata: {
                            readonly type: readonly ["object", "null"];
                            readonly "x-trackerkit-assumption": "The content is not shown; the emulator returns null.";
                        };
                    };
                }];
            };
            readonly VaultRow: {
                readonly type: "object";
                readonly additionalProperties: true;
            };
            readonly VaultJsonUpload: {
                readonly type: "object";
                readonly required: readonly ["source_name", "data"];
                readonly "x-max-request-bytes": 10000000;
                readonly "x-trackerkit-assumption": "10 MB is read as 10,000,000 bytes of request body, the stricter of the two readings.";
                readonly properties: {
                    readonly source_name: {
                        readonly type: "string";
                        readonly minLength: 1;
                        readonly maxLength: 200;
                    };
                    readonly description: {
                        readonly type: "string";
                        readonly description: "Source description for search context.";
                    };
                    readonly data: {
                        readonly oneOf: readonly [{
                            readonly $ref: "#/components/schemas/VaultRow";
                        }, {
                            readonly type: "array";
                            readonly minItems: 1;
                            readonly maxItems: 1000;
                            readonly items: {
                                readonly $ref: "#/components/schemas/VaultRow";
                            };
                        }];
                    };
                };
            };
            readonly VaultFileUpload: {
                readonly type: "object";
                readonly required: readonly ["file"];
                readonly "x-max-file-bytes": 10000000;
                readonly "x-trackerkit-assumption": "The maximum file size is not shown; the JSON limit (10,000,000 bytes) is assumed and is configurable in the emulator. The type is checked by content, not only by name.";
                readonly "x-file-types": {
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
                readonly properties: {
                    readonly file: {
                        readonly type: "string";
                        readonly contentMediaType: "application/octet-stream";
                        readonly description: "PDF, CSV, TXT, MD, JPG, JPEG or PNG.";
                        readonly "x-trackerkit-rules": readonly ["the file name's extension is one of x-file-types", "the content matches the extension (PDF, PNG and JPEG by their signature; CSV, TXT and MD as UTF-8 text)", "the file is not empty"];
                    };
                    readonly source_name: {
                        readonly type: "string";
                        readonly minLength: 1;
                        readonly maxLength: 200;
                        readonly description: "Defaults to the file name.";
                    };
                    readonly description: {
                        readonly type: "string";
                        readonly maxLength: 500;
                        readonly "x-image-min-length": 10;
                        readonly description: "Optional for documents; required for images, with at least `x-image-min-length` characters.";
                        readonly "x-trackerkit-rules": readonly ["a description of 10-500 characters is required for jpg, jpeg and png files"];
                    };
                };
            };
            readonly VaultSourceUpdate: {
                readonly type: "object";
                readonly minProperties: 1;
                readonly properties: {
                    readonly name: {
                        readonly type: "string";
                        readonly minLength: 1;
                        readonly maxLength: 200;
                    };
                    readonly description: {
                        readonly type: "string";
                        readonly maxLength: 500;
                    };
                };
            };
            readonly ContentType: {
                readonly type: "string";
                readonly enum: readonly ["text", "image", "json"];
            };
            readonly VaultDataItem: {
                readonly type: "object";
                readonly required: readonly ["data_id", "source_id", "content", "content_type", "token_count", "created_at", "metadata", "source_name"];
                readonly properties: {
                    readonly data_id: {
                        readonly type: "string";
                    };
                    readonly source_id: {
                        readonly type: "string";
                    };
                    readonly content: {
                        readonly type: "string";
                        readonly description: "JSON data is returned serialized.";
                    };
                    readonly content_type: {
                        readonly $ref: "#/components/schemas/ContentType";
                    };
                    readonly token_count: {
                        readonly type: "integer";
                        readonly format: "int64";
                        readonly minimum: 0;
                        readonly maximum: 9007199254740991;
                    };
                    readonly created_at: {
                        readonly type: "string";
                        readonly format: "date-time";
                    };
                    readonly metadata: {
                        readonly type: readonly ["object", "null"];
                    };
                    readonly source_name: {
                        readonly type: "string";
                    };
                };
            };
            readonly VaultFiltersApplied: {
                readonly type: "object";
                readonly required: readonly ["mode", "keywords", "content_types", "since", "until", "limit", "group_by", "order_by", "order"];
                readonly properties: {
                    readonly mode: {
                        readonly type: "string";
                        readonly enum: readonly ["retrieve"];
                    };
                    readonly keywords: {
                        readonly type: readonly ["array", "null"];
                        readonly maxItems: 100;
                        readonly items: {
                            readonly type: "string";
                        };
                    };
                    readonly content_types: {
                        readonly type: readonly ["array", "null"];
                        readonly maxItems: 3;
                        readonly items: {
                            readonly $ref: "#/components/schemas/ContentType";
                        };
                    };
                    readonly since: {
                        readonly type: readonly ["string", "null"];
                        readonly format: "date-time";
                    };
                    readonly until: {
                        readonly type: readonly ["string", "null"];
                        readonly format: "date-time";
                    };
                    readonly limit: {
                        readonly type: "integer";
                        readonly format: "int32";
                        readonly minimum: 1;
                        readonly maximum: 100;
                    };
                    readonly group_by: {
                        readonly type: readonly ["string", "null"];
                    };
                    readonly order_by: {
                        readonly type: "string";
                        readonly enum: readonly ["created_at"];
                    };
                    readonly order: {
                        readonly type: "string";
                        readonly enum: readonly ["desc"];
                    };
                };
            };
            readonly VaultRecentResponse: {
                readonly type: "object";
                readonly required: readonly ["target", "mode", "filters_applied", "results", "total"];
                readonly properties: {
                    readonly target: {
                        readonly type: "string";
                        readonly enum: readonly ["vault"];
                    };
                    readonly mode: {
                        readonly type: "string";
                        readonly enum: readonly ["retrieve"];
                    };
                    readonly filters_applied: {
                        readonly $ref: "#/components/schemas/VaultFiltersApplied";
                    };
                    readonly results: {
                        readonly type: "array";
                        readonly maxItems: 100;
                        readonly items: {
                            readonly $ref: "#/components/schemas/VaultDataItem";
                        };
                    };
                    readonly total: {
                        readonly type: "integer";
                        readonly format: "int64";
                        readonly minimum: 0;
                        readonly maximum: 9007199254740991;
                    };
                };
            };
            readonly AlertData: {
                readonly type: "object";
                readonly required: readonly ["account_id", "space_id", "tracker_id", "tracker_name", "run_id", "score", "signal", "analysis", "rule", "bound", "threshold", "reason", "trigger_type", "completed_at", "url"];
                readonly properties: {
                    readonly account_id: {
                        readonly type: "string";
                    };
                    readonly space_id: {
                        readonly type: "string";
                    };
                    readonly tracker_id: {
                        readonly type: "string";
                    };
                    readonly tracker_name: {
                        readonly type: "string";
                    };
                    readonly run_id: {
                        readonly type: "string";
                    };
                    readonly score: {
                        readonly $ref: "#/components/schemas/Score";
                    };
                    readonly signal: {
                        readonly $ref: "#/components/schemas/Signal";
                    };
                    readonly analysis: {
                        readonly type: "string";
                    };
                    readonly rule: {
                        readonly type: "string";
                        readonly enum: readonly ["bounds", "score_threshold", "signal_level"];
                        readonly description: "Which setting decided the alert (v0.3 bounds, the legacy threshold, or the base signal level).";
                    };
                    readonly bound: {
                        readonly type: readonly ["string", "null"];
                        readonly enum: readonly ["lower", "upper", null];
                        readonly description: "The bound crossed under the bounds or legacy rule (legacy below → lower, above → upper); null for signal_level.";
                    };
                    readonly threshold: {
                        readonly type: readonly ["integer", "string", "null"];
                        readonly format: "int32";
                        readonly minimum: 0;
                        readonly maximum: 10;
                        readonly maxLength: 20;
                        readonly description: "The threshold crossed (an integer), or the signal level (a string) under the signal_level rule.";
                    };
                    readonly reason: {
                        readonly type: "string";
                        readonly description: "One sentence for people, e.g. \"Score 2 is at or below the lower threshold 3.\"";
                    };
                    readonly trigger_type: {
                        readonly type: "string";
                        readonly enum: readonly ["manual", "scheduled"];
                    };
                    readonly completed_at: {
                        readonly type: "string";
                        readonly format: "date-time";
                    };
                    readonly url: {
                        readonly type: readonly ["string", "null"];
                        readonly format: "uri";
                        readonly description: "A link to the run in the web console where the service gives one.";
                        readonly "x-trackerkit-assumption": "The console's address is not shown, so no origin is assumed. The receiver offers the URL as the run's link only when its origin is one listed in its `links.console_origins` (none by default) and it has no user name, password or backslash; the emulator sends null.";
                    };
                };
            };
            readonly TrackerAlertEvent: {
                readonly type: "object";
                readonly description: "Standard Webhooks payload shape (`type`, `timestamp`, `data`). Unknown fields may be added.";
                readonly required: readonly ["type", "timestamp", "data"];
                readonly properties: {
                    readonly type: {
                        readonly type: "string";
                        readonly const: "tracker.alert";
                    };
                    readonly timestamp: {
                        readonly type: "string";
                        readonly format: "date-time";
                    };
                    readonly data: {
                        readonly $ref: "#/components/schemas/AlertData";
                    };
                };
            };
            readonly TrackerAlertResolvedEvent: {
                readonly type: "object";
                readonly required: readonly ["type", "timestamp", "data"];
                readonly properties: {
                    readonly type: {
                        readonly type: "string";
                        readonly const: "tracker.alert.resolved";
                    };
                    readonly timestamp: {
                        readonly type: "string";
                        readonly format: "date-time";
                    };
                    readonly data: {
                        readonly $ref: "#/components/schemas/AlertData";
                    };
                };
            };
        };
    };
    readonly paths: {
        readonly "/api/spaces": {
            readonly get: {
                readonly operationId: "listSpaces";
                readonly "x-trackerkit-names": {
                    readonly client: "spaces.list";
                    readonly n8n: "Space › Get Many";
                    readonly mcp: "list_spaces";
                };
                readonly tags: readonly ["Spaces"];
                readonly summary: "List spaces";
                readonly description: "Spaces of the account that owns the token, newest first.";
                readonly "x-trackerkit-no-404": "The path names no resource, so there is no unknown id to answer 404 for.";
                readonly parameters: readonly [{
                    readonly $ref: "#/components/parameters/Page";
                }, {
                    readonly $ref: "#/components/parameters/PageSize";
                }];
                readonly responses: {
                    readonly "200": {
                        readonly description: "A page of spaces.";
                        readonly content: {
                            readonly "application/json": {
                                readonly schema: {
                                    readonly $ref: "#/components/schemas/SpaceList";
                                };
                                readonly example: {
                                    readonly data: readonly [{
                                        readonly space_id: "spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7";
                                        readonly name: "Supply chain";
                                        readonly description: "Supplier and logistics monitoring";
                                        readonly category: "operations";
                                        readonly capacity_gb: 10;
                                        readonly throughput_per_hour: 1000;
                                        readonly used_gb: 0.02;
                                        readonly monthly_cost: 49;
                                        readonly storage_cost: 9;
                                        readonly throughput_cost: 40;
                                        readonly rate_limit_per_hour: 3600;
                                        readonly is_active: true;
                                        readonly tracker_count: 1;
                                        readonly source_count: 1;
                                        readonly result_count: 12;
                                        readonly created_at: "2026-11-01T09:00:00Z";
                                        readonly updated_at: null;
                                    }];
                                    readonly pagination: {
                                        readonly page: 1;
                                        readonly page_size: 20;
                                        readonly total_items: 1;
                                        readonly total_pages: 1;
                                    };
                                };
                            };
                        };
                    };
                    readonly "400": {
                        readonly $ref: "#/components/responses/BadRequest";
                    };
                    readonly "401": {
                        readonly $ref: "#/components/responses/Unauthorized";
                    };
                    readonly "403": {
                        readonly $ref: "#/components/responses/Forbidden";
                    };
                    readonly "422": {
                        readonly $ref: "#/components/responses/ValidationFailed";
                    };
                    readonly "429": {
                        readonly $ref: "#/components/responses/RateLimited";
                    };
                    readonly "500": {
                        readonly $ref: "#/components/responses/InternalError";
                    };
                    readonly "503": {
                        readonly $ref: "#/components/responses/ServiceUnavailable";
                    };
                };
            };
        };
        readonly "/api/spaces/{space_id}": {
            readonly parameters: readonly [{
                readonly $ref: "#/components/parameters/SpaceId";
            }];
            readonly get: {
                readonly operationId: "getSpace";
                readonly "x-trackerkit-names": {
                    readonly client: "spaces.get";
                    readonly n8n: "Space › Get";
                    readonly mcp: "get_space";
                };
                readonly tags: readonly ["Spaces"];
                readonly summary: "Get a space";
                readonly description: "One space of the account that owns the token, with its counters.";
                readonly responses: {
                    readonly "200": {
                        readonly description: "The space.";
                        readonly content: {
                            readonly "application/json": {
                                readonly schema: {
                                    readonly $ref: "#/components/schemas/Space";
                                };
                                readonly examples: {
                                    readonly space: {
                                        readonly $ref: "#/components/examples/SpaceValue";
                                    };
                                };
                            };
                        };
                    };
                    readonly "400": {
                        readonly $ref: "#/components/responses/BadRequest";
                    };
                    readonly "401": {
                        readonly $ref: "#/components/responses/Unauthorized";
                    };
                    readonly "403": {
                        readonly $ref: "#/components/responses/Forbidden";
                    };
                    readonly "404": {
                        readonly $ref: "#/components/responses/NotFound";
                    };
                    readonly "422": {
                        readonly $ref: "#/components/responses/ValidationFailed";
                    };
                    readonly "429": {
                        readonly $ref: "#/components/responses/RateLimited";
                    };
                    readonly "500": {
                        readonly $ref: "#/components/responses/InternalError";
                    };
                    readonly "503": {
                        readonly $ref: "#/components/responses/ServiceUnavailable";
                    };
                };
            };
        };
        readonly "/api/spaces/{space_id}/trackers": {
            readonly parameters: readonly [{
                readonly $ref: "#/components/parameters/SpaceId";
            }];
            readonly post: {
                readonly operationId: "createTracker";
                readonly "x-trackerkit-names": {
                    readonly client: "trackers.create";
                    readonly n8n: "Tracker › Create";
                    readonly mcp: "create_tracker";
                };
                readonly tags: readonly ["Trackers"];
                readonly summary: "Create a tracker";
                readonly description: "Creates a private tracker in the space, with its vault. `category` is taken from the\nspace; `linked_trackers` defaults to `[]`; `notification_config` is `null` when omitted.\nLinked trackers must be the caller's own trackers in the same space (400 otherwise).\n";
                readonly requestBody: {
                    readonly required: true;
                    readonly content: {
                        readonly "application/json": {
                            readonly schema: {
                                readonly $ref: "#/components/schemas/TrackerCreate";
                            };
                            readonly examples: {
                                readonly scheduled: {
                                    readonly summary: "A scheduled tracker with a lower-bound alert by webhook";
                                    readonly value: {
                                        readonly name: "ACME supplier risk";
                                        readonly description: "Watches news and filings about ACME Corp for supply-chain risk.";
                                        readonly run_mode: "scheduled";
                                        readonly schedule: {
                                            readonly start_time: "2026-11-21T08:00:00Z";
                                            readonly interval_minutes: 1440;
                                            readonly end_time: null;
                                        };
                                        readonly vault_ttl_days: 30;
                                        readonly agent_config: {
                                            readonly instruction: "Review recent news, filings and the vault's delivery data; weigh delays and financial stress.";
                                            readonly score_meaning: "10 means no supply risk; 0 means imminent disruption.";
                                            readonly skills: readonly ["web_research"];
                                            readonly reasoning_mode: "advanced";
                                            readonly linked_trackers: readonly [];
                                        };
                                        readonly notification_config: {
                                            readonly webhook_enabled: true;
                                            readonly email_enabled: false;
                                            readonly notify_below: true;
                                            readonly lower_threshold: 3;
                                        };
                                    };
                                };
                            };
                        };
                    };
                };
                readonly responses: {
                    readonly "201": {
                        readonly description: "The tracker as created.";
                        readonly content: {
                            readonly "application/json": {
                                readonly schema: {
                                    readonly $ref: "#/components/schemas/Tracker";
                                };
                                readonly examples: {
                                    readonly tracker: {
                                        readonly $ref: "#/components/examples/TrackerValue";
                                    };
                                };
                            };
                        };
                    };
                    readonly "400": {
                        readonly $ref: "#/components/responses/BadRequest";
                    };
                    readonly "401": {
                        readonly $ref: "#/components/responses/Unauthorized";
                    };
                    readonly "403": {
                        readonly $ref: "#/components/responses/Forbidden";
                    };
                    readonly "404": {
                        readonly $ref: "#/components/responses/NotFound";
                    };
                    readonly "413": {
                        readonly $ref: "#/components/responses/PayloadTooLarge";
                    };
                    readonly "415": {
                        readonly $ref: "#/components/responses/UnsupportedMediaType";
                    };
                    readonly "422": {
                        readonly $ref: "#/components/responses/ValidationFailed";
                    };
                    readonly "429": {
                        readonly $ref: "#/components/responses/RateLimited";
                    };
                    readonly "500": {
                        readonly $ref: "#/components/responses/InternalError";
                    };
                    readonly "503": {
                        readonly $ref: "#/components/responses/ServiceUnavailable";
                    };
                };
            };
        };
        readonly "/api/trackers": {
            readonly get: {
                readonly operationId: "listTrackers";
                readonly "x-trackerkit-names": {
                    readonly client: "trackers.list";
                    readonly n8n: "Tracker › Get Many";
                    readonly mcp: "list_trackers";
                };
                readonly tags: readonly ["Trackers"];
                readonly summary: "List the trackers of a space";
                readonly description: "Trackers are always scoped to a space; `space_id` is required. Newest first.";
                readonly parameters: readonly [{
                    readonly name: "space_id";
                    readonly in: "query";
                    readonly required: true;
                    readonly description: "The space whose trackers to list.";
                    readonly schema: {
                        readonly type: "string";
                        readonly minLength: 1;
                    };
                    readonly example: "spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7";
                }, {
                    readonly $ref: "#/components/parameters/Page";
                }, {
                    readonly $ref: "#/components/parameters/PageSize";
                }];
                readonly responses: {
                    readonly "200": {
                        readonly description: "A page of trackers.";
                        readonly content: {
                            readonly "application/json": {
                                readonly schema: {
                                    readonly $ref: "#/components/schemas/TrackerList";
                                };
                                readonly example: {
                                    readonly data: readonly [{
                                        readonly tracker_id: "trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10";
                                        readonly space_id: "spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7";
                                        readonly name: "ACME supplier risk";
                                        readonly description: "Watches news and filings about ACME Corp for supply-chain risk.";
                                        readonly run_mode: "scheduled";
                                        readonly schedule: {
                                            readonly start_time: "2026-11-21T08:00:00Z";
                                            readonly interval_minutes: 1440;
                                            readonly end_time: null;
                                        };
                                        readonly vault_ttl_days: 30;
                                        readonly agent_config: {
                                            readonly instruction: "Review recent news, filings and the vault's delivery data; weigh delays and financial stress.";
                                            readonly score_meaning: "10 means no supply risk; 0 means imminent disruption.";
                                            readonly skills: readonly ["web_research"];
                                            readonly reasoning_mode: "advanced";
                                            readonly linked_trackers: readonly [];
                                        };
                                        readonly notification_config: {
                                            readonly signal_level: "Poor";
                                            readonly email_enabled: false;
                                            readonly webhook_enabled: true;
                                            readonly notify_below: true;
                                            readonly lower_threshold: 3;
                                            readonly notify_above: false;
                                            readonly upper_threshold: null;
                                        };
                                        readonly category: "operations";
                                        readonly last_run_at: "2026-11-21T08:00:04Z";
                                        readonly created_at: "2026-11-20T10:00:00Z";
                                        readonly updated_at: "2026-11-20T10:00:00Z";
                                    }];
                                    readonly pagination: {
                                        readonly page: 1;
                                        readonly page_size: 20;
                                        readonly total_items: 1;
                                        readonly total_pages: 1;
                                    };
                                };
                            };
                        };
                    };
                    readonly "400": {
                        readonly $ref: "#/components/responses/BadRequest";
                    };
                    readonly "401": {
                        readonly $ref: "#/components/responses/Unauthorized";
                    };
                    readonly "403": {
                        readonly $ref: "#/components/responses/Forbidden";
                    };
                    readonly "404": {
                        readonly $ref: "#/components/responses/NotFound";
                    };
                    readonly "422": {
                        readonly $ref: "#/components/responses/ValidationFailed";
                    };
                    readonly "429": {
                        readonly $ref: "#/components/responses/RateLimited";
                    };
                    readonly "500": {
                        readonly $ref: "#/components/responses/InternalError";
                    };
                    readonly "503": {
                        readonly $ref: "#/components/responses/ServiceUnavailable";
                    };
                };
            };
        };
        readonly "/api/trackers/{tracker_id}": {
            readonly parameters: readonly [{
                readonly $ref: "#/components/parameters/TrackerId";
            }];
            readonly get: {
                readonly operationId: "getTracker";
                readonly "x-trackerkit-names": {
                    readonly client: "trackers.get";
                    readonly n8n: "Tracker › Get";
                    readonly mcp: "get_tracker";
                };
                readonly tags: readonly ["Trackers"];
                readonly summary: "Get a tracker";
                readonly description: "The tracker with its agent, schedule and notification settings.";
                readonly responses: {
                    readonly "200": {
                        readonly description: "The tracker.";
                        readonly content: {
                            readonly "application/json": {
                                readonly schema: {
                                    readonly $ref: "#/components/schemas/Tracker";
                                };
                                readonly examples: {
                                    readonly tracker: {
                                        readonly $ref: "#/components/examples/TrackerValue";
                                    };
                                };
                            };
                        };
                    };
                    readonly "400": {
                        readonly $ref: "#/components/responses/BadRequest";
                    };
                    readonly "401": {
                        readonly $ref: "#/components/responses/Unauthorized";
                    };
                    readonly "403": {
                        readonly $ref: "#/components/responses/Forbidden";
                    };
                    readonly "404": {
                        readonly $ref: "#/components/responses/NotFound";
                    };
                    readonly "422": {
                        readonly $ref: "#/components/responses/ValidationFailed";
                    };
                    readonly "429": {
                        readonly $ref: "#/components/responses/RateLimited";
                    };
                    readonly "500": {
                        readonly $ref: "#/components/responses/InternalError";
                    };
                    readonly "503": {
                        readonly $ref: "#/components/responses/ServiceUnavailable";
                    };
                };
            };
            readonly patch: {
                readonly operationId: "updateTracker";
                readonly "x-trackerkit-names": {
                    readonly client: "trackers.update";
                    readonly n8n: "Tracker › Update";
                    readonly mcp: "update_tracker";
                };
                readonly "x-trackerkit-assumption": "The status code is not shown; 200 is assumed. agent_config and notification_config are merged shallowly with the stored values (see x-trackerkit-assumptions.patch-semantics).";
                readonly tags: readonly ["Trackers"];
                readonly summary: "Update a tracker";
                readonly description: "Partial update: only the fields sent change. Switching `run_mode` to `scheduled` needs a\nschedule (sent now or already stored); `schedule: null` clears it. Linked trackers must be\nthe caller's own trackers in the same space (400 otherwise).\n";
                readonly requestBody: {
                    readonly required: true;
                    readonly content: {
                        readonly "application/json": {
                            readonly schema: {
                                readonly $ref: "#/components/schemas/TrackerUpdate";
                            };
                            readonly examples: {
                                readonly bounds: {
                                    readonly summary: "Alert when the score leaves 3..8";
                                    readonly value: {
                                        readonly notification_config: {
                                            readonly webhook_enabled: true;
                                            readonly notify_below: true;
                                            readonly lower_threshold: 3;
                                            readonly notify_above: true;
                                            readonly upper_threshold: 8;
                                        };
                                    };
                                };
                            };
                        };
                    };
                };
                readonly responses: {
                    readonly "200": {
                        readonly description: "The full updated tracker.";
                        readonly content: {
                            readonly "application/json": {
                                readonly schema: {
                                    readonly $ref: "#/components/schemas/Tracker";
                                };
                                readonly examples: {
                                    readonly tracker: {
                                        readonly $ref: "#/components/examples/TrackerValue";
                                    };
                                };
                            };
                        };
                    };
                    readonly "400": {
                        readonly $ref: "#/components/responses/BadRequest";
                    };
                    readonly "401": {
                        readonly $ref: "#/components/responses/Unauthorized";
                    };
                    readonly "403": {
                        readonly $ref: "#/components/responses/Forbidden";
                    };
                    readonly "404": {
                        readonly $ref: "#/components/responses/NotFound";
                    };
                    readonly "413": {
                        readonly $ref: "#/components/responses/PayloadTooLarge";
                    };
                    readonly "415": {
                        readonly $ref: "#/components/responses/UnsupportedMediaType";
                    };
                    readonly "422": {
                        readonly $ref: "#/components/responses/ValidationFailed";
                    };
                    readonly "429": {
                        readonly $ref: "#/components/responses/RateLimited";
                    };
                    readonly "500": {
                        readonly $ref: "#/components/responses/InternalError";
                    };
                    readonly "503": {
                        readonly $ref: "#/components/responses/ServiceUnavailable";
                    };
                };
            };
            readonly delete: {
                readonly operationId: "deleteTracker";
                readonly "x-trackerkit-names": {
                    readonly client: "trackers.delete";
                    readonly n8n: "Tracker › Delete";
                    readonly mcp: "delete_tracker";
                };
                readonly tags: readonly ["Trackers"];
                readonly summary: "Delete a tracker";
                readonly description: "Irreversibly removes the tracker with its schedule, runs, results, vault and sources.";
                readonly responses: {
                    readonly "200": {
                        readonly description: "Deleted.";
                        readonly content: {
                            readonly "application/json": {
                                readonly schema: {
                                    readonly $ref: "#/components/schemas/DeleteEnvelope";
                                };
                                readonly examples: {
                                    readonly deleted: {
                                        readonly $ref: "#/components/examples/DeletedValue";
                                    };
                                };
                            };
                        };
                    };
                    readonly "400": {
                        readonly $ref: "#/components/responses/BadRequest";
                    };
                    readonly "401": {
                        readonly $ref: "#/components/responses/Unauthorized";
                    };
                    readonly "403": {
                        readonly $ref: "#/components/responses/Forbidden";
                    };
                    readonly "404": {
                        readonly $ref: "#/components/responses/NotFound";
                    };
                    readonly "422": {
                        readonly $ref: "#/components/responses/ValidationFailed";
                    };
                    readonly "429": {
                        readonly $ref: "#/components/responses/RateLimited";
                    };
                    readonly "500": {
                        readonly $ref: "#/components/responses/InternalError";
                    };
                    readonly "503": {
                        readonly $ref: "#/components/responses/ServiceUnavailable";
                    };
                };
            };
        };
        readonly "/api/trackers/{tracker_id}/runs": {
            readonly parameters: readonly [{
                readonly $ref: "#/components/parameters/TrackerId";
            }];
            readonly post: {
                readonly operationId: "triggerRun";
                readonly "x-trackerkit-names": {
                    readonly client: "runs.trigger";
                    readonly n8n: "Run › Trigger";
                    readonly mcp: "run_tracker";
                };
                readonly tags: readonly ["Runs"];
                readonly summary: "Trigger a run";
                readonly description: "Asynchronous by default: answers 202 with a pending run; poll getRun until the status is\n`completed` or `failed`. With `sync: true` the response is held until the run finishes\n(200), so a client waiting for it needs a long timeout. A tracker whose reasoning mode is\n`zen` runs only asynchronously: `sync: true` answers 400. A request that may have reached\nthe server must never be retried blindly: it would start a second run.\n\nMock servers answer one 2xx by default (Prism the lowest), which here would be a\nfinished sync run; send `Prefer: code=202` to a mock for the service's default answer.\n";
                readonly "x-trackerkit-assumption": "How long a run takes is not shown. The hosted service's public pages speak of up to about an hour at the deepest reasoning modes; the suite's clients default to async triggers with polling for that reason. The emulator finishes runs at once unless `context.emulator.delay_ms` holds them.";
                readonly requestBody: {
                    readonly required: false;
                    readonly content: {
                        readonly "application/json": {
                            readonly schema: {
                                readonly $ref: "#/components/schemas/RunTrigger";
                            };
                            readonly examples: {
                                readonly async: {
                                    readonly summary: "Asynchronous run with notes";
                                    readonly value: {
                                        readonly sync: false;
                                        readonly context: {
                                            readonly note: "weekly review";
                                        };
                                    };
                                };
                                readonly emulator: {
                                    readonly summary: "Emulator only — force a score";
                                    readonly value: {
                                        readonly context: {
                                            readonly emulator: {
                                                readonly score: 2;
                                            };
                                        };
                                    };
                                };
                            };
                        };
                    };
                };
                readonly responses: {
                    readonly "200": {
                        readonly description: "Sync run finished (completed or failed).";
                        readonly content: {
                            readonly "application/json": {
                                readonly schema: {
                                    readonly $ref: "#/components/schemas/RunSyncResponse";
                                };
                                readonly example: {
                                    readonly run_id: "run_5a0c3e0e-2a57-4a44-9f4f-5d1a3c0b9e11";
                                    readonly tracker_id: "trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10";
                                    readonly status: "completed";
                                    readonly started_at: "2026-11-21T08:00:00Z";
                                    readonly completed_at: "2026-11-21T08:00:04Z";
                                    readonly execution_time_seconds: 4.2;
                                    readonly result: {
                                        readonly score: 7;
                                        readonly signal: "Positive";
                                        readonly analysis: "Deliveries on time; no adverse filings.";
                                    };
                                    readonly error_message: null;
                                };
                            };
                        };
                    };
                    readonly "202": {
                        readonly description: "Async run accepted.";
                        readonly content: {
                            readonly "application/json": {
                                readonly schema: {
                                    readonly $ref: "#/components/schemas/RunAsyncResponse";
                                };
                                readonly example: {
                                    readonly run_id: "run_5a0c3e0e-2a57-4a44-9f4f-5d1a3c0b9e11";
                                    readonly tracker_id: "trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10";
                                    readonly status: "pending";
                                    readonly created_at: "2026-11-21T08:00:00Z";
                                };
                            };
                        };
                    };
                    readonly "400": {
                        readonly $ref: "#/components/responses/BadRequest";
                    };
                    readonly "401": {
                        readonly $ref: "#/components/responses/Unauthorized";
                    };
                    readonly "402": {
                        readonly $ref: "#/components/responses/InsufficientQuants";
                    };
                    readonly "403": {
                        readonly $ref: "#/components/responses/Forbidden";
                    };
                    readonly "404": {
                        readonly $ref: "#/components/responses/NotFound";
                    };
                    readonly "413": {
                        readonly $ref: "#/components/responses/PayloadTooLarge";
                    };
                    readonly "415": {
                        readonly $ref: "#/components/responses/UnsupportedMediaType";
                    };
                    readonly "422": {
                        readonly $ref: "#/components/responses/ValidationFailed";
                    };
                    readonly "429": {
                        readonly $ref: "#/components/responses/RateLimited";
                    };
                    readonly "500": {
                        readonly $ref: "#/components/responses/InternalError";
                    };
                    readonly "503": {
                        readonly $ref: "#/components/responses/ServiceUnavailable";
                    };
                };
            };
            readonly get: {
                readonly operationId: "listRuns";
                readonly "x-trackerkit-names": {
                    readonly client: "runs.list";
                    readonly n8n: "Run › Get Many";
                    readonly mcp: "list_runs";
                };
                readonly tags: readonly ["Runs"];
                readonly summary: "List a tracker's runs";
                readonly description: "Newest first. Every filter combines with the others.";
                readonly parameters: readonly [{
                    readonly name: "status";
                    readonly in: "query";
                    readonly schema: {
                        readonly $ref: "#/components/schemas/RunStatus";
                    };
                }, {
                    readonly name: "signal";
                    readonly in: "query";
                    readonly schema: {
                        readonly $ref: "#/components/schemas/Signal";
                    };
                }, {
                    readonly name: "notification_status";
                    readonly in: "query";
                    readonly schema: {
                        readonly $ref: "#/components/schemas/NotificationStatus";
                    };
                }, {
                    readonly name: "start_date";
                    readonly in: "query";
                    readonly description: "Runs started at or after this instant.";
                    readonly schema: {
                        readonly type: "string";
                        readonly format: "date-time";
                    };
                }, {
                    readonly name: "end_date";
                    readonly in: "query";
                    readonly description: "Runs started at or before this instant.";
                    readonly schema: {
                        readonly type: "string";
                        readonly format: "date-time";
                    };
                }, {
                    readonly name: "min_score";
                    readonly in: "query";
                    readonly schema: {
                        readonly $ref: "#/components/schemas/Score";
                    };
                }, {
                    readonly name: "max_score";
                    readonly in: "query";
                    readonly schema: {
                        readonly $ref: "#/components/schemas/Score";
                    };
                }, {
                    readonly $ref: "#/components/parameters/Page";
                }, {
                    readonly $ref: "#/components/parameters/PageSize";
                }];
                readonly responses: {
                    readonly "200": {
                        readonly description: "A page of runs.";
                        readonly content: {
                            readonly "application/json": {
                                readonly schema: {
                                    readonly $ref: "#/components/schemas/RunList";
                                };
                                readonly example: {
                                    readonly data: readonly [{
                                        readonly run_id: "run_5a0c3e0e-2a57-4a44-9f4f-5d1a3c0b9e11";
                                        readonly tracker_id: "trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10";
                                        readonly space_id: "spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7";
                                        readonly status: "completed";
                                        readonly started_at: "2026-11-21T08:00:00Z";
                                        readonly completed_at: "2026-11-21T08:00:04Z";
                                        readonly quants_used: 6;
                                        readonly result: {
                                            readonly score: 2;
                                            readonly signal: "Negative";
                                            readonly analysis: "Two shipments are more than a week late.";
                                        };
                                        readonly config_snapshot: {
                                            readonly agent_config: {
                                                readonly instruction: "Review recent news, filings and the vault's delivery data; weigh delays and financial stress.";
                                                readonly score_meaning: "10 means no supply risk; 0 means imminent disruption.";
                                                readonly skills: readonly ["web_research"];
                                                readonly reasoning_mode: "advanced";
                                                readonly linked_trackers: readonly [];
                                            };
                                            readonly trigger_type: "scheduled";
                                            readonly sync: false;
                                        };
                                        readonly notification_delivery: {
                                            readonly email: null;
                                            readonly webhook: {
                                                readonly status: "success";
                                                readonly reason: "Score 2 is at or below the lower threshold 3.";
                                                readonly attempts: 1;
                                                readonly delivered_at: "2026-11-21T08:00:05Z";
                                                readonly error: null;
                                            };
                                        };
                                        readonly error_message: null;
                                    }];
                                    readonly pagination: {
                                        readonly page: 1;
                                        readonly page_size: 20;
                                        readonly total_items: 1;
                                        readonly total_pages: 1;
                                    };
                                };
                            };
                        };
                    };
                    readonly "400": {
                        readonly $ref: "#/components/responses/BadRequest";
                    };
                    readonly "401": {
                        readonly $ref: "#/components/responses/Unauthorized";
                    };
                    readonly "403": {
                        readonly $ref: "#/components/responses/Forbidden";
                    };
                    readonly "404": {
                        readonly $ref: "#/components/responses/NotFound";
                    };
                    readonly "422": {
                        readonly $ref: "#/components/responses/ValidationFailed";
                    };
                    readonly "429": {
                        readonly $ref: "#/components/responses/RateLimited";
                    };
                    readonly "500": {
                        readonly $ref: "#/components/responses/InternalError";
                    };
                    readonly "503": {
                        readonly $ref: "#/components/responses/ServiceUnavailable";
                    };
                };
            };
        };
        readonly "/api/trackers/{tracker_id}/runs/{run_id}": {
            readonly parameters: readonly [{
                readonly $ref: "#/components/parameters/TrackerId";
            }, {
                readonly $ref: "#/components/parameters/RunId";
            }];
            readonly get: {
                readonly operationId: "getRun";
                readonly "x-trackerkit-names": {
                    readonly client: "runs.get";
                    readonly n8n: "Run › Get";
                    readonly mcp: "get_run";
                };
                readonly tags: readonly ["Runs"];
                readonly summary: "Get a run";
                readonly description: "The run with its result, configuration snapshot and notification delivery; poll it after an async trigger.";
                readonly responses: {
                    readonly "200": {
                        readonly description: "The run.";
                        readonly content: {
                            readonly "application/json": {
                                readonly schema: {
                                    readonly $ref: "#/components/schemas/Run";
                                };
                                readonly examples: {
                                    readonly run: {
                                        readonly $ref: "#/components/examples/RunValue";
                                    };
                                };
                            };
                        };
                    };
                    readonly "400": {
                        readonly $ref: "#/components/responses/BadRequest";
                    };
                    readonly "401": {
                        readonly $ref: "#/components/responses/Unauthorized";
                    };
                    readonly "403": {
                        readonly $ref: "#/components/responses/Forbidden";
                    };
                    readonly "404": {
                        readonly $ref: "#/components/responses/NotFound";
                    };
                    readonly "422": {
                        readonly $ref: "#/components/responses/ValidationFailed";
                    };
                    readonly "429": {
                        readonly $ref: "#/components/responses/RateLimited";
                    };
                    readonly "500": {
                        readonly $ref: "#/components/responses/InternalError";
                    };
                    readonly "503": {
                        readonly $ref: "#/components/responses/ServiceUnavailable";
                    };
                };
            };
            readonly delete: {
                readonly operationId: "deleteRun";
                readonly "x-trackerkit-names": {
                    readonly client: "runs.delete";
                    readonly n8n: "Run › Delete";
                    readonly mcp: "delete_run";
                };
                readonly tags: readonly ["Runs"];
                readonly summary: "Delete a run";
                readonly description: "Removes the run and its result.";
                readonly responses: {
                    readonly "200": {
                        readonly description: "Deleted.";
                        readonly content: {
                            readonly "application/json": {
                                readonly schema: {
                                    readonly $ref: "#/components/schemas/DeleteEnvelope";
                                };
                                readonly examples: {
                                    readonly deleted: {
                                        readonly $ref: "#/components/examples/DeletedValue";
                                    };
                                };
                            };
                        };
                    };
                    readonly "400": {
                        readonly $ref: "#/components/responses/BadRequest";
                    };
                    readonly "401": {
                        readonly $ref: "#/components/responses/Unauthorized";
                    };
                    readonly "403": {
                        readonly $ref: "#/components/responses/Forbidden";
                    };
                    readonly "404": {
                        readonly $ref: "#/components/responses/NotFound";
                    };
                    readonly "422": {
                        readonly $ref: "#/components/responses/ValidationFailed";
                    };
                    readonly "429": {
                        readonly $ref: "#/components/responses/RateLimited";
                    };
                    readonly "500": {
                        readonly $ref: "#/components/responses/InternalError";
                    };
                    readonly "503": {
                        readonly $ref: "#/components/responses/ServiceUnavailable";
                    };
                };
            };
        };
        readonly "/api/trackers/{tracker_id}/vault/recent": {
            readonly parameters: readonly [{
                readonly $ref: "#/components/parameters/TrackerId";
            }];
            readonly get: {
                readonly operationId: "getVaultRecent";
                readonly "x-trackerkit-names": {
                    readonly client: "vault.recent";
                    readonly n8n: "Vault › Get Recent";
                    readonly mcp: "get_vault_recent";
                };
                readonly tags: readonly ["Vault"];
                readonly summary: "Get the vault's most recent data items";
                readonly description: "Items ordered by creation time, newest first.";
                readonly parameters: readonly [{
                    readonly name: "limit";
                    readonly in: "query";
                    readonly schema: {
                        readonly type: "integer";
                        readonly format: "int32";
                        readonly minimum: 1;
                        readonly maximum: 100;
                        readonly default: 10;
                    };
                }, {
                    readonly name: "content_types";
                    readonly in: "query";
                    readonly description: "Comma-separated list of `text`, `image`, `json`.";
                    readonly schema: {
                        readonly type: "string";
                        readonly pattern: "^(text|image|json)(,(text|image|json))*$";
                    };
                    readonly example: "json,text";
                }, {
                    readonly name: "since_hours";
                    readonly in: "query";
                    readonly description: "Only items created in the last N hours.";
                    readonly schema: {
                        readonly type: "integer";
                        readonly format: "int32";
                        readonly minimum: 1;
                        readonly maximum: 876000;
                    };
                    readonly "x-trackerkit-assumption": "No maximum is shown. 876,000 hours (100 years) is assumed so that the value stays a bounded integer; a larger one answers 422.";
                }];
                readonly responses: {
                    readonly "200": {
                        readonly description: "The items.";
                        readonly content: {
                            readonly "application/json": {
                                readonly schema: {
                                    readonly $ref: "#/components/schemas/VaultRecentResponse";
                                };
                                readonly example: {
                                    readonly target: "vault";
                                    readonly mode: "retrieve";
                                    readonly filters_applied: {
                                        readonly mode: "retrieve";
                                        readonly keywords: null;
                                        readonly content_types: readonly ["json"];
                                        readonly since: "2026-11-20T08:00:00Z";
                                        readonly until: null;
                                        readonly limit: 10;
                                        readonly group_by: null;
                                        readonly order_by: "created_at";
                                        readonly order: "desc";
                                    };
                                    readonly results: readonly [{
                                        readonly data_id: "dat_0b8e2f61-1c1e-4e0a-9d55-6a7d5b7c9a01";
                                        readonly source_id: "src_3f6b1a2c-9d8e-4c7b-8a6f-5e4d3c2b1a00";
                                        readonly content: "{\"sku\":\"A-1\",\"late_days\":4}";
                                        readonly content_type: "json";
                                        readonly token_count: 9;
                                        readonly created_at: "2026-11-21T07:59:00Z";
                                        readonly metadata: null;
                                        readonly source_name: "deliveries";
                                    }];
                                    readonly total: 1;
                                };
                            };
                        };
                    };
                    readonly "400": {
                        readonly $ref: "#/components/responses/BadRequest";
                    };
                    readonly "401": {
                        readonly $ref: "#/components/responses/Unauthorized";
                    };
                    readonly "403": {
                        readonly $ref: "#/components/responses/Forbidden";
                    };
                    readonly "404": {
                        readonly $ref: "#/components/responses/NotFound";
                    };
                    readonly "422": {
                        readonly $ref: "#/components/responses/ValidationFailed";
                    };
                    readonly "429": {
                        readonly $ref: "#/components/responses/RateLimited";
                    };
                    readonly "500": {
                        readonly $ref: "#/components/responses/InternalError";
                    };
                    readonly "503": {
                        readonly $ref: "#/components/responses/ServiceUnavailable";
                    };
                };
            };
        };
        readonly "/api/trackers/{tracker_id}/vault/sources": {
            readonly parameters: readonly [{
                readonly $ref: "#/components/parameters/TrackerId";
            }];
            readonly post: {
                readonly operationId: "uploadVaultData";
                readonly "x-trackerkit-names": {
                    readonly client: "vault.upload (JSON) and vault.uploadFile (multipart)";
                    readonly n8n: "Vault › Upload Rows and Vault › Upload File";
                    readonly mcp: "upload_vault_data and upload_vault_file";
                };
                readonly "x-rate-limit": {
                    readonly requests: 30;
                    readonly window_seconds: 60;
                };
                readonly tags: readonly ["Vault"];
                readonly summary: "Upload data to the vault";
                readonly description: "Free, and limited to 30 uploads a minute per account (429 with `Retry-After` beyond).\nJSON: one object or an array of at most 1,000 objects, and at most 10 MB per request.\nMultipart: one PDF, CSV, TXT, MD, JPG, JPEG or PNG file; images need a description of\n10-500 characters. When `source_name` equals an existing source of the tracker, the data\nis appended to it and `is_new_source` is false. A file whose type is not accepted, or whose\ncontent does not match its extension, answers 422 at `[\"body\", \"file\"]`; 415 is for a\nrequest content type other than JSON or multipart.\n";
                readonly requestBody: {
                    readonly required: true;
                    readonly content: {
                        readonly "application/json": {
                            readonly schema: {
                                readonly $ref: "#/components/schemas/VaultJsonUpload";
                            };
                            readonly examples: {
                                readonly rows: {
                                    readonly summary: "A batch of rows";
                                    readonly value: {
                                        readonly source_name: "deliveries";
                                        readonly description: "Weekly supplier delivery log";
                                        readonly data: readonly [{
                                            readonly sku: "A-1";
                                            readonly late_days: 4;
                                        }, {
                                            readonly sku: "B-7";
                                            readonly late_days: 0;
                                        }];
                                    };
                                };
                            };
                        };
                        readonly "multipart/form-data": {
                            readonly schema: {
                                readonly $ref: "#/components/schemas/VaultFileUpload";
                            };
                            readonly encoding: {
                                readonly file: {
                                    readonly contentType: "application/pdf, text/csv, text/plain, text/markdown, image/jpeg, image/png, application/octet-stream";
                                };
                            };
                            readonly examples: {
                                readonly image: {
                                    readonly summary: "A PNG with its description";
                                    readonly value: {
                                        readonly file: "(binary PNG content)";
                                        readonly source_name: "site-photo";
                                        readonly description: "Loading dock photographed on Monday morning";
                                    };
                                };
                            };
                        };
                    };
                };
                readonly responses: {
                    readonly "201": {
                        readonly description: "Stored.";
                        readonly content: {
                            readonly "application/json": {
                                readonly schema: {
                                    readonly $ref: "#/components/schemas/VaultUploadResponse";
                                };
                                readonly example: {
                                    readonly source_id: "src_3f6b1a2c-9d8e-4c7b-8a6f-5e4d3c2b1a00";
                                    readonly name: "deliveries";
                                    readonly description: "Weekly supplier delivery log";
                                    readonly source_type: "JSON";
                                    readonly size_bytes: 58;
                                    readonly data_count: 2;
                                    readonly status: "completed";
                                    readonly uploaded_at: "2026-11-21T07:59:00Z";
                                    readonly updated_at: "2026-11-21T07:59:00Z";
                                    readonly rows_processed: 2;
                                    readonly is_new_source: true;
                                    readonly cost_quants: 0;
                                    readonly metadata: null;
                                };
                            };
                        };
                    };
                    readonly "400": {
                        readonly $ref: "#/components/responses/BadRequest";
                    };
                    readonly "401": {
                        readonly $ref: "#/components/responses/Unauthorized";
                    };
                    readonly "403": {
                        readonly $ref: "#/components/responses/Forbidden";
                    };
                    readonly "404": {
                        readonly $ref: "#/components/responses/NotFound";
                    };
                    readonly "413": {
                        readonly $ref: "#/components/responses/PayloadTooLarge";
                    };
                    readonly "415": {
                        readonly $ref: "#/components/responses/UnsupportedMediaType";
                    };
                    readonly "422": {
                        readonly $ref: "#/components/responses/ValidationFailed";
                    };
                    readonly "429": {
                        readonly $ref: "#/components/responses/RateLimited";
                    };
                    readonly "500": {
                        readonly $ref: "#/components/responses/InternalError";
                    };
                    readonly "503": {
                        readonly $ref: "#/components/responses/ServiceUnavailable";
                    };
                };
            };
            readonly get: {
                readonly operationId: "listVaultSources";
                readonly "x-trackerkit-names": {
                    readonly client: "vault.listSources";
                    readonly n8n: "Vault › Get Many Sources";
                    readonly mcp: "list_vault_sources";
                };
                readonly "x-rate-limit": {
                    readonly requests: 200;
                    readonly window_seconds: 60;
                };
                readonly tags: readonly ["Vault"];
                readonly summary: "List the vault's sources";
                readonly description: "Limited to 200 requests a minute per account (429 with `Retry-After` beyond). Newest first.";
                readonly parameters: readonly [{
                    readonly $ref: "#/components/parameters/Page";
                }, {
                    readonly $ref: "#/components/parameters/PageSize";
                }];
                readonly responses: {
                    readonly "200": {
                        readonly description: "A page of sources.";
                        readonly content: {
                            readonly "application/json": {
                                readonly schema: {
                                    readonly $ref: "#/components/schemas/VaultSourceList";
                                };
                                readonly example: {
                                    readonly data: readonly [{
                                        readonly source_id: "src_3f6b1a2c-9d8e-4c7b-8a6f-5e4d3c2b1a00";
                                        readonly name: "deliveries";
                                        readonly description: "Weekly supplier delivery log";
                                        readonly source_type: "JSON";
                                        readonly size_bytes: 58;
                                        readonly data_count: 2;
                                        readonly status: "completed";
                                        readonly uploaded_at: "2026-11-21T07:59:00Z";
                                        readonly updated_at: "2026-11-21T07:59:00Z";
                                    }];
                                    readonly pagination: {
                                        readonly page: 1;
                                        readonly page_size: 20;
                                        readonly total_items: 1;
                                        readonly total_pages: 1;
                                    };
                                };
                            };
                        };
                    };
                    readonly "400": {
                        readonly $ref: "#/components/responses/BadRequest";
                    };
                    readonly "401": {
                        readonly $ref: "#/components/responses/Unauthorized";
                    };
                    readonly "403": {
                        readonly $ref: "#/components/responses/Forbidden";
                    };
                    readonly "404": {
                        readonly $ref: "#/components/responses/NotFound";
                    };
                    readonly "422": {
                        readonly $ref: "#/components/responses/ValidationFailed";
                    };
                    readonly "429": {
                        readonly $ref: "#/components/responses/RateLimited";
                    };
                    readonly "500": {
                        readonly $ref: "#/components/responses/InternalError";
                    };
                    readonly "503": {
                        readonly $ref: "#/components/responses/ServiceUnavailable";
                    };
                };
            };
        };
        readonly "/api/trackers/{tracker_id}/vault/sources/{source_id}": {
            readonly parameters: readonly [{
                readonly $ref: "#/components/parameters/TrackerId";
            }, {
                readonly $ref: "#/components/parameters/SourceId";
            }];
            readonly get: {
                readonly operationId: "getVaultSource";
                readonly "x-trackerkit-names": {
                    readonly client: "vault.getSource";
                    readonly n8n: "Vault › Get Source";
                    readonly mcp: "get_vault_source";
                };
                readonly tags: readonly ["Vault"];
                readonly summary: "Get a vault source";
                readonly description: "The source with its size and item count.";
                readonly responses: {
                    readonly "200": {
                        readonly description: "The source.";
                        readonly content: {
                            readonly "application/json": {
                                readonly schema: {
                                    readonly $ref: "#/components/schemas/VaultSource";
                                };
                                readonly examples: {
                                    readonly source: {
                                        readonly $ref: "#/components/examples/SourceValue";
                                    };
                                };
                            };
                        };
                    };
                    readonly "400": {
                        readonly $ref: "#/components/responses/BadRequest";
                    };
                    readonly "401": {
                        readonly $ref: "#/components/responses/Unauthorized";
                    };
                    readonly "403": {
                        readonly $ref: "#/components/responses/Forbidden";
                    };
                    readonly "404": {
                        readonly $ref: "#/components/responses/NotFound";
                    };
                    readonly "422": {
                        readonly $ref: "#/components/responses/ValidationFailed";
                    };
                    readonly "429": {
                        readonly $ref: "#/components/responses/RateLimited";
                    };
                    readonly "500": {
                        readonly $ref: "#/components/responses/InternalError";
                    };
                    readonly "503": {
                        readonly $ref: "#/components/responses/ServiceUnavailable";
                    };
                };
            };
            readonly patch: {
                readonly operationId: "updateVaultSource";
                readonly "x-trackerkit-names": {
                    readonly client: "vault.updateSource";
                    readonly n8n: "Vault › Update Source";
                    readonly mcp: "update_vault_source";
                };
                readonly "x-trackerkit-assumption": "The status code is not shown; 200 is assumed.";
                readonly tags: readonly ["Vault"];
                readonly summary: "Rename or describe a vault source";
                readonly description: "Existing data is not re-indexed.";
                readonly requestBody: {
                    readonly required: true;
                    readonly content: {
                        readonly "application/json": {
                            readonly schema: {
                                readonly $ref: "#/components/schemas/VaultSourceUpdate";
                            };
                            readonly examples: {
                                readonly rename: {
                                    readonly value: {
                                        readonly name: "deliveries-2026";
                                        readonly description: "Delivery log for 2026";
                                    };
                                };
                            };
                        };
                    };
                };
                readonly responses: {
                    readonly "200": {
                        readonly description: "The full updated source.";
                        readonly content: {
                            readonly "application/json": {
                                readonly schema: {
                                    readonly $ref: "#/components/schemas/VaultSource";
                                };
                                readonly examples: {
                                    readonly source: {
                                        readonly $ref: "#/components/examples/SourceValue";
                                    };
                                };
                            };
                        };
                    };
                    readonly "400": {
                        readonly $ref: "#/components/responses/BadRequest";
                    };
                    readonly "401": {
                        readonly $ref: "#/components/responses/Unauthorized";
                    };
                    readonly "403": {
                        readonly $ref: "#/components/responses/Forbidden";
                    };
                    readonly "404": {
                        readonly $ref: "#/components/responses/NotFound";
                    };
                    readonly "413": {
                        readonly $ref: "#/components/responses/PayloadTooLarge";
                    };
                    readonly "415": {
                        readonly $ref: "#/components/responses/UnsupportedMediaType";
                    };
                    readonly "422": {
                        readonly $ref: "#/components/responses/ValidationFailed";
                    };
                    readonly "429": {
                        readonly $ref: "#/components/responses/RateLimited";
                    };
                    readonly "500": {
                        readonly $ref: "#/components/responses/InternalError";
                    };
                    readonly "503": {
                        readonly $ref: "#/components/responses/ServiceUnavailable";
                    };
                };
            };
            readonly delete: {
                readonly operationId: "deleteVaultSource";
                readonly "x-trackerkit-names": {
                    readonly client: "vault.deleteSource";
                    readonly n8n: "Vault › Delete Source";
                    readonly mcp: "delete_vault_source";
                };
                readonly tags: readonly ["Vault"];
                readonly summary: "Delete a vault source";
                readonly description: "Irreversibly removes the source, its data items and their token indexes.";
                readonly responses: {
                    readonly "200": {
                        readonly description: "Deleted.";
                        readonly content: {
                            readonly "application/json": {
                                readonly schema: {
                                    readonly $ref: "#/components/schemas/DeleteEnvelope";
                                };
                                readonly examples: {
                                    readonly deleted: {
                                        readonly $ref: "#/components/examples/DeletedValue";
                                    };
                                };
                            };
                        };
                    };
                    readonly "400": {
                        readonly $ref: "#/components/responses/BadRequest";
                    };
                    readonly "401": {
                        readonly $ref: "#/components/responses/Unauthorized";
                    };
                    readonly "403": {
                        readonly $ref: "#/components/responses/Forbidden";
                    };
                    readonly "404": {
                        readonly $ref: "#/components/responses/NotFound";
                    };
                    readonly "422": {
                        readonly $ref: "#/components/responses/ValidationFailed";
                    };
                    readonly "429": {
                        readonly $ref: "#/components/responses/RateLimited";
                    };
                    readonly "500": {
                        readonly $ref: "#/components/responses/InternalError";
                    };
                    readonly "503": {
                        readonly $ref: "#/components/responses/ServiceUnavailable";
                    };
                };
            };
        };
    };
    readonly webhooks: {
        readonly "tracker.alert": {
            readonly post: {
                readonly operationId: "trackerAlert";
                readonly "x-trackerkit-names": {
                    readonly webhooks: "on('tracker.alert')";
                    readonly n8n: "Tracker Alert Trigger";
                };
                readonly "x-trackerkit-assumption": "The service does not publish its webhook payload, event names, signing or retries. This is the suite's contract: the emulator sends it, the receiver and the n8n trigger verify it. Signing follows Standard Webhooks v1 with the account's `whsec_` secret; the receiver's other schemes are chosen by configuration if the hosted service differs.";
                readonly "x-trackerkit-secret-policy": {
                    readonly description: "One policy for every signer and verifier of the suite (emulator, receiver, n8n trigger): `whsec_` followed by canonical base64 of at least `min_key_bytes` bytes (Standard Webhooks recommends 24-64 random bytes). A secret outside it is refused when it is configured, never at delivery time.";
                    readonly prefix: "whsec_";
                    readonly min_key_bytes: 16;
                };
                readonly "x-trackerkit-delivery": {
                    readonly timeout_seconds: 10;
                    readonly attempts: 3;
                    readonly backoff_seconds: readonly [1, 5];
                    readonly success: "any 2xx";
                    readonly retry_after: "A 429 or 503 with Retry-After (delta-seconds or an HTTP-date) is honoured when it asks for longer than the backoff, within the same attempts.";
                    readonly retry_after_max_seconds: 60;
                };
                readonly tags: readonly ["Runs"];
                readonly summary: "Alert after a run whose score meets the tracker's alert condition";
                readonly description: "Sent to the account's one webhook endpoint after a completed run when the tracker's\n`notification_config.webhook_enabled` is true and the result meets the condition:\nthe v0.3 bounds when `notify_below` or `notify_above` is set (inclusive: score <=\nlower_threshold or score >= upper_threshold), otherwise the legacy `score_threshold`\nwith `threshold_direction`, otherwise `signal_level`. The `webhook-id` header is the\nidempotency key: a retried delivery carries the same id.\n";
                readonly parameters: readonly [{
                    readonly $ref: "#/components/parameters/WebhookId";
                }, {
                    readonly $ref: "#/components/parameters/WebhookTimestamp";
                }, {
                    readonly $ref: "#/components/parameters/WebhookSignature";
                }];
                readonly requestBody: {
                    readonly required: true;
                    readonly content: {
                        readonly "application/json": {
                            readonly schema: {
                                readonly $ref: "#/components/schemas/TrackerAlertEvent";
                            };
                            readonly example: {
                                readonly type: "tracker.alert";
                                readonly timestamp: "2026-11-21T08:00:05Z";
                                readonly data: {
                                    readonly account_id: "acc_6e1c4b7a-0d2f-4a39-b1e8-3c5d7f9a2b40";
                                    readonly space_id: "spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7";
                                    readonly tracker_id: "trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10";
                                    readonly tracker_name: "ACME supplier risk";
                                    readonly run_id: "run_5a0c3e0e-2a57-4a44-9f4f-5d1a3c0b9e11";
                                    readonly score: 2;
                                    readonly signal: "Negative";
                                    readonly analysis: "Two shipments are more than a week late and a lender filed a notice.";
                                    readonly rule: "bounds";
                                    readonly bound: "lower";
                                    readonly threshold: 3;
                                    readonly reason: "Score 2 is at or below the lower threshold 3.";
                                    readonly trigger_type: "scheduled";
                                    readonly completed_at: "2026-11-21T08:00:04Z";
                                    readonly url: null;
                                };
                            };
                        };
                    };
                };
                readonly responses: {
                    readonly "200": {
                        readonly description: "Accepted. Any 2xx counts as delivered.";
                    };
                    readonly "401": {
                        readonly description: "The receiver rejected the signature; the sender does not retry.";
                    };
                    readonly "503": {
                        readonly description: "The receiver could not store the alert; the sender retries.";
                    };
                };
            };
        };
        readonly "tracker.alert.resolved": {
            readonly post: {
                readonly operationId: "trackerAlertResolved";
                readonly "x-trackerkit-names": {
                    readonly webhooks: "on('tracker.alert.resolved')";
                    readonly n8n: "Tracker Alert Trigger";
                };
                readonly "x-trackerkit-assumption": "Not part of the published service. Sent by the emulator (on by default, `--resolve-events off` to stop) after a completed run back inside its alert condition when the tracker's previous completed run alerted, so that incident tools (PagerDuty) can resolve. Receivers must work without it.";
                readonly tags: readonly ["Runs"];
                readonly summary: "A tracker's score is back inside its alert condition";
                readonly parameters: readonly [{
                    readonly $ref: "#/components/parameters/WebhookId";
                }, {
                    readonly $ref: "#/components/parameters/WebhookTimestamp";
                }, {
                    readonly $ref: "#/components/parameters/WebhookSignature";
                }];
                readonly requestBody: {
                    readonly required: true;
                    readonly content: {
                        readonly "application/json": {
                            readonly schema: {
                                readonly $ref: "#/components/schemas/TrackerAlertResolvedEvent";
                            };
                            readonly example: {
                                readonly type: "tracker.alert.resolved";
                                readonly timestamp: "2026-11-22T08:00:05Z";
                                readonly data: {
                                    readonly account_id: "acc_6e1c4b7a-0d2f-4a39-b1e8-3c5d7f9a2b40";
                                    readonly space_id: "spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7";
                                    readonly tracker_id: "trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10";
                                    readonly tracker_name: "ACME supplier risk";
                                    readonly run_id: "run_7c2d4e6f-8a9b-4c0d-9e1f-2a3b4c5d6e7f";
                                    readonly score: 6;
                                    readonly signal: "Positive";
                                    readonly analysis: "Deliveries recovered.";
                                    readonly rule: "bounds";
                                    readonly bound: null;
                                    readonly threshold: null;
                                    readonly reason: "Score 6 is back inside the alert condition.";
                                    readonly trigger_type: "scheduled";
                                    readonly completed_at: "2026-11-22T08:00:04Z";
                                    readonly url: null;
                                };
                            };
                        };
                    };
                };
                readonly responses: {
                    readonly "200": {
                        readonly description: "Accepted.";
                    };
                };
            };
        };
    };
};
