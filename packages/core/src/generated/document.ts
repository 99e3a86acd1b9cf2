// Generated from openapi/tracker-service.yaml by `pnpm generate`. Do not edit.
export const openapiDocument = {
  "openapi": "3.1.0",
  "info": {
    "title": "Tracker Monitoring Service",
    "version": "0.3.0",
    "summary": "AI monitoring jobs (trackers) that produce scored signals, with a private vault per tracker.",
    "description": "The whole Tracker Monitoring Service API at release v0.3: spaces, trackers, runs and the\ntracker vault, and the alert webhook the service sends to the account's endpoint.\n\nThis document is trackerkit's single source of truth. Every limit the specification gives is\nwritten here once, as a schema keyword or as a documented `x-` extension, and the suite's code\nderives its constants from it (`packages/core/src/generated/limits.ts`).\n\nWhere the specification says \"not shown\", the suite states its assumption in an\n`x-trackerkit-assumption` note next to the field or operation it concerns. The emulator makes\nthe assumptions that could plausibly differ on the hosted service configurable.\n",
    "license": {
      "name": "MIT",
      "identifier": "MIT"
    },
    "contact": {
      "name": "trackerkit",
      "url": "https://www.npmjs.com/org/trackerkit"
    }
  },
  "servers": [
    {
      "url": "http://127.0.0.1:4010/v1",
      "description": "Local trackerkit emulator for development and tests (`pnpm start` or `pnpm emulator`).",
      "x-internal": true
    },
    {
      "url": "{base_url}",
      "description": "Production, the hosted service; the base address ends in the version segment `/v1`.",
      "x-internal": false,
      "variables": {
        "base_url": {
          "default": "https://api.example.invalid/v1",
          "description": "The service base address, including `/v1`."
        }
      }
    }
  ],
  "security": [
    {
      "bearerAuth": []
    },
    {
      "apiKeyHeader": []
    }
  ],
  "tags": [
    {
      "name": "Spaces",
      "description": "Workspaces that hold trackers. Read-only through the API; managed in the web console."
    },
    {
      "name": "Trackers",
      "description": "AI monitoring jobs that produce signals."
    },
    {
      "name": "Runs",
      "description": "Executions of a tracker and their results."
    },
    {
      "name": "Vault",
      "description": "Each tracker's private store of files and JSON data used as context."
    }
  ],
  "x-trackerkit-assumptions": {
    "ids": "Only space ids have a published form (`spc_` + UUID). The emulator uses `trk_`, `run_`, `src_`, `dat_` and `acc_` prefixes; clients treat every id as an opaque string, except that an id in a request path must be one the service could have issued (components.schemas.ResourceId).",
    "error-status": "The specification does not show status codes for a missing token, unknown ids, rate limits or other validation failures. The suite assumes what the hosted service's public pages describe (not the specification): 401 for a missing or invalid token, 404 for ids that do not exist or belong to another account (no existence leak), 422 for schema validation, 429 with `Retry-After` for rate limits, 400 for malformed bodies and the v0.3 business rules, 403 for a space that is not active. A 500 or 503 (with `Retry-After` when the service gives one) is declared on every operation so that clients and mocks plan for server failures; the emulator answers them only on demand (faults).",
    "space-limits": "The specification gives each space a `capacity_gb`, `throughput_per_hour` and `rate_limit_per_hour` but not what happens when they are reached. The emulator reports them (and `used_gb`) and does not enforce them: no upload is refused for capacity and no request for the space's hourly limits. Only the operations' `x-rate-limit` are enforced.",
    "rate-limits": "Only the two vault limits are published (`x-rate-limit` on their operations). Other operations carry no documented limit; clients still honour 429 and `Retry-After` anywhere.",
    "request-id": "The specification does not show a request id. Clients read the response header named by `x-trackerkit-request-id-header` when it is present and keep it on their errors; the emulator does not send one.",
    "patch-semantics": "PATCH /api/trackers/{tracker_id} answers 200. `agent_config` and `notification_config` are merged shallowly with the stored values (fields sent replace, fields omitted stay); `schedule` is replaced and `null` clears it. The emulator's `--patch-objects replace` switches to replacement in case the hosted service differs."
  },
  "x-trackerkit-request-id-header": "X-Request-ID",
  "components": {
    "securitySchemes": {
      "bearerAuth": {
        "type": "http",
        "scheme": "bearer",
        "description": "`Authorization: Bearer qapi_...`, the scheme the specification documents. API tokens are created in the web console.",
        "x-trackerkit-assumption": "The specification documents only `Authorization: Bearer`. The hosted service's public pages also mention `X-API-Key` and `X-API-Token` headers. `X-API-Key` is listed below as an alternative (the client sends it with `auth: 'x-api-key'`); `X-API-Token` is not a scheme of this document, only a convenience the emulator accepts."
      },
      "apiKeyHeader": {
        "type": "apiKey",
        "in": "header",
        "name": "X-API-Key",
        "description": "The same API token in the `X-API-Key` header.",
        "x-trackerkit-assumption": "Not in the specification, which documents only `Authorization: Bearer`; the hosted service's public pages mention it. Prefer Bearer."
      }
    },
    "parameters": {
      "Page": {
        "name": "page",
        "in": "query",
        "description": "1-based page number.",
        "schema": {
          "type": "integer",
          "format": "int32",
          "minimum": 1,
          "maximum": 2147483647,
          "default": 1
        }
      },
      "PageSize": {
        "name": "page_size",
        "in": "query",
        "schema": {
          "type": "integer",
          "format": "int32",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      "SpaceId": {
        "name": "space_id",
        "in": "path",
        "required": true,
        "schema": {
          "$ref": "#/components/schemas/ResourceId"
        },
        "example": "spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7"
      },
      "TrackerId": {
        "name": "tracker_id",
        "in": "path",
        "required": true,
        "schema": {
          "$ref": "#/components/schemas/ResourceId"
        },
        "example": "trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10"
      },
      "RunId": {
        "name": "run_id",
        "in": "path",
        "required": true,
        "schema": {
          "$ref": "#/components/schemas/ResourceId"
        },
        "example": "run_5a0c3e0e-2a57-4a44-9f4f-5d1a3c0b9e11"
      },
      "SourceId": {
        "name": "source_id",
        "in": "path",
        "required": true,
        "schema": {
          "$ref": "#/components/schemas/ResourceId"
        },
        "example": "src_3f6b1a2c-9d8e-4c7b-8a6f-5e4d3c2b1a00"
      },
      "WebhookId": {
        "name": "webhook-id",
        "in": "header",
        "required": true,
        "description": "Unique per event (`msg_` + id); the same on every retry of that event.",
        "schema": {
          "type": "string",
          "minLength": 1
        }
      },
      "WebhookTimestamp": {
        "name": "webhook-timestamp",
        "in": "header",
        "required": true,
        "description": "Unix seconds when this attempt was signed.",
        "schema": {
          "type": "string",
          "pattern": "^[0-9]+$"
        }
      },
      "WebhookSignature": {
        "name": "webhook-signature",
        "in": "header",
        "required": true,
        "description": "Space-separated `v1,<base64>` entries: HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{raw body}` keyed with the base64-decoded part of the account's `whsec_` secret.",
        "schema": {
          "type": "string",
          "pattern": "^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$"
        }
      }
    },
    "headers": {
      "Retry-After": {
        "description": "Whole seconds to wait before retrying (at least 1).",
        "schema": {
          "type": "integer",
          "format": "int32",
          "minimum": 1,
          "maximum": 86400
        },
        "example": 30
      }
    },
    "responses": {
      "BadRequest": {
        "description": "Malformed request (body that is not JSON, unreadable multipart) or a v0.3 business rule: linked trackers not owned by the caller or not in the same space; zen with sync true.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ErrorDetail"
            },
            "example": {
              "detail": "Zen reasoning mode runs asynchronously only; send sync false."
            }
          }
        }
      },
      "Unauthorized": {
        "description": "Missing or invalid API token.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ErrorDetail"
            },
            "example": {
              "detail": "Invalid or missing API token"
            }
          }
        }
      },
      "InsufficientQuants": {
        "description": "The account's quants balance does not cover the run.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ErrorDetail"
            },
            "example": {
              "detail": "Insufficient quants"
            }
          }
        }
      },
      "Forbidden": {
        "description": "Access denied (for example a space that is not active).",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ErrorDetail"
            },
            "example": {
              "detail": "Space is not active"
            }
          }
        }
      },
      "NotFound": {
        "description": "The resource does not exist or belongs to another account.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ErrorDetail"
            },
            "example": {
              "detail": "Tracker not found"
            }
          }
        }
      },
      "PayloadTooLarge": {
        "description": "The request body exceeds the size limit.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ErrorDetail"
            },
            "example": {
              "detail": "Request body exceeds 10000000 bytes"
            }
          }
        }
      },
      "UnsupportedMediaType": {
        "description": "The body's content type is not one the operation accepts.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ErrorDetail"
            },
            "example": {
              "detail": "Unsupported content type text/plain; use application/json"
            }
          }
        }
      },
      "ValidationFailed": {
        "description": "The request failed validation (FastAPI style).",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ValidationError"
            },
            "example": {
              "detail": [
                {
                  "loc": [
                    "body",
                    "name"
                  ],
                  "msg": "String should have at most 50 characters",
                  "type": "string_too_long"
                }
              ]
            }
          }
        }
      },
      "RateLimited": {
        "description": "Rate limit exceeded.",
        "headers": {
          "Retry-After": {
            "$ref": "#/components/headers/Retry-After"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ErrorDetail"
            },
            "example": {
              "detail": "Rate limit exceeded: 30 requests per 60 seconds"
            }
          }
        }
      },
      "InternalError": {
        "description": "The service failed. Not caused by the request: a client may retry reads; a run trigger that may have reached the service is not retried blindly.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ErrorDetail"
            },
            "example": {
              "detail": "Internal server error"
            }
          }
        }
      },
      "ServiceUnavailable": {
        "description": "The service is overloaded or down for a moment; retry after `Retry-After` when given.",
        "headers": {
          "Retry-After": {
            "$ref": "#/components/headers/Retry-After"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ErrorDetail"
            },
            "example": {
              "detail": "Service temporarily unavailable"
            }
          }
        }
      }
    },
    "examples": {
      "SpaceValue": {
        "value": {
          "space_id": "spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7",
          "name": "Supply chain",
          "description": "Supplier and logistics monitoring",
          "category": "operations",
          "capacity_gb": 10,
          "throughput_per_hour": 1000,
          "used_gb": 0.02,
          "monthly_cost": 49,
          "storage_cost": 9,
          "throughput_cost": 40,
          "rate_limit_per_hour": 3600,
          "is_active": true,
          "tracker_count": 1,
          "source_count": 1,
          "result_count": 12,
          "created_at": "2026-11-01T09:00:00Z",
          "updated_at": null
        }
      },
      "TrackerValue": {
        "value": {
          "tracker_id": "trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10",
          "space_id": "spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7",
          "name": "ACME supplier risk",
          "description": "Watches news and filings about ACME Corp for supply-chain risk.",
          "run_mode": "scheduled",
          "schedule": {
            "start_time": "2026-11-21T08:00:00Z",
            "interval_minutes": 1440,
            "end_time": null
          },
          "vault_ttl_days": 30,
          "agent_config": {
            "instruction": "Review recent news, filings and the vault's delivery data; weigh delays and financial stress.",
            "score_meaning": "10 means no supply risk; 0 means imminent disruption.",
            "skills": [
              "web_research"
            ],
            "reasoning_mode": "advanced",
            "linked_trackers": []
          },
          "notification_config": {
            "signal_level": "Poor",
            "email_enabled": false,
            "webhook_enabled": true,
            "notify_below": true,
            "lower_threshold": 3,
            "notify_above": false,
            "upper_threshold": null
          },
          "category": "operations",
          "last_run_at": "2026-11-21T08:00:04Z",
          "created_at": "2026-11-20T10:00:00Z",
          "updated_at": "2026-11-20T10:00:00Z"
        }
      },
      "RunValue": {
        "value": {
          "run_id": "run_5a0c3e0e-2a57-4a44-9f4f-5d1a3c0b9e11",
          "tracker_id": "trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10",
          "space_id": "spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7",
          "status": "completed",
          "started_at": "2026-11-21T08:00:00Z",
          "completed_at": "2026-11-21T08:00:04Z",
          "quants_used": 6,
          "result": {
            "score": 2,
            "signal": "Negative",
            "analysis": "Two shipments are more than a week late."
          },
          "config_snapshot": {
            "agent_config": {
              "instruction": "Review recent news, filings and the vault's delivery data; weigh delays and financial stress.",
              "score_meaning": "10 means no supply risk; 0 means imminent disruption.",
              "skills": [
                "web_research"
              ],
              "reasoning_mode": "advanced",
              "linked_trackers": []
            },
            "trigger_type": "scheduled",
            "sync": false
          },
          "notification_delivery": {
            "email": null,
            "webhook": {
              "status": "success",
              "reason": "Score 2 is at or below the lower threshold 3.",
              "attempts": 1,
              "delivered_at": "2026-11-21T08:00:05Z",
              "error": null
            }
          },
          "error_message": null
        }
      },
      "SourceValue": {
        "value": {
          "source_id": "src_3f6b1a2c-9d8e-4c7b-8a6f-5e4d3c2b1a00",
          "name": "deliveries",
          "description": "Weekly supplier delivery log",
          "source_type": "JSON",
          "size_bytes": 58,
          "data_count": 2,
          "status": "completed",
          "uploaded_at": "2026-11-21T07:59:00Z",
          "updated_at": "2026-11-21T07:59:00Z"
        }
      },
      "DeletedValue": {
        "value": {
          "success": true,
          "message": "Deleted",
          "data": null,
          "errors": null
        }
      }
    },
    "schemas": {
      "ErrorDetail": {
        "type": "object",
        "description": "Error body of every non-422 failure.",
        "required": [
          "detail"
        ],
        "properties": {
          "detail": {
            "type": "string"
          }
        }
      },
      "ValidationError": {
        "type": "object",
        "description": "FastAPI-style validation failure.",
        "required": [
          "detail"
        ],
        "properties": {
          "detail": {
            "type": "array",
            "minItems": 1,
            "maxItems": 10000,
            "items": {
              "$ref": "#/components/schemas/ValidationIssue"
            }
          }
        }
      },
      "ValidationIssue": {
        "type": "object",
        "required": [
          "loc",
          "msg",
          "type"
        ],
        "properties": {
          "loc": {
            "type": "array",
            "maxItems": 64,
            "description": "Where the problem is, e.g. `[\"body\", \"agent_config\", \"instruction\"]` or `[\"query\", \"page_size\"]`.",
            "items": {
              "oneOf": [
                {
                  "type": "string"
                },
                {
                  "type": "integer",
                  "format": "int32",
                  "minimum": 0,
                  "maximum": 2147483647
                }
              ]
            }
          },
          "msg": {
            "type": "string"
          },
          "type": {
            "type": "string",
            "description": "A machine-readable kind, e.g. `missing`, `string_too_long`, `less_than_equal`."
          }
        }
      },
      "Pagination": {
        "type": "object",
        "required": [
          "page",
          "page_size",
          "total_items",
          "total_pages"
        ],
        "properties": {
          "page": {
            "type": "integer",
            "format": "int32",
            "minimum": 1,
            "maximum": 2147483647
          },
          "page_size": {
            "type": "integer",
            "format": "int32",
            "minimum": 1,
            "maximum": 100
          },
          "total_items": {
            "type": "integer",
            "format": "int64",
            "minimum": 0,
            "maximum": 9007199254740991
          },
          "total_pages": {
            "type": "integer",
            "format": "int64",
            "minimum": 0,
            "maximum": 9007199254740991
          }
        }
      },
      "DeleteEnvelope": {
        "type": "object",
        "required": [
          "success",
          "message",
          "data",
          "errors"
        ],
        "description": "Returned by every successful DELETE; failures answer an error status instead.",
        "properties": {
          "success": {
            "type": "boolean",
            "const": true
          },
          "message": {
            "type": "string",
            "maxLength": 1000
          },
          "data": {
            "type": "null"
          },
          "errors": {
            "type": "null",
            "description": "null on success; the shape on failure is not shown.",
            "x-trackerkit-assumption": "Failures are answered with an error status and `{detail}` instead, so a delete envelope always carries `success: true` and `errors: null`."
          }
        }
      },
      "SpaceId": {
        "type": "string",
        "description": "A space id, `spc_` and a UUID.",
        "pattern": "^spc_[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
        "examples": [
          "spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7"
        ],
        "x-trackerkit-assumption": "The specification does not show the form of ids; the hosted service's public pages show space ids as `spc_` and a UUID. Only the Space object's own id carries the pattern: path parameters take the looser ResourceId and query parameters stay `minLength: 1`, so an id of another form is the service's to answer (404)."
      },
      "ResourceId": {
        "type": "string",
        "description": "An id in a request path (space, tracker, run, vault source), as the service issues it.",
        "minLength": 1,
        "maxLength": 200,
        "pattern": "^(?!\\.\\.?$)[^/\\\\?#%\\s\\u0000-\\u001F\\u007F-\\u009F]*$",
        "x-trackerkit-rules": [
          "not . or .., and no /, \\, ?, #, %, whitespace or control characters"
        ],
        "x-trackerkit-assumption": "The specification treats ids as opaque strings and gives no form or length. An id is a segment of the request path, where `.` and `..` are dot segments that address the parent resource once the path is normalised (`DELETE .../runs/..` would delete the tracker) and `/`, `\\`, `?`, `#` and `%` change which resource the path names; no id the service issues contains them, nor whitespace or control characters. 200 characters is assumed as a bound far above the ids seen (40). Every layer refuses such an id before sending; the emulator answers it 404 as an unknown id and never resolves it to another resource."
      },
      "Space": {
        "type": "object",
        "required": [
          "space_id",
          "name",
          "description",
          "category",
          "capacity_gb",
          "throughput_per_hour",
          "used_gb",
          "monthly_cost",
          "storage_cost",
          "throughput_cost",
          "rate_limit_per_hour",
          "is_active",
          "tracker_count",
          "source_count",
          "result_count",
          "created_at",
          "updated_at"
        ],
        "properties": {
          "space_id": {
            "$ref": "#/components/schemas/SpaceId"
          },
          "name": {
            "type": "string"
          },
          "description": {
            "type": "string"
          },
          "category": {
            "type": "string"
          },
          "capacity_gb": {
            "type": "number",
            "minimum": 0
          },
          "throughput_per_hour": {
            "type": "integer",
            "format": "int64",
            "minimum": 0,
            "maximum": 9007199254740991
          },
          "used_gb": {
            "type": "number",
            "minimum": 0
          },
          "monthly_cost": {
            "type": "number"
          },
          "storage_cost": {
            "type": "number"
          },
          "throughput_cost": {
            "type": "number"
          },
          "rate_limit_per_hour": {
            "type": "integer",
            "format": "int64",
            "minimum": 0,
            "maximum": 9007199254740991
          },
          "is_active": {
            "type": "boolean"
          },
          "tracker_count": {
            "type": "integer",
            "format": "int64",
            "minimum": 0,
            "maximum": 9007199254740991
          },
          "source_count": {
            "type": "integer",
            "format": "int64",
            "minimum": 0,
            "maximum": 9007199254740991
          },
          "result_count": {
            "type": "integer",
            "format": "int64",
            "minimum": 0,
            "maximum": 9007199254740991
          },
          "created_at": {
            "type": "string",
            "format": "date-time"
          },
          "updated_at": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time",
            "description": "null when never updated"
          }
        }
      },
      "SpaceList": {
        "type": "object",
        "required": [
          "data",
          "pagination"
        ],
        "properties": {
          "data": {
            "type": "array",
            "maxItems": 100,
            "items": {
              "$ref": "#/components/schemas/Space"
            }
          },
          "pagination": {
            "$ref": "#/components/schemas/Pagination"
          }
        }
      },
      "RunMode": {
        "type": "string",
        "enum": [
          "manual",
          "scheduled"
        ]
      },
      "ReasoningMode": {
        "type": "string",
        "description": "Depth of analysis; scales the run's cost. `zen` (from v0.3) runs asynchronously only.",
        "enum": [
          "basic",
          "advanced",
          "super",
          "zen"
        ],
        "default": "basic",
        "x-reasoning-multipliers": {
          "basic": 1,
          "advanced": 6,
          "super": 18,
          "zen": 40
        },
        "x-reasoning-multipliers-base-release": {
          "basic": 1,
          "advanced": 8,
          "super": 30
        }
      },
      "Signal": {
        "type": "string",
        "description": "The run's label; read it as given, never derive it from the score. The emulator uses the bands 0-1 Poor, 2-3 Negative, 4-5 Neutral, 6-7 Positive, 8-10 Excellent.",
        "x-trackerkit-assumption": "The mapping from score to label is not shown. The hosted service's public pages say the label is checked by a second model, so it need not follow the score; the suite treats it as given and the emulator's bands are its own.",
        "enum": [
          "Poor",
          "Negative",
          "Neutral",
          "Positive",
          "Excellent"
        ],
        "x-emulator-score-bands": {
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
        }
      },
      "SignalLevel": {
        "type": "string",
        "description": "Base-release alert condition.",
        "enum": [
          "Any",
          "Poor",
          "Negative",
          "Neutral",
          "Positive",
          "Excellent"
        ],
        "default": "Poor",
        "x-trackerkit-assumption": "The matching rule is not shown. The suite alerts when the run's signal is at or below the level on the scale Poor < Negative < Neutral < Positive < Excellent (`Any` matches every run). The emulator's `--signal-level-match exact` switches to an exact match."
      },
      "Score": {
        "type": "integer",
        "format": "int32",
        "minimum": 0,
        "maximum": 10
      },
      "RunStatus": {
        "type": "string",
        "enum": [
          "pending",
          "running",
          "completed",
          "failed"
        ]
      },
      "NotificationStatus": {
        "type": "string",
        "enum": [
          "success",
          "failed",
          "skipped"
        ],
        "x-trackerkit-assumption": "A run's notification status is `skipped` when no channel was attempted (none enabled or the condition not met), `failed` when any attempted channel failed, `success` otherwise."
      },
      "SkillId": {
        "type": "string",
        "description": "snake_case form of the skill name, e.g. web_research, stock_research, social_media_research. A skill outside the catalog answers 422 naming the skill.",
        "pattern": "^[a-z][a-z0-9]*(_[a-z0-9]+)*$",
        "maxLength": 100,
        "x-trackerkit-default-skill-costs": {
          "web_research": 1,
          "stock_research": 2,
          "social_media_research": 1.5,
          "financial_markets": 2
        },
        "x-trackerkit-assumption": "A tracker lists at most 100 skills (the specification gives no maximum; the bound keeps the array limited). The skill catalog and prices are not shown. The default costs (quants per run at the basic multiplier) are the suite's assumption; the emulator and the client's cost estimate take the catalog as configuration."
      },
      "AgentConfig": {
        "type": "object",
        "required": [
          "instruction",
          "score_meaning",
          "skills"
        ],
        "properties": {
          "instruction": {
            "type": "string",
            "minLength": 1,
            "maxLength": 1000,
            "description": "HOW to analyze (methodology, data sources, criteria). Must not contain score definitions; put those in score_meaning."
          },
          "score_meaning": {
            "type": "string",
            "minLength": 1,
            "description": "What the score represents (the axis; 10 positive by default)."
          },
          "skills": {
            "type": "array",
            "maxItems": 100,
            "description": "Skill ids, additive. Empty means a general analyst using only the vault and linked trackers.",
            "items": {
              "$ref": "#/components/schemas/SkillId"
            }
          },
          "reasoning_mode": {
            "$ref": "#/components/schemas/ReasoningMode"
          },
          "linked_trackers": {
            "type": "array",
            "description": "The caller's own trackers in the same space, used as context. Linking is free.",
            "maxItems": 10,
            "items": {
              "type": "string",
              "minLength": 1
            },
            "default": [],
            "x-trackerkit-assumption": "The specification contradicts itself: the base release allows 5 linked trackers and v0.3 states 10 \"as unchanged\". The document takes the larger, 10; the emulator's `--max-linked-trackers 5` applies the base release's maximum (422 beyond it).",
            "x-trackerkit-rules": [
              "at most 10 linked trackers",
              "linked trackers are the caller's own trackers in the same space (400 otherwise)"
            ]
          }
        }
      },
      "AgentConfigUpdate": {
        "type": "object",
        "description": "Fields sent replace the stored ones; fields omitted stay (see the PATCH assumption).",
        "minProperties": 1,
        "properties": {
          "instruction": {
            "type": "string",
            "minLength": 1,
            "maxLength": 1000
          },
          "score_meaning": {
            "type": "string",
            "minLength": 1
          },
          "skills": {
            "type": "array",
            "maxItems": 100,
            "items": {
              "$ref": "#/components/schemas/SkillId"
            }
          },
          "reasoning_mode": {
            "$ref": "#/components/schemas/ReasoningMode"
          },
          "linked_trackers": {
            "type": "array",
            "maxItems": 10,
            "items": {
              "type": "string",
              "minLength": 1
            },
            "x-trackerkit-assumption": "The specification contradicts itself: the base release allows 5 linked trackers and v0.3 states 10 \"as unchanged\". The document takes the larger, 10; the emulator's `--max-linked-trackers 5` applies the base release's maximum (422 beyond it).",
            "x-trackerkit-rules": [
              "at most 10 linked trackers",
              "linked trackers are the caller's own trackers in the same space (400 otherwise)"
            ]
          }
        }
      },
      "AgentConfigOut": {
        "type": "object",
        "required": [
          "instruction",
          "score_meaning",
          "skills",
          "reasoning_mode",
          "linked_trackers"
        ],
        "properties": {
          "instruction": {
            "type": "string"
          },
          "score_meaning": {
            "type": "string"
          },
          "skills": {
            "type": "array",
            "maxItems": 100,
            "items": {
              "type": "string"
            }
          },
          "reasoning_mode": {
            "$ref": "#/components/schemas/ReasoningMode"
          },
          "linked_trackers": {
            "type": "array",
            "maxItems": 10,
            "items": {
              "type": "string"
            }
          }
        }
      },
      "Threshold": {
        "type": [
          "integer",
          "null"
        ],
        "format": "int32",
        "minimum": 0,
        "maximum": 10,
        "x-trackerkit-assumption": "The value range is not shown; the score's own range 0-10 is assumed."
      },
      "NotificationConfig": {
        "type": "object",
        "description": "Alert settings. Rules (422 otherwise): with `notify_below` true, `lower_threshold` is\nrequired; with `notify_above` true, `upper_threshold` is required; with both on,\n`lower_threshold <= upper_threshold`; when e-mail or webhook is enabled, at least one\ndirection is required (`notify_below` or `notify_above` on, or the legacy pair\n`score_threshold` with `threshold_direction`); `score_threshold` and\n`threshold_direction` go together. Stored trackers without the v0.3 fields keep the base\nbehaviour (legacy threshold if set, otherwise signal_level). When a v0.3 field is present\nbut neither direction is on, no alert is sent.\n",
        "x-trackerkit-assumption": "The specification says \"when email or webhook is enabled at least one direction is required\" and that the legacy fields \"remain supported for existing trackers\". The suite counts the legacy pair as a direction and refuses a channel without any (422 at `notify_below`), on create and on a PATCH that sends notification_config; a PATCH that does not send it leaves a stored config unchecked, so existing trackers keep working. Whether the hosted service still accepts a channel alone for new trackers (alerting by signal_level, the base release's behaviour) is not shown: the emulator's `--alerts-without-direction legacy` accepts it.",
        "x-trackerkit-rules": [
          "notify_below requires lower_threshold",
          "notify_above requires upper_threshold",
          "lower_threshold <= upper_threshold when both directions are on",
          "a direction is required when a channel is enabled",
          "score_threshold and threshold_direction are given together"
        ],
        "properties": {
          "signal_level": {
            "$ref": "#/components/schemas/SignalLevel"
          },
          "email_enabled": {
            "type": "boolean",
            "default": false,
            "description": "Sends mail to the account's e-mail address."
          },
          "webhook_enabled": {
            "type": "boolean",
            "default": false,
            "description": "Sends to the account-level webhook endpoint."
          },
          "notify_below": {
            "type": "boolean",
            "default": false,
            "description": "Enables the lower bound (v0.3)."
          },
          "lower_threshold": {
            "$ref": "#/components/schemas/Threshold",
            "description": "Alert when score <= lower_threshold."
          },
          "notify_above": {
            "type": "boolean",
            "default": false,
            "description": "Enables the upper bound (v0.3)."
          },
          "upper_threshold": {
            "$ref": "#/components/schemas/Threshold",
            "description": "Alert when score >= upper_threshold."
          },
          "score_threshold": {
            "$ref": "#/components/schemas/Threshold",
            "description": "Legacy single threshold (base release), used with threshold_direction."
          },
          "threshold_direction": {
            "type": [
              "string",
              "null"
            ],
            "enum": [
              "below",
              "above",
              null
            ],
            "description": "Legacy direction. `below` alerts when score <= score_threshold; `above` when score >= score_threshold.",
            "x-trackerkit-assumption": "The type is not shown; a string enum below/above is assumed."
          }
        }
      },
      "NotificationConfigOut": {
        "description": "notification_config as returned, with the base fields' defaults filled in.",
        "allOf": [
          {
            "$ref": "#/components/schemas/NotificationConfig"
          },
          {
            "type": "object",
            "required": [
              "signal_level",
              "email_enabled",
              "webhook_enabled"
            ],
            "properties": {
              "signal_level": {
                "$ref": "#/components/schemas/SignalLevel"
              },
              "email_enabled": {
                "type": "boolean"
              },
              "webhook_enabled": {
                "type": "boolean"
              }
            }
          }
        ]
      },
      "Schedule": {
        "type": "object",
        "required": [
          "start_time",
          "interval_minutes"
        ],
        "properties": {
          "start_time": {
            "type": "string",
            "format": "date-time",
            "description": "First run, UTC."
          },
          "interval_minutes": {
            "type": "integer",
            "format": "int32",
            "minimum": 1,
            "maximum": 1440
          },
          "end_time": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time",
            "description": "No run after this instant; null runs forever."
          }
        },
        "x-trackerkit-rules": [
          "end_time is not before start_time (equal means one run)"
        ]
      },
      "VaultTtlDays": {
        "type": [
          "integer",
          "null"
        ],
        "format": "int32",
        "minimum": 1,
        "maximum": 365,
        "description": "Days vault data is kept; null keeps it forever."
      },
      "TrackerCreate": {
        "type": "object",
        "required": [
          "name",
          "description",
          "run_mode",
          "agent_config"
        ],
        "properties": {
          "name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 50
          },
          "description": {
            "type": "string",
            "minLength": 1,
            "maxLength": 500
          },
          "run_mode": {
            "$ref": "#/components/schemas/RunMode"
          },
          "agent_config": {
            "$ref": "#/components/schemas/AgentConfig"
          },
          "vault_ttl_days": {
            "$ref": "#/components/schemas/VaultTtlDays"
          },
          "notification_config": {
            "$ref": "#/components/schemas/NotificationConfig"
          },
          "schedule": {
            "description": "Required when run_mode is scheduled.",
            "x-trackerkit-rules": [
              "schedule is required when run_mode is scheduled"
            ],
            "oneOf": [
              {
                "$ref": "#/components/schemas/Schedule"
              },
              {
                "type": "null"
              }
            ]
          }
        }
      },
      "TrackerUpdate": {
        "type": "object",
        "description": "Every field is optional; only the fields sent change.",
        "x-trackerkit-assumption": "The specification makes every field optional and does not show how an empty body is answered. An empty body (`{}`) is read as a PATCH that changes nothing: 200 with the tracker as stored, `updated_at` unchanged. The emulator's `--empty-patch refuse` answers 422 instead in case the hosted service refuses it.",
        "properties": {
          "name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 50
          },
          "description": {
            "type": "string",
            "minLength": 1,
            "maxLength": 500
          },
          "run_mode": {
            "$ref": "#/components/schemas/RunMode"
          },
          "agent_config": {
            "$ref": "#/components/schemas/AgentConfigUpdate"
          },
          "vault_ttl_days": {
            "$ref": "#/components/schemas/VaultTtlDays"
          },
          "notification_config": {
            "$ref": "#/components/schemas/NotificationConfig"
          },
          "schedule": {
            "description": "null clears the schedule.",
            "x-trackerkit-rules": [
              "schedule cannot be null when run_mode is scheduled"
            ],
            "oneOf": [
              {
                "$ref": "#/components/schemas/Schedule"
              },
              {
                "type": "null"
              }
            ]
          }
        }
      },
      "Tracker": {
        "type": "object",
        "description": "v0.3 payload. visibility, is_public, star_count, usage_count and published_at are no longer returned (`propertyNames` forbids them). A manual tracker's `schedule` is null (the `allOf`).",
        "propertyNames": {
          "description": "The fields v0.3 removed are forbidden.",
          "pattern": "^(?!(visibility|is_public|star_count|usage_count|published_at)$)"
        },
        "allOf": [
          {
            "description": "if run_mode is manual then schedule is null",
            "anyOf": [
              {
                "allOf": [
                  {
                    "required": [
                      "run_mode"
                    ]
                  },
                  {
                    "properties": {
                      "run_mode": {
                        "const": "scheduled"
                      }
                    }
                  }
                ]
              },
              {
                "allOf": [
                  {
                    "required": [
                      "schedule"
                    ]
                  },
                  {
                    "properties": {
                      "schedule": {
                        "type": "null"
                      }
                    }
                  }
                ]
              }
            ]
          }
        ],
        "required": [
          "tracker_id",
          "space_id",
          "name",
          "description",
          "run_mode",
          "schedule",
          "vault_ttl_days",
          "agent_config",
          "notification_config",
          "category",
          "last_run_at",
          "created_at",
          "updated_at"
        ],
        "properties": {
          "tracker_id": {
            "type": "string"
          },
          "space_id": {
            "type": "string"
          },
          "name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 50
          },
          "description": {
            "type": "string",
            "minLength": 1,
            "maxLength": 500
          },
          "run_mode": {
            "$ref": "#/components/schemas/RunMode"
          },
          "schedule": {
            "oneOf": [
              {
                "$ref": "#/components/schemas/Schedule"
              },
              {
                "type": "null"
              }
            ]
          },
          "vault_ttl_days": {
            "$ref": "#/components/schemas/VaultTtlDays"
          },
          "agent_config": {
            "$ref": "#/components/schemas/AgentConfigOut"
          },
          "notification_config": {
            "description": "null when never provided.",
            "oneOf": [
              {
                "$ref": "#/components/schemas/NotificationConfigOut"
              },
              {
                "type": "null"
              }
            ]
          },
          "category": {
            "type": "string",
            "description": "Inherited from the space."
          },
          "last_run_at": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time"
          },
          "created_at": {
            "type": "string",
            "format": "date-time"
          },
          "updated_at": {
            "type": "string",
            "format": "date-time"
          }
        }
      },
      "TrackerList": {
        "type": "object",
        "required": [
          "data",
          "pagination"
        ],
        "properties": {
          "data": {
            "type": "array",
            "maxItems": 100,
            "items": {
              "$ref": "#/components/schemas/Tracker"
            }
          },
          "pagination": {
            "$ref": "#/components/schemas/Pagination"
          }
        }
      },
      "RunTrigger": {
        "type": "object",
        "properties": {
          "sync": {
            "type": "boolean",
            "default": false,
            "description": "Hold the response until the run finishes. Never with zen.",
            "x-trackerkit-rules": [
              "zen trackers run with sync false only"
            ]
          },
          "context": {
            "type": "object",
            "description": "Notes or metadata for the run.",
            "additionalProperties": true,
            "x-emulator-controls": {
              "description": "The emulator reads `context.emulator` for tests and demos; the hosted service ignores it. `score` (integer 0-10) forces the score; `fail` (string) makes the run fail with that error_message; `delay_ms` (integer) holds the run in running. Any other key is refused (422 naming it), so a misspelled control is not ignored.",
              "type": "object",
              "additionalProperties": false,
              "properties": {
                "score": {
                  "type": "integer",
                  "format": "int32",
                  "minimum": 0,
                  "maximum": 10
                },
                "fail": {
                  "type": "string"
                },
                "delay_ms": {
                  "type": "integer",
                  "format": "int32",
                  "minimum": 0,
                  "maximum": 3600000
                }
              }
            }
          }
        }
      },
      "RunResult": {
        "type": "object",
        "required": [
          "score",
          "signal",
          "analysis"
        ],
        "properties": {
          "score": {
            "$ref": "#/components/schemas/Score"
          },
          "signal": {
            "$ref": "#/components/schemas/Signal"
          },
          "analysis": {
            "type": "string"
          }
        }
      },
      "ConfigSnapshot": {
        "type": "object",
        "required": [
          "agent_config",
          "trigger_type",
          "sync"
        ],
        "properties": {
          "agent_config": {
            "$ref": "#/components/schemas/AgentConfigOut"
          },
          "trigger_type": {
            "type": "string",
            "enum": [
              "manual",
              "scheduled"
            ]
          },
          "sync": {
            "type": "boolean"
          }
        }
      },
      "ChannelDelivery": {
        "type": "object",
        "x-trackerkit-assumption": "The fields beyond the keys email and webhook are not shown; these are the suite's. A webhook channel enabled on an account with no webhook endpoint is recorded as failed with attempts 1.",
        "required": [
          "status",
          "reason",
          "attempts",
          "delivered_at",
          "error"
        ],
        "properties": {
          "status": {
            "type": "string",
            "enum": [
              "success",
              "failed"
            ]
          },
          "reason": {
            "type": "string",
            "description": "Which condition was met, e.g. the bound crossed."
          },
          "attempts": {
            "type": "integer",
            "format": "int32",
            "minimum": 1,
            "maximum": 3,
            "description": "At most the delivery's attempts (x-trackerkit-delivery)."
          },
          "delivered_at": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time"
          },
          "error": {
            "type": [
              "string",
              "null"
            ]
          }
        }
      },
      "NotificationDelivery": {
        "type": "object",
        "description": "One key per channel; null when the channel was not attempted.",
        "required": [
          "email",
          "webhook"
        ],
        "properties": {
          "email": {
            "oneOf": [
              {
                "$ref": "#/components/schemas/ChannelDelivery"
              },
              {
                "type": "null"
              }
            ]
          },
          "webhook": {
            "oneOf": [
              {
                "$ref": "#/components/schemas/ChannelDelivery"
              },
              {
                "type": "null"
              }
            ]
          }
        }
      },
      "Run": {
        "type": "object",
        "required": [
          "run_id",
          "tracker_id",
          "space_id",
          "status",
          "started_at",
          "completed_at",
          "quants_used",
          "result",
          "config_snapshot",
          "notification_delivery",
          "error_message"
        ],
        "x-trackerkit-assumption": "started_at is null while pending; completed_at and result are null until the run finishes (result stays null for failed runs).",
        "properties": {
          "run_id": {
            "type": "string"
          },
          "tracker_id": {
            "type": "string"
          },
          "space_id": {
            "type": "string"
          },
          "status": {
            "$ref": "#/components/schemas/RunStatus"
          },
          "started_at": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time"
          },
          "completed_at": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time"
          },
          "quants_used": {
            "type": "number",
            "minimum": 0
          },
          "result": {
            "oneOf": [
              {
                "$ref": "#/components/schemas/RunResult"
              },
              {
                "type": "null"
              }
            ]
          },
          "config_snapshot": {
            "$ref": "#/components/schemas/ConfigSnapshot"
          },
          "notification_delivery": {
            "$ref": "#/components/schemas/NotificationDelivery"
          },
          "error_message": {
            "type": [
              "string",
              "null"
            ]
          }
        }
      },
      "RunList": {
        "type": "object",
        "required": [
          "data",
          "pagination"
        ],
        "properties": {
          "data": {
            "type": "array",
            "maxItems": 100,
            "items": {
              "$ref": "#/components/schemas/Run"
            }
          },
          "pagination": {
            "$ref": "#/components/schemas/Pagination"
          }
        }
      },
      "RunSyncResponse": {
        "type": "object",
        "required": [
          "run_id",
          "tracker_id",
          "status",
          "started_at",
          "completed_at",
          "execution_time_seconds",
          "result",
          "error_message"
        ],
        "properties": {
          "run_id": {
            "type": "string"
          },
          "tracker_id": {
            "type": "string"
          },
          "status": {
            "type": "string",
            "enum": [
              "completed",
              "failed"
            ]
          },
          "started_at": {
            "type": "string",
            "format": "date-time"
          },
          "completed_at": {
            "type": "string",
            "format": "date-time"
          },
          "execution_time_seconds": {
            "type": "number",
            "minimum": 0
          },
          "result": {
            "oneOf": [
              {
                "$ref": "#/components/schemas/RunResult"
              },
              {
                "type": "null"
              }
            ]
          },
          "error_message": {
            "type": [
              "string",
              "null"
            ]
          }
        }
      },
      "RunAsyncResponse": {
        "type": "object",
        "required": [
          "run_id",
          "tracker_id",
          "status",
          "created_at"
        ],
        "properties": {
          "run_id": {
            "type": "string"
          },
          "tracker_id": {
            "type": "string"
          },
          "status": {
            "type": "string",
            "enum": [
              "pending"
            ]
          },
          "created_at": {
            "type": "string",
            "format": "date-time"
          }
        }
      },
      "VaultSource": {
        "type": "object",
        "required": [
          "source_id",
          "name",
          "description",
          "source_type",
          "size_bytes",
          "data_count",
          "status",
          "uploaded_at",
          "updated_at"
        ],
        "properties": {
          "source_id": {
            "type": "string"
          },
          "name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200
          },
          "description": {
            "type": [
              "string",
              "null"
            ]
          },
          "source_type": {
            "type": "string",
            "description": "JSON for JSON uploads; for files the upper-case format.",
            "examples": [
              "JSON",
              "PDF",
              "CSV",
              "TXT",
              "MD",
              "JPEG",
              "PNG"
            ],
            "x-trackerkit-assumption": "Values for file uploads are not shown; the upper-case format (JPG files as JPEG) is assumed."
          },
          "size_bytes": {
            "type": "integer",
            "format": "int64",
            "minimum": 0,
            "maximum": 9007199254740991
          },
          "data_count": {
            "type": "integer",
            "format": "int64",
            "minimum": 0,
            "maximum": 9007199254740991,
            "description": "Number of data items in the source.",
            "x-trackerkit-assumption": "The specification does not say how a JSON upload's rows become items. One item per row is assumed (what rows_processed reports); the MCP server's upload tasks count a source's stored rows by it."
          },
          "status": {
            "type": "string",
            "examples": [
              "completed"
            ],
            "x-trackerkit-assumption": "Only `completed` is shown; uploads are processed before the 201."
          },
          "uploaded_at": {
            "type": "string",
            "format": "date-time"
          },
          "updated_at": {
            "type": "string",
            "format": "date-time"
          }
        }
      },
      "VaultSourceList": {
        "type": "object",
        "required": [
          "data",
          "pagination"
        ],
        "properties": {
          "data": {
            "type": "array",
            "maxItems": 100,
            "items": {
              "$ref": "#/components/schemas/VaultSource"
            }
          },
          "pagination": {
            "$ref": "#/components/schemas/Pagination"
          }
        }
      },
      "VaultUploadResponse": {
        "allOf": [
          {
            "$ref": "#/components/schemas/VaultSource"
          },
          {
            "type": "object",
            "required": [
              "rows_processed",
              "is_new_source",
              "cost_quants",
              "metadata"
            ],
            "properties": {
              "rows_processed": {
                "type": "integer",
                "format": "int64",
                "minimum": 0,
                "maximum": 9007199254740991
              },
              "is_new_source": {
                "type": "boolean"
              },
              "cost_quants": {
                "type": "number",
                "description": "0.0 for uploads."
              },
              "metadata": {
                "type": [
                  "object",
                  "null"
                ],
                "x-trackerkit-assumption": "The content is not shown; the emulator returns null."
              }
            }
          }
        ]
      },
      "VaultRow": {
        "type": "object",
        "additionalProperties": true
      },
      "VaultJsonUpload": {
        "type": "object",
        "required": [
          "source_name",
          "data"
        ],
        "x-max-request-bytes": 10000000,
        "x-trackerkit-assumption": "10 MB is read as 10,000,000 bytes of request body, the stricter of the two readings.",
        "properties": {
          "source_name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200
          },
          "description": {
            "type": "string",
            "description": "Source description for search context."
          },
          "data": {
            "oneOf": [
              {
                "$ref": "#/components/schemas/VaultRow"
              },
              {
                "type": "array",
                "minItems": 1,
                "maxItems": 1000,
                "items": {
                  "$ref": "#/components/schemas/VaultRow"
                }
              }
            ]
          }
        }
      },
      "VaultFileUpload": {
        "type": "object",
        "required": [
          "file"
        ],
        "x-max-file-bytes": 10000000,
        "x-trackerkit-assumption": "The maximum file size is not shown; the JSON limit (10,000,000 bytes) is assumed and is configurable in the emulator. The type is checked by content, not only by name.",
        "x-file-types": {
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
        },
        "properties": {
          "file": {
            "type": "string",
            "contentMediaType": "application/octet-stream",
            "description": "PDF, CSV, TXT, MD, JPG, JPEG or PNG.",
            "x-trackerkit-rules": [
              "the file name's extension is one of x-file-types",
              "the content matches the extension (PDF, PNG and JPEG by their signature; CSV, TXT and MD as UTF-8 text)",
              "the file is not empty"
            ]
          },
          "source_name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "Defaults to the file name."
          },
          "description": {
            "type": "string",
            "maxLength": 500,
            "x-image-min-length": 10,
            "description": "Optional for documents; required for images, with at least `x-image-min-length` characters.",
            "x-trackerkit-rules": [
              "a description of 10-500 characters is required for jpg, jpeg and png files"
            ]
          }
        }
      },
      "VaultSourceUpdate": {
        "type": "object",
        "minProperties": 1,
        "properties": {
          "name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200
          },
          "description": {
            "type": "string",
            "maxLength": 500
          }
        }
      },
      "ContentType": {
        "type": "string",
        "enum": [
          "text",
          "image",
          "json"
        ]
      },
      "VaultDataItem": {
        "type": "object",
        "required": [
          "data_id",
          "source_id",
          "content",
          "content_type",
          "token_count",
          "created_at",
          "metadata",
          "source_name"
        ],
        "properties": {
          "data_id": {
            "type": "string"
          },
          "source_id": {
            "type": "string"
          },
          "content": {
            "type": "string",
            "description": "JSON data is returned serialized."
          },
          "content_type": {
            "$ref": "#/components/schemas/ContentType"
          },
          "token_count": {
            "type": "integer",
            "format": "int64",
            "minimum": 0,
            "maximum": 9007199254740991
          },
          "created_at": {
            "type": "string",
            "format": "date-time"
          },
          "metadata": {
            "type": [
              "object",
              "null"
            ]
          },
          "source_name": {
            "type": "string"
          }
        }
      },
      "VaultFiltersApplied": {
        "type": "object",
        "required": [
          "mode",
          "keywords",
          "content_types",
          "since",
          "until",
          "limit",
          "group_by",
          "order_by",
          "order"
        ],
        "properties": {
          "mode": {
            "type": "string",
            "enum": [
              "retrieve"
            ]
          },
          "keywords": {
            "type": [
              "array",
              "null"
            ],
            "maxItems": 100,
            "items": {
              "type": "string"
            }
          },
          "content_types": {
            "type": [
              "array",
              "null"
            ],
            "maxItems": 3,
            "items": {
              "$ref": "#/components/schemas/ContentType"
            }
          },
          "since": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time"
          },
          "until": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time"
          },
          "limit": {
            "type": "integer",
            "format": "int32",
            "minimum": 1,
            "maximum": 100
          },
          "group_by": {
            "type": [
              "string",
              "null"
            ]
          },
          "order_by": {
            "type": "string",
            "enum": [
              "created_at"
            ]
          },
          "order": {
            "type": "string",
            "enum": [
              "desc"
            ]
          }
        }
      },
      "VaultRecentResponse": {
        "type": "object",
        "required": [
          "target",
          "mode",
          "filters_applied",
          "results",
          "total"
        ],
        "properties": {
          "target": {
            "type": "string",
            "enum": [
              "vault"
            ]
          },
          "mode": {
            "type": "string",
            "enum": [
              "retrieve"
            ]
          },
          "filters_applied": {
            "$ref": "#/components/schemas/VaultFiltersApplied"
          },
          "results": {
            "type": "array",
            "maxItems": 100,
            "items": {
              "$ref": "#/components/schemas/VaultDataItem"
            }
          },
          "total": {
            "type": "integer",
            "format": "int64",
            "minimum": 0,
            "maximum": 9007199254740991
          }
        }
      },
      "AlertData": {
        "type": "object",
        "required": [
          "account_id",
          "space_id",
          "tracker_id",
          "tracker_name",
          "run_id",
          "score",
          "signal",
          "analysis",
          "rule",
          "bound",
          "threshold",
          "reason",
          "trigger_type",
          "completed_at",
          "url"
        ],
        "properties": {
          "account_id": {
            "type": "string"
          },
          "space_id": {
            "type": "string"
          },
          "tracker_id": {
            "type": "string"
          },
          "tracker_name": {
            "type": "string"
          },
          "run_id": {
            "type": "string"
          },
          "score": {
            "$ref": "#/components/schemas/Score"
          },
          "signal": {
            "$ref": "#/components/schemas/Signal"
          },
          "analysis": {
            "type": "string"
          },
          "rule": {
            "type": "string",
            "enum": [
              "bounds",
              "score_threshold",
              "signal_level"
            ],
            "description": "Which setting decided the alert (v0.3 bounds, the legacy threshold, or the base signal level)."
          },
          "bound": {
            "type": [
              "string",
              "null"
            ],
            "enum": [
              "lower",
              "upper",
              null
            ],
            "description": "The bound crossed under the bounds or legacy rule (legacy below → lower, above → upper); null for signal_level."
          },
          "threshold": {
            "type": [
              "integer",
              "string",
              "null"
            ],
            "format": "int32",
            "minimum": 0,
            "maximum": 10,
            "maxLength": 20,
            "description": "The threshold crossed (an integer), or the signal level (a string) under the signal_level rule."
          },
          "reason": {
            "type": "string",
            "description": "One sentence for people, e.g. \"Score 2 is at or below the lower threshold 3.\""
          },
          "trigger_type": {
            "type": "string",
            "enum": [
              "manual",
              "scheduled"
            ]
          },
          "completed_at": {
            "type": "string",
            "format": "date-time"
          },
          "url": {
            "type": [
              "string",
              "null"
            ],
            "format": "uri",
            "description": "A link to the run in the web console where the service gives one.",
            "x-trackerkit-assumption": "The console's address is not shown, so no origin is assumed. The receiver offers the URL as the run's link only when its origin is one listed in its `links.console_origins` (none by default) and it has no user name, password or backslash; the emulator sends null."
          }
        }
      },
      "TrackerAlertEvent": {
        "type": "object",
        "description": "Standard Webhooks payload shape (`type`, `timestamp`, `data`). Unknown fields may be added.",
        "required": [
          "type",
          "timestamp",
          "data"
        ],
        "properties": {
          "type": {
            "type": "string",
            "const": "tracker.alert"
          },
          "timestamp": {
            "type": "string",
            "format": "date-time"
          },
          "data": {
            "$ref": "#/components/schemas/AlertData"
          }
        }
      },
      "TrackerAlertResolvedEvent": {
        "type": "object",
        "required": [
          "type",
          "timestamp",
          "data"
        ],
        "properties": {
          "type": {
            "type": "string",
            "const": "tracker.alert.resolved"
          },
          "timestamp": {
            "type": "string",
            "format": "date-time"
          },
          "data": {
            "$ref": "#/components/schemas/AlertData"
          }
        }
      }
    }
  },
  "paths": {
    "/api/spaces": {
      "get": {
        "operationId": "listSpaces",
        "x-trackerkit-names": {
          "client": "spaces.list",
          "n8n": "Space › Get Many",
          "mcp": "list_spaces"
        },
        "tags": [
          "Spaces"
        ],
        "summary": "List spaces",
        "description": "Spaces of the account that owns the token, newest first.",
        "x-trackerkit-no-404": "The path names no resource, so there is no unknown id to answer 404 for.",
        "parameters": [
          {
            "$ref": "#/components/parameters/Page"
          },
          {
            "$ref": "#/components/parameters/PageSize"
          }
        ],
        "responses": {
          "200": {
            "description": "A page of spaces.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/SpaceList"
                },
                "example": {
                  "data": [
                    {
                      "space_id": "spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7",
                      "name": "Supply chain",
                      "description": "Supplier and logistics monitoring",
                      "category": "operations",
                      "capacity_gb": 10,
                      "throughput_per_hour": 1000,
                      "used_gb": 0.02,
                      "monthly_cost": 49,
                      "storage_cost": 9,
                      "throughput_cost": 40,
                      "rate_limit_per_hour": 3600,
                      "is_active": true,
                      "tracker_count": 1,
                      "source_count": 1,
                      "result_count": 12,
                      "created_at": "2026-11-01T09:00:00Z",
                      "updated_at": null
                    }
                  ],
                  "pagination": {
                    "page": 1,
                    "page_size": 20,
                    "total_items": 1,
                    "total_pages": 1
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "422": {
            "$ref": "#/components/responses/ValidationFailed"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/spaces/{space_id}": {
      "parameters": [
        {
          "$ref": "#/components/parameters/SpaceId"
        }
      ],
      "get": {
        "operationId": "getSpace",
        "x-trackerkit-names": {
          "client": "spaces.get",
          "n8n": "Space › Get",
          "mcp": "get_space"
        },
        "tags": [
          "Spaces"
        ],
        "summary": "Get a space",
        "description": "One space of the account that owns the token, with its counters.",
        "responses": {
          "200": {
            "description": "The space.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Space"
                },
                "examples": {
                  "space": {
                    "$ref": "#/components/examples/SpaceValue"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "422": {
            "$ref": "#/components/responses/ValidationFailed"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/spaces/{space_id}/trackers": {
      "parameters": [
        {
          "$ref": "#/components/parameters/SpaceId"
        }
      ],
      "post": {
        "operationId": "createTracker",
        "x-trackerkit-names": {
          "client": "trackers.create",
          "n8n": "Tracker › Create",
          "mcp": "create_tracker"
        },
        "tags": [
          "Trackers"
        ],
        "summary": "Create a tracker",
        "description": "Creates a private tracker in the space, with its vault. `category` is taken from the\nspace; `linked_trackers` defaults to `[]`; `notification_config` is `null` when omitted.\nLinked trackers must be the caller's own trackers in the same space (400 otherwise).\n",
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/TrackerCreate"
              },
              "examples": {
                "scheduled": {
                  "summary": "A scheduled tracker with a lower-bound alert by webhook",
                  "value": {
                    "name": "ACME supplier risk",
                    "description": "Watches news and filings about ACME Corp for supply-chain risk.",
                    "run_mode": "scheduled",
                    "schedule": {
                      "start_time": "2026-11-21T08:00:00Z",
                      "interval_minutes": 1440,
                      "end_time": null
                    },
                    "vault_ttl_days": 30,
                    "agent_config": {
                      "instruction": "Review recent news, filings and the vault's delivery data; weigh delays and financial stress.",
                      "score_meaning": "10 means no supply risk; 0 means imminent disruption.",
                      "skills": [
                        "web_research"
                      ],
                      "reasoning_mode": "advanced",
                      "linked_trackers": []
                    },
                    "notification_config": {
                      "webhook_enabled": true,
                      "email_enabled": false,
                      "notify_below": true,
                      "lower_threshold": 3
                    }
                  }
                }
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The tracker as created.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Tracker"
                },
                "examples": {
                  "tracker": {
                    "$ref": "#/components/examples/TrackerValue"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "422": {
            "$ref": "#/components/responses/ValidationFailed"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/trackers": {
      "get": {
        "operationId": "listTrackers",
        "x-trackerkit-names": {
          "client": "trackers.list",
          "n8n": "Tracker › Get Many",
          "mcp": "list_trackers"
        },
        "tags": [
          "Trackers"
        ],
        "summary": "List the trackers of a space",
        "description": "Trackers are always scoped to a space; `space_id` is required. Newest first.",
        "parameters": [
          {
            "name": "space_id",
            "in": "query",
            "required": true,
            "description": "The space whose trackers to list.",
            "schema": {
              "type": "string",
              "minLength": 1
            },
            "example": "spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7"
          },
          {
            "$ref": "#/components/parameters/Page"
          },
          {
            "$ref": "#/components/parameters/PageSize"
          }
        ],
        "responses": {
          "200": {
            "description": "A page of trackers.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/TrackerList"
                },
                "example": {
                  "data": [
                    {
                      "tracker_id": "trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10",
                      "space_id": "spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7",
                      "name": "ACME supplier risk",
                      "description": "Watches news and filings about ACME Corp for supply-chain risk.",
                      "run_mode": "scheduled",
                      "schedule": {
                        "start_time": "2026-11-21T08:00:00Z",
                        "interval_minutes": 1440,
                        "end_time": null
                      },
                      "vault_ttl_days": 30,
                      "agent_config": {
                        "instruction": "Review recent news, filings and the vault's delivery data; weigh delays and financial stress.",
                        "score_meaning": "10 means no supply risk; 0 means imminent disruption.",
                        "skills": [
                          "web_research"
                        ],
                        "reasoning_mode": "advanced",
                        "linked_trackers": []
                      },
                      "notification_config": {
                        "signal_level": "Poor",
                        "email_enabled": false,
                        "webhook_enabled": true,
                        "notify_below": true,
                        "lower_threshold": 3,
                        "notify_above": false,
                        "upper_threshold": null
                      },
                      "category": "operations",
                      "last_run_at": "2026-11-21T08:00:04Z",
                      "created_at": "2026-11-20T10:00:00Z",
                      "updated_at": "2026-11-20T10:00:00Z"
                    }
                  ],
                  "pagination": {
                    "page": 1,
                    "page_size": 20,
                    "total_items": 1,
                    "total_pages": 1
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "422": {
            "$ref": "#/components/responses/ValidationFailed"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/trackers/{tracker_id}": {
      "parameters": [
        {
          "$ref": "#/components/parameters/TrackerId"
        }
      ],
      "get": {
        "operationId": "getTracker",
        "x-trackerkit-names": {
          "client": "trackers.get",
          "n8n": "Tracker › Get",
          "mcp": "get_tracker"
        },
        "tags": [
          "Trackers"
        ],
        "summary": "Get a tracker",
        "description": "The tracker with its agent, schedule and notification settings.",
        "responses": {
          "200": {
            "description": "The tracker.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Tracker"
                },
                "examples": {
                  "tracker": {
                    "$ref": "#/components/examples/TrackerValue"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "422": {
            "$ref": "#/components/responses/ValidationFailed"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      },
      "patch": {
        "operationId": "updateTracker",
        "x-trackerkit-names": {
          "client": "trackers.update",
          "n8n": "Tracker › Update",
          "mcp": "update_tracker"
        },
        "x-trackerkit-assumption": "The status code is not shown; 200 is assumed. agent_config and notification_config are merged shallowly with the stored values (see x-trackerkit-assumptions.patch-semantics).",
        "tags": [
          "Trackers"
        ],
        "summary": "Update a tracker",
        "description": "Partial update: only the fields sent change. Switching `run_mode` to `scheduled` needs a\nschedule (sent now or already stored); `schedule: null` clears it. Linked trackers must be\nthe caller's own trackers in the same space (400 otherwise).\n",
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/TrackerUpdate"
              },
              "examples": {
                "bounds": {
                  "summary": "Alert when the score leaves 3..8",
                  "value": {
                    "notification_config": {
                      "webhook_enabled": true,
                      "notify_below": true,
                      "lower_threshold": 3,
                      "notify_above": true,
                      "upper_threshold": 8
                    }
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The full updated tracker.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Tracker"
                },
                "examples": {
                  "tracker": {
                    "$ref": "#/components/examples/TrackerValue"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "422": {
            "$ref": "#/components/responses/ValidationFailed"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      },
      "delete": {
        "operationId": "deleteTracker",
        "x-trackerkit-names": {
          "client": "trackers.delete",
          "n8n": "Tracker › Delete",
          "mcp": "delete_tracker"
        },
        "tags": [
          "Trackers"
        ],
        "summary": "Delete a tracker",
        "description": "Irreversibly removes the tracker with its schedule, runs, results, vault and sources.",
        "responses": {
          "200": {
            "description": "Deleted.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/DeleteEnvelope"
                },
                "examples": {
                  "deleted": {
                    "$ref": "#/components/examples/DeletedValue"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "422": {
            "$ref": "#/components/responses/ValidationFailed"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/trackers/{tracker_id}/runs": {
      "parameters": [
        {
          "$ref": "#/components/parameters/TrackerId"
        }
      ],
      "post": {
        "operationId": "triggerRun",
        "x-trackerkit-names": {
          "client": "runs.trigger",
          "n8n": "Run › Trigger",
          "mcp": "run_tracker"
        },
        "tags": [
          "Runs"
        ],
        "summary": "Trigger a run",
        "description": "Asynchronous by default: answers 202 with a pending run; poll getRun until the status is\n`completed` or `failed`. With `sync: true` the response is held until the run finishes\n(200), so a client waiting for it needs a long timeout. A tracker whose reasoning mode is\n`zen` runs only asynchronously: `sync: true` answers 400. A request that may have reached\nthe server must never be retried blindly: it would start a second run.\n\nMock servers answer one 2xx by default (Prism the lowest), which here would be a\nfinished sync run; send `Prefer: code=202` to a mock for the service's default answer.\n",
        "x-trackerkit-assumption": "How long a run takes is not shown. The hosted service's public pages speak of up to about an hour at the deepest reasoning modes; the suite's clients default to async triggers with polling for that reason. The emulator finishes runs at once unless `context.emulator.delay_ms` holds them.",
        "requestBody": {
          "required": false,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/RunTrigger"
              },
              "examples": {
                "async": {
                  "summary": "Asynchronous run with notes",
                  "value": {
                    "sync": false,
                    "context": {
                      "note": "weekly review"
                    }
                  }
                },
                "emulator": {
                  "summary": "Emulator only — force a score",
                  "value": {
                    "context": {
                      "emulator": {
                        "score": 2
                      }
                    }
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Sync run finished (completed or failed).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/RunSyncResponse"
                },
                "example": {
                  "run_id": "run_5a0c3e0e-2a57-4a44-9f4f-5d1a3c0b9e11",
                  "tracker_id": "trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10",
                  "status": "completed",
                  "started_at": "2026-11-21T08:00:00Z",
                  "completed_at": "2026-11-21T08:00:04Z",
                  "execution_time_seconds": 4.2,
                  "result": {
                    "score": 7,
                    "signal": "Positive",
                    "analysis": "Deliveries on time; no adverse filings."
                  },
                  "error_message": null
                }
              }
            }
          },
          "202": {
            "description": "Async run accepted.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/RunAsyncResponse"
                },
                "example": {
                  "run_id": "run_5a0c3e0e-2a57-4a44-9f4f-5d1a3c0b9e11",
                  "tracker_id": "trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10",
                  "status": "pending",
                  "created_at": "2026-11-21T08:00:00Z"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "402": {
            "$ref": "#/components/responses/InsufficientQuants"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "422": {
            "$ref": "#/components/responses/ValidationFailed"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      },
      "get": {
        "operationId": "listRuns",
        "x-trackerkit-names": {
          "client": "runs.list",
          "n8n": "Run › Get Many",
          "mcp": "list_runs"
        },
        "tags": [
          "Runs"
        ],
        "summary": "List a tracker's runs",
        "description": "Newest first. Every filter combines with the others.",
        "parameters": [
          {
            "name": "status",
            "in": "query",
            "schema": {
              "$ref": "#/components/schemas/RunStatus"
            }
          },
          {
            "name": "signal",
            "in": "query",
            "schema": {
              "$ref": "#/components/schemas/Signal"
            }
          },
          {
            "name": "notification_status",
            "in": "query",
            "schema": {
              "$ref": "#/components/schemas/NotificationStatus"
            }
          },
          {
            "name": "start_date",
            "in": "query",
            "description": "Runs started at or after this instant.",
            "schema": {
              "type": "string",
              "format": "date-time"
            }
          },
          {
            "name": "end_date",
            "in": "query",
            "description": "Runs started at or before this instant.",
            "schema": {
              "type": "string",
              "format": "date-time"
            }
          },
          {
            "name": "min_score",
            "in": "query",
            "schema": {
              "$ref": "#/components/schemas/Score"
            }
          },
          {
            "name": "max_score",
            "in": "query",
            "schema": {
              "$ref": "#/components/schemas/Score"
            }
          },
          {
            "$ref": "#/components/parameters/Page"
          },
          {
            "$ref": "#/components/parameters/PageSize"
          }
        ],
        "responses": {
          "200": {
            "description": "A page of runs.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/RunList"
                },
                "example": {
                  "data": [
                    {
                      "run_id": "run_5a0c3e0e-2a57-4a44-9f4f-5d1a3c0b9e11",
                      "tracker_id": "trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10",
                      "space_id": "spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7",
                      "status": "completed",
                      "started_at": "2026-11-21T08:00:00Z",
                      "completed_at": "2026-11-21T08:00:04Z",
                      "quants_used": 6,
                      "result": {
                        "score": 2,
                        "signal": "Negative",
                        "analysis": "Two shipments are more than a week late."
                      },
                      "config_snapshot": {
                        "agent_config": {
                          "instruction": "Review recent news, filings and the vault's delivery data; weigh delays and financial stress.",
                          "score_meaning": "10 means no supply risk; 0 means imminent disruption.",
                          "skills": [
                            "web_research"
                          ],
                          "reasoning_mode": "advanced",
                          "linked_trackers": []
                        },
                        "trigger_type": "scheduled",
                        "sync": false
                      },
                      "notification_delivery": {
                        "email": null,
                        "webhook": {
                          "status": "success",
                          "reason": "Score 2 is at or below the lower threshold 3.",
                          "attempts": 1,
                          "delivered_at": "2026-11-21T08:00:05Z",
                          "error": null
                        }
                      },
                      "error_message": null
                    }
                  ],
                  "pagination": {
                    "page": 1,
                    "page_size": 20,
                    "total_items": 1,
                    "total_pages": 1
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "422": {
            "$ref": "#/components/responses/ValidationFailed"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/trackers/{tracker_id}/runs/{run_id}": {
      "parameters": [
        {
          "$ref": "#/components/parameters/TrackerId"
        },
        {
          "$ref": "#/components/parameters/RunId"
        }
      ],
      "get": {
        "operationId": "getRun",
        "x-trackerkit-names": {
          "client": "runs.get",
          "n8n": "Run › Get",
          "mcp": "get_run"
        },
        "tags": [
          "Runs"
        ],
        "summary": "Get a run",
        "description": "The run with its result, configuration snapshot and notification delivery; poll it after an async trigger.",
        "responses": {
          "200": {
            "description": "The run.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Run"
                },
                "examples": {
                  "run": {
                    "$ref": "#/components/examples/RunValue"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "422": {
            "$ref": "#/components/responses/ValidationFailed"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      },
      "delete": {
        "operationId": "deleteRun",
        "x-trackerkit-names": {
          "client": "runs.delete",
          "n8n": "Run › Delete",
          "mcp": "delete_run"
        },
        "tags": [
          "Runs"
        ],
        "summary": "Delete a run",
        "description": "Removes the run and its result.",
        "responses": {
          "200": {
            "description": "Deleted.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/DeleteEnvelope"
                },
                "examples": {
                  "deleted": {
                    "$ref": "#/components/examples/DeletedValue"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "422": {
            "$ref": "#/components/responses/ValidationFailed"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/trackers/{tracker_id}/vault/recent": {
      "parameters": [
        {
          "$ref": "#/components/parameters/TrackerId"
        }
      ],
      "get": {
        "operationId": "getVaultRecent",
        "x-trackerkit-names": {
          "client": "vault.recent",
          "n8n": "Vault › Get Recent",
          "mcp": "get_vault_recent"
        },
        "tags": [
          "Vault"
        ],
        "summary": "Get the vault's most recent data items",
        "description": "Items ordered by creation time, newest first.",
        "parameters": [
          {
            "name": "limit",
            "in": "query",
            "schema": {
              "type": "integer",
              "format": "int32",
              "minimum": 1,
              "maximum": 100,
              "default": 10
            }
          },
          {
            "name": "content_types",
            "in": "query",
            "description": "Comma-separated list of `text`, `image`, `json`.",
            "schema": {
              "type": "string",
              "pattern": "^(text|image|json)(,(text|image|json))*$"
            },
            "example": "json,text"
          },
          {
            "name": "since_hours",
            "in": "query",
            "description": "Only items created in the last N hours.",
            "schema": {
              "type": "integer",
              "format": "int32",
              "minimum": 1,
              "maximum": 876000
            },
            "x-trackerkit-assumption": "No maximum is shown. 876,000 hours (100 years) is assumed so that the value stays a bounded integer; a larger one answers 422."
          }
        ],
        "responses": {
          "200": {
            "description": "The items.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/VaultRecentResponse"
                },
                "example": {
                  "target": "vault",
                  "mode": "retrieve",
                  "filters_applied": {
                    "mode": "retrieve",
                    "keywords": null,
                    "content_types": [
                      "json"
                    ],
                    "since": "2026-11-20T08:00:00Z",
                    "until": null,
                    "limit": 10,
                    "group_by": null,
                    "order_by": "created_at",
                    "order": "desc"
                  },
                  "results": [
                    {
                      "data_id": "dat_0b8e2f61-1c1e-4e0a-9d55-6a7d5b7c9a01",
                      "source_id": "src_3f6b1a2c-9d8e-4c7b-8a6f-5e4d3c2b1a00",
                      "content": "{\"sku\":\"A-1\",\"late_days\":4}",
                      "content_type": "json",
                      "token_count": 9,
                      "created_at": "2026-11-21T07:59:00Z",
                      "metadata": null,
                      "source_name": "deliveries"
                    }
                  ],
                  "total": 1
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "422": {
            "$ref": "#/components/responses/ValidationFailed"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/trackers/{tracker_id}/vault/sources": {
      "parameters": [
        {
          "$ref": "#/components/parameters/TrackerId"
        }
      ],
      "post": {
        "operationId": "uploadVaultData",
        "x-trackerkit-names": {
          "client": "vault.upload (JSON) and vault.uploadFile (multipart)",
          "n8n": "Vault › Upload Rows and Vault › Upload File",
          "mcp": "upload_vault_data and upload_vault_file"
        },
        "x-rate-limit": {
          "requests": 30,
          "window_seconds": 60
        },
        "tags": [
          "Vault"
        ],
        "summary": "Upload data to the vault",
        "description": "Free, and limited to 30 uploads a minute per account (429 with `Retry-After` beyond).\nJSON: one object or an array of at most 1,000 objects, and at most 10 MB per request.\nMultipart: one PDF, CSV, TXT, MD, JPG, JPEG or PNG file; images need a description of\n10-500 characters. When `source_name` equals an existing source of the tracker, the data\nis appended to it and `is_new_source` is false. A file whose type is not accepted, or whose\ncontent does not match its extension, answers 422 at `[\"body\", \"file\"]`; 415 is for a\nrequest content type other than JSON or multipart.\n",
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/VaultJsonUpload"
              },
              "examples": {
                "rows": {
                  "summary": "A batch of rows",
                  "value": {
                    "source_name": "deliveries",
                    "description": "Weekly supplier delivery log",
                    "data": [
                      {
                        "sku": "A-1",
                        "late_days": 4
                      },
                      {
                        "sku": "B-7",
                        "late_days": 0
                      }
                    ]
                  }
                }
              }
            },
            "multipart/form-data": {
              "schema": {
                "$ref": "#/components/schemas/VaultFileUpload"
              },
              "encoding": {
                "file": {
                  "contentType": "application/pdf, text/csv, text/plain, text/markdown, image/jpeg, image/png, application/octet-stream"
                }
              },
              "examples": {
                "image": {
                  "summary": "A PNG with its description",
                  "value": {
                    "file": "(binary PNG content)",
                    "source_name": "site-photo",
                    "description": "Loading dock photographed on Monday morning"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "Stored.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/VaultUploadResponse"
                },
                "example": {
                  "source_id": "src_3f6b1a2c-9d8e-4c7b-8a6f-5e4d3c2b1a00",
                  "name": "deliveries",
                  "description": "Weekly supplier delivery log",
                  "source_type": "JSON",
                  "size_bytes": 58,
                  "data_count": 2,
                  "status": "completed",
                  "uploaded_at": "2026-11-21T07:59:00Z",
                  "updated_at": "2026-11-21T07:59:00Z",
                  "rows_processed": 2,
                  "is_new_source": true,
                  "cost_quants": 0,
                  "metadata": null
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "422": {
            "$ref": "#/components/responses/ValidationFailed"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      },
      "get": {
        "operationId": "listVaultSources",
        "x-trackerkit-names": {
          "client": "vault.listSources",
          "n8n": "Vault › Get Many Sources",
          "mcp": "list_vault_sources"
        },
        "x-rate-limit": {
          "requests": 200,
          "window_seconds": 60
        },
        "tags": [
          "Vault"
        ],
        "summary": "List the vault's sources",
        "description": "Limited to 200 requests a minute per account (429 with `Retry-After` beyond). Newest first.",
        "parameters": [
          {
            "$ref": "#/components/parameters/Page"
          },
          {
            "$ref": "#/components/parameters/PageSize"
          }
        ],
        "responses": {
          "200": {
            "description": "A page of sources.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/VaultSourceList"
                },
                "example": {
                  "data": [
                    {
                      "source_id": "src_3f6b1a2c-9d8e-4c7b-8a6f-5e4d3c2b1a00",
                      "name": "deliveries",
                      "description": "Weekly supplier delivery log",
                      "source_type": "JSON",
                      "size_bytes": 58,
                      "data_count": 2,
                      "status": "completed",
                      "uploaded_at": "2026-11-21T07:59:00Z",
                      "updated_at": "2026-11-21T07:59:00Z"
                    }
                  ],
                  "pagination": {
                    "page": 1,
                    "page_size": 20,
                    "total_items": 1,
                    "total_pages": 1
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "422": {
            "$ref": "#/components/responses/ValidationFailed"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    },
    "/api/trackers/{tracker_id}/vault/sources/{source_id}": {
      "parameters": [
        {
          "$ref": "#/components/parameters/TrackerId"
        },
        {
          "$ref": "#/components/parameters/SourceId"
        }
      ],
      "get": {
        "operationId": "getVaultSource",
        "x-trackerkit-names": {
          "client": "vault.getSource",
          "n8n": "Vault › Get Source",
          "mcp": "get_vault_source"
        },
        "tags": [
          "Vault"
        ],
        "summary": "Get a vault source",
        "description": "The source with its size and item count.",
        "responses": {
          "200": {
            "description": "The source.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/VaultSource"
                },
                "examples": {
                  "source": {
                    "$ref": "#/components/examples/SourceValue"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "422": {
            "$ref": "#/components/responses/ValidationFailed"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      },
      "patch": {
        "operationId": "updateVaultSource",
        "x-trackerkit-names": {
          "client": "vault.updateSource",
          "n8n": "Vault › Update Source",
          "mcp": "update_vault_source"
        },
        "x-trackerkit-assumption": "The status code is not shown; 200 is assumed.",
        "tags": [
          "Vault"
        ],
        "summary": "Rename or describe a vault source",
        "description": "Existing data is not re-indexed.",
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/VaultSourceUpdate"
              },
              "examples": {
                "rename": {
                  "value": {
                    "name": "deliveries-2026",
                    "description": "Delivery log for 2026"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The full updated source.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/VaultSource"
                },
                "examples": {
                  "source": {
                    "$ref": "#/components/examples/SourceValue"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "422": {
            "$ref": "#/components/responses/ValidationFailed"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      },
      "delete": {
        "operationId": "deleteVaultSource",
        "x-trackerkit-names": {
          "client": "vault.deleteSource",
          "n8n": "Vault › Delete Source",
          "mcp": "delete_vault_source"
        },
        "tags": [
          "Vault"
        ],
        "summary": "Delete a vault source",
        "description": "Irreversibly removes the source, its data items and their token indexes.",
        "responses": {
          "200": {
            "description": "Deleted.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/DeleteEnvelope"
                },
                "examples": {
                  "deleted": {
                    "$ref": "#/components/examples/DeletedValue"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "422": {
            "$ref": "#/components/responses/ValidationFailed"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/InternalError"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          }
        }
      }
    }
  },
  "webhooks": {
    "tracker.alert": {
      "post": {
        "operationId": "trackerAlert",
        "x-trackerkit-names": {
          "webhooks": "on('tracker.alert')",
          "n8n": "Tracker Alert Trigger"
        },
        "x-trackerkit-assumption": "The service does not publish its webhook payload, event names, signing or retries. This is the suite's contract: the emulator sends it, the receiver and the n8n trigger verify it. Signing follows Standard Webhooks v1 with the account's `whsec_` secret; the receiver's other schemes are chosen by configuration if the hosted service differs.",
        "x-trackerkit-secret-policy": {
          "description": "One policy for every signer and verifier of the suite (emulator, receiver, n8n trigger): `whsec_` followed by canonical base64 of at least `min_key_bytes` bytes (Standard Webhooks recommends 24-64 random bytes). A secret outside it is refused when it is configured, never at delivery time.",
          "prefix": "whsec_",
          "min_key_bytes": 16
        },
        "x-trackerkit-delivery": {
          "timeout_seconds": 10,
          "attempts": 3,
          "backoff_seconds": [
            1,
            5
          ],
          "success": "any 2xx",
          "retry_after": "A 429 or 503 with Retry-After (delta-seconds or an HTTP-date) is honoured when it asks for longer than the backoff, within the same attempts.",
          "retry_after_max_seconds": 60
        },
        "tags": [
          "Runs"
        ],
        "summary": "Alert after a run whose score meets the tracker's alert condition",
        "description": "Sent to the account's one webhook endpoint after a completed run when the tracker's\n`notification_config.webhook_enabled` is true and the result meets the condition:\nthe v0.3 bounds when `notify_below` or `notify_above` is set (inclusive: score <=\nlower_threshold or score >= upper_threshold), otherwise the legacy `score_threshold`\nwith `threshold_direction`, otherwise `signal_level`. The `webhook-id` header is the\nidempotency key: a retried delivery carries the same id.\n",
        "parameters": [
          {
            "$ref": "#/components/parameters/WebhookId"
          },
          {
            "$ref": "#/components/parameters/WebhookTimestamp"
          },
          {
            "$ref": "#/components/parameters/WebhookSignature"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/TrackerAlertEvent"
              },
              "example": {
                "type": "tracker.alert",
                "timestamp": "2026-11-21T08:00:05Z",
                "data": {
                  "account_id": "acc_6e1c4b7a-0d2f-4a39-b1e8-3c5d7f9a2b40",
                  "space_id": "spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7",
                  "tracker_id": "trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10",
                  "tracker_name": "ACME supplier risk",
                  "run_id": "run_5a0c3e0e-2a57-4a44-9f4f-5d1a3c0b9e11",
                  "score": 2,
                  "signal": "Negative",
                  "analysis": "Two shipments are more than a week late and a lender filed a notice.",
                  "rule": "bounds",
                  "bound": "lower",
                  "threshold": 3,
                  "reason": "Score 2 is at or below the lower threshold 3.",
                  "trigger_type": "scheduled",
                  "completed_at": "2026-11-21T08:00:04Z",
                  "url": null
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Accepted. Any 2xx counts as delivered."
          },
          "401": {
            "description": "The receiver rejected the signature; the sender does not retry."
          },
          "503": {
            "description": "The receiver could not store the alert; the sender retries."
          }
        }
      }
    },
    "tracker.alert.resolved": {
      "post": {
        "operationId": "trackerAlertResolved",
        "x-trackerkit-names": {
          "webhooks": "on('tracker.alert.resolved')",
          "n8n": "Tracker Alert Trigger"
        },
        "x-trackerkit-assumption": "Not part of the published service. Sent by the emulator (on by default, `--resolve-events off` to stop) after a completed run back inside its alert condition when the tracker's previous completed run alerted, so that incident tools (PagerDuty) can resolve. Receivers must work without it.",
        "tags": [
          "Runs"
        ],
        "summary": "A tracker's score is back inside its alert condition",
        "parameters": [
          {
            "$ref": "#/components/parameters/WebhookId"
          },
          {
            "$ref": "#/components/parameters/WebhookTimestamp"
          },
          {
            "$ref": "#/components/parameters/WebhookSignature"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/TrackerAlertResolvedEvent"
              },
              "example": {
                "type": "tracker.alert.resolved",
                "timestamp": "2026-11-22T08:00:05Z",
                "data": {
                  "account_id": "acc_6e1c4b7a-0d2f-4a39-b1e8-3c5d7f9a2b40",
                  "space_id": "spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7",
                  "tracker_id": "trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10",
                  "tracker_name": "ACME supplier risk",
                  "run_id": "run_7c2d4e6f-8a9b-4c0d-9e1f-2a3b4c5d6e7f",
                  "score": 6,
                  "signal": "Positive",
                  "analysis": "Deliveries recovered.",
                  "rule": "bounds",
                  "bound": null,
                  "threshold": null,
                  "reason": "Score 6 is back inside the alert condition.",
                  "trigger_type": "scheduled",
                  "completed_at": "2026-11-22T08:00:04Z",
                  "url": null
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Accepted."
          }
        }
      }
    }
  }
} as const;
