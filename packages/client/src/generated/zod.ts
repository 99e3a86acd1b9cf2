// Generated from openapi/tracker-service.yaml by `pnpm generate`. Do not edit.
import { z } from 'zod';

export const NotificationStatusSchema = z.enum(["success","failed","skipped"]);

export const RunStatusSchema = z.enum(["pending","running","completed","failed"]);

export const RunTriggerSchema = z.looseObject({
  "sync": z.boolean().meta({"description":"Hold the response until the run finishes. Never with zen.","default":false}).optional(),
  "context": z.looseObject({}).meta({"description":"Notes or metadata for the run."}).optional(),
});

export const ScoreSchema = z.int().min(0).max(10);

export const SignalSchema = z.enum(["Poor","Negative","Neutral","Positive","Excellent"]).meta({"description":"The run's label. The hosted service does not derive it purely from the score (a second model checks the first): read it as given. The emulator uses the bands 0-1 Poor, 2-3 Negative, 4-5 Neutral, 6-7 Positive, 8-10 Excellent."});

export const ReasoningModeSchema = z.enum(["basic","advanced","super","zen"]).meta({"description":"Depth of analysis; scales the run's cost. `zen` (from v0.3) runs asynchronously only.","default":"basic"});

export const SkillIdSchema = z.string().max(100).regex(new RegExp("^[a-z][a-z0-9]*(_[a-z0-9]+)*$")).meta({"description":"snake_case form of the skill name, e.g. web_research, stock_research, social_media_research. A skill outside the catalog answers 422 naming the skill."});

export const AgentConfigSchema = z.looseObject({
  "instruction": z.string().min(1).max(1000).meta({"description":"HOW to analyze (methodology, data sources, criteria). Must not contain score definitions; put those in score_meaning."}),
  "score_meaning": z.string().min(1).meta({"description":"What the score represents (the axis; 10 positive by default)."}),
  "skills": z.array(SkillIdSchema).meta({"description":"Skill ids, additive. Empty means a general analyst using only the vault and linked trackers."}),
  "reasoning_mode": ReasoningModeSchema.optional(),
  "linked_trackers": z.array(z.string().min(1)).max(10).meta({"description":"The caller's own trackers in the same space, used as context. Linking is free.","default":[]}).optional(),
});

export const SignalLevelSchema = z.enum(["Any","Poor","Negative","Neutral","Positive","Excellent"]).meta({"description":"Base-release alert condition.","default":"Poor"});

export const ThresholdSchema = z.int().min(0).max(10).nullable();

export const NotificationConfigSchema = z.looseObject({
  "signal_level": SignalLevelSchema.optional(),
  "email_enabled": z.boolean().meta({"description":"Sends mail to the account's e-mail address.","default":false}).optional(),
  "webhook_enabled": z.boolean().meta({"description":"Sends to the account-level webhook endpoint.","default":false}).optional(),
  "notify_below": z.boolean().meta({"description":"Enables the lower bound (v0.3).","default":false}).optional(),
  "lower_threshold": ThresholdSchema.meta({"description":"Alert when score <= lower_threshold."}).optional(),
  "notify_above": z.boolean().meta({"description":"Enables the upper bound (v0.3).","default":false}).optional(),
  "upper_threshold": ThresholdSchema.meta({"description":"Alert when score >= upper_threshold."}).optional(),
  "score_threshold": ThresholdSchema.meta({"description":"Legacy single threshold (base release), used with threshold_direction."}).optional(),
  "threshold_direction": z.enum(["below","above"]).nullable().meta({"description":"Legacy direction. `below` alerts when score <= score_threshold; `above` when score >= score_threshold."}).optional(),
}).meta({"description":"Alert settings. Rules (422 otherwise): with `notify_below` true, `lower_threshold` is\nrequired; with `notify_above` true, `upper_threshold` is required; with both on,\n`lower_threshold <= upper_threshold`; when any v0.3 field is present and e-mail or\nwebhook is enabled, at least one direction must be on; `score_threshold` and\n`threshold_direction` go together. Trackers without the v0.3 fields keep the base\nbehaviour (legacy threshold if set, otherwise signal_level). When a v0.3 field is present\nbut neither direction is on, no alert is sent."});

export const RunModeSchema = z.enum(["manual","scheduled"]);

export const ScheduleSchema = z.looseObject({
  "start_time": z.iso.datetime({ offset: true }).meta({"description":"First run, UTC."}),
  "interval_minutes": z.int().min(1).max(1440),
  "end_time": z.iso.datetime({ offset: true }).nullable().meta({"description":"No run after this instant; null runs forever."}).optional(),
});

export const VaultTtlDaysSchema = z.int().min(1).max(365).nullable().meta({"description":"Days vault data is kept; null keeps it forever."});

export const TrackerCreateSchema = z.looseObject({
  "name": z.string().min(1).max(50),
  "description": z.string().min(1).max(500),
  "run_mode": RunModeSchema,
  "agent_config": AgentConfigSchema,
  "vault_ttl_days": VaultTtlDaysSchema.optional(),
  "notification_config": NotificationConfigSchema.optional(),
  "schedule": ScheduleSchema.nullable().meta({"description":"Required when run_mode is scheduled."}).optional(),
});

export const AgentConfigUpdateSchema = z.looseObject({
  "instruction": z.string().min(1).max(1000).optional(),
  "score_meaning": z.string().min(1).optional(),
  "skills": z.array(SkillIdSchema).optional(),
  "reasoning_mode": ReasoningModeSchema.optional(),
  "linked_trackers": z.array(z.string().min(1)).max(10).optional(),
}).refine((o) => Object.values(o).filter((v) => v !== undefined).length >= 1, { message: "minProperties: send at least 1 field(s)" }).meta({"description":"Fields sent replace the stored ones; fields omitted stay (see the PATCH assumption)."});

export const TrackerUpdateSchema = z.looseObject({
  "name": z.string().min(1).max(50).optional(),
  "description": z.string().min(1).max(500).optional(),
  "run_mode": RunModeSchema.optional(),
  "agent_config": AgentConfigUpdateSchema.optional(),
  "vault_ttl_days": VaultTtlDaysSchema.optional(),
  "notification_config": NotificationConfigSchema.optional(),
  "schedule": ScheduleSchema.nullable().meta({"description":"null clears the schedule."}).optional(),
}).refine((o) => Object.values(o).filter((v) => v !== undefined).length >= 1, { message: "minProperties: send at least 1 field(s)" });

export const VaultFileUploadSchema = z.looseObject({
  "source_name": z.string().min(1).max(200).meta({"description":"Defaults to the file name."}).optional(),
  "description": z.string().max(500).meta({"description":"Optional for documents; required for images, with at least `x-image-min-length` characters."}).optional(),
});

export const VaultRowSchema = z.looseObject({});

export const VaultJsonUploadSchema = z.looseObject({
  "source_name": z.string().min(1).max(200),
  "description": z.string().meta({"description":"Source description for search context."}).optional(),
  "data": z.union([VaultRowSchema, z.array(VaultRowSchema).min(1).max(1000)]),
});

export const VaultSourceUpdateSchema = z.looseObject({
  "name": z.string().min(1).max(200).optional(),
  "description": z.string().max(500).optional(),
}).refine((o) => Object.values(o).filter((v) => v !== undefined).length >= 1, { message: "minProperties: send at least 1 field(s)" });

export const listSpacesQuerySchema = z.strictObject({
  "page": z.int().min(1).meta({"description":"1-based page number.","default":1}).optional(),
  "page_size": z.int().min(1).max(100).meta({"default":20}).optional(),
});

export const listTrackersQuerySchema = z.strictObject({
  "space_id": z.string().min(1).meta({"description":"The space whose trackers to list."}),
  "page": z.int().min(1).meta({"description":"1-based page number.","default":1}).optional(),
  "page_size": z.int().min(1).max(100).meta({"default":20}).optional(),
});

export const listRunsQuerySchema = z.strictObject({
  "status": RunStatusSchema.optional(),
  "signal": SignalSchema.optional(),
  "notification_status": NotificationStatusSchema.optional(),
  "start_date": z.iso.datetime({ offset: true }).meta({"description":"Runs started at or after this instant."}).optional(),
  "end_date": z.iso.datetime({ offset: true }).meta({"description":"Runs started at or before this instant."}).optional(),
  "min_score": ScoreSchema.optional(),
  "max_score": ScoreSchema.optional(),
  "page": z.int().min(1).meta({"description":"1-based page number.","default":1}).optional(),
  "page_size": z.int().min(1).max(100).meta({"default":20}).optional(),
});

export const getVaultRecentQuerySchema = z.strictObject({
  "limit": z.int().min(1).max(100).meta({"default":10}).optional(),
  "content_types": z.string().regex(new RegExp("^(text|image|json)(,(text|image|json))*$")).meta({"description":"Comma-separated list of `text`, `image`, `json`."}).optional(),
  "since_hours": z.int().min(1).meta({"description":"Only items created in the last N hours."}).optional(),
});

export const listVaultSourcesQuerySchema = z.strictObject({
  "page": z.int().min(1).meta({"description":"1-based page number.","default":1}).optional(),
  "page_size": z.int().min(1).max(100).meta({"default":20}).optional(),
});

/** Every generated schema by name: component schemas by their name, query schemas as `<operationId>Query`. */
export const schemas = {
  NotificationStatus: NotificationStatusSchema,
  RunStatus: RunStatusSchema,
  RunTrigger: RunTriggerSchema,
  Score: ScoreSchema,
  Signal: SignalSchema,
  ReasoningMode: ReasoningModeSchema,
  SkillId: SkillIdSchema,
  AgentConfig: AgentConfigSchema,
  SignalLevel: SignalLevelSchema,
  Threshold: ThresholdSchema,
  NotificationConfig: NotificationConfigSchema,
  RunMode: RunModeSchema,
  Schedule: ScheduleSchema,
  VaultTtlDays: VaultTtlDaysSchema,
  TrackerCreate: TrackerCreateSchema,
  AgentConfigUpdate: AgentConfigUpdateSchema,
  TrackerUpdate: TrackerUpdateSchema,
  VaultFileUpload: VaultFileUploadSchema,
  VaultRow: VaultRowSchema,
  VaultJsonUpload: VaultJsonUploadSchema,
  VaultSourceUpdate: VaultSourceUpdateSchema,
  listSpacesQuery: listSpacesQuerySchema,
  listTrackersQuery: listTrackersQuerySchema,
  listRunsQuery: listRunsQuerySchema,
  getVaultRecentQuery: getVaultRecentQuerySchema,
  listVaultSourcesQuery: listVaultSourcesQuerySchema,
} as const;
