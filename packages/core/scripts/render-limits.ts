// Derives the suite's numeric limits from the document, so each number from the spec is written
// once (in the YAML) and every package imports it from here.
// biome-ignore lint/suspicious/noExplicitAny: walks an untyped YAML document; shape errors surface in pick().
type Json = Record<string, any>;

const pick = (value: unknown, what: string): number => {
  if (typeof value !== 'number') throw new Error(`render-limits: ${what} is missing from the document`);
  return value;
};

export function renderLimits(doc: Json): string {
  const s = doc.components.schemas;
  const p = doc.components.parameters;
  const paths = doc.paths;
  const upload = paths['/api/trackers/{tracker_id}/vault/sources'];
  const recentLimit = paths['/api/trackers/{tracker_id}/vault/recent'].get.parameters.find(
    (x: Json) => x.name === 'limit',
  ).schema;
  const batch = s.VaultJsonUpload.properties.data.oneOf.find((x: Json) => x.type === 'array');
  const limits = {
    pageDefault: pick(p.Page.schema.default, 'page default'),
    pageSizeDefault: pick(p.PageSize.schema.default, 'page_size default'),
    pageSizeMax: pick(p.PageSize.schema.maximum, 'page_size maximum'),
    trackerNameMax: pick(s.TrackerCreate.properties.name.maxLength, 'tracker name maxLength'),
    trackerDescriptionMax: pick(s.TrackerCreate.properties.description.maxLength, 'tracker description'),
    instructionMax: pick(s.AgentConfig.properties.instruction.maxLength, 'instruction maxLength'),
    linkedTrackersMax: pick(s.AgentConfig.properties.linked_trackers.maxItems, 'linked_trackers maxItems'),
    intervalMinutesMin: pick(s.Schedule.properties.interval_minutes.minimum, 'interval_minutes minimum'),
    intervalMinutesMax: pick(s.Schedule.properties.interval_minutes.maximum, 'interval_minutes maximum'),
    vaultTtlDaysMin: pick(s.VaultTtlDays.minimum, 'vault_ttl_days minimum'),
    vaultTtlDaysMax: pick(s.VaultTtlDays.maximum, 'vault_ttl_days maximum'),
    scoreMin: pick(s.Score.minimum, 'score minimum'),
    scoreMax: pick(s.Score.maximum, 'score maximum'),
    recentLimitDefault: pick(recentLimit.default, 'vault/recent limit default'),
    recentLimitMax: pick(recentLimit.maximum, 'vault/recent limit maximum'),
    uploadRowsMax: pick(batch.maxItems, 'upload maxItems'),
    uploadBytesMax: pick(s.VaultJsonUpload['x-max-request-bytes'], 'x-max-request-bytes'),
    fileBytesMax: pick(s.VaultFileUpload['x-max-file-bytes'], 'x-max-file-bytes'),
    sourceNameMax: pick(s.VaultJsonUpload.properties.source_name.maxLength, 'source_name maxLength'),
    sourceDescriptionMax: pick(s.VaultSourceUpdate.properties.description.maxLength, 'source description'),
    imageDescriptionMin: pick(
      s.VaultFileUpload.properties.description['x-image-min-length'],
      'image description x-image-min-length',
    ),
    imageDescriptionMax: pick(s.VaultFileUpload.properties.description.maxLength, 'image description max'),
    uploadsPerWindow: pick(upload.post['x-rate-limit'].requests, 'upload x-rate-limit requests'),
    uploadWindowSeconds: pick(upload.post['x-rate-limit'].window_seconds, 'upload x-rate-limit window'),
    sourceListsPerWindow: pick(upload.get['x-rate-limit'].requests, 'list sources x-rate-limit requests'),
    sourceListWindowSeconds: pick(
      upload.get['x-rate-limit'].window_seconds,
      'list sources x-rate-limit window',
    ),
  };
  const multipliers = s.ReasoningMode['x-reasoning-multipliers'];
  const skillCosts = s.SkillId['x-trackerkit-default-skill-costs'];
  const bands = s.Signal['x-emulator-score-bands'];
  const fileTypes = s.VaultFileUpload['x-file-types'];
  const delivery = doc.webhooks['tracker.alert'].post['x-trackerkit-delivery'];
  const { description: _, ...secretPolicy } =
    doc.webhooks['tracker.alert'].post['x-trackerkit-secret-policy'];
  return [
    `export const LIMITS = ${JSON.stringify(limits, null, 2)} as const;\n`,
    `/** v0.3 reasoning multipliers (cost = sum of skill base costs x multiplier). */`,
    `export const REASONING_MULTIPLIERS = ${JSON.stringify(multipliers, null, 2)} as const;\n`,
    `/** The suite's assumed skill catalog and base costs in quants (the spec does not show them). */`,
    `export const DEFAULT_SKILL_COSTS: Readonly<Record<string, number>> = ${JSON.stringify(skillCosts, null, 2)};\n`,
    `/** Emulator score bands per signal, inclusive [min, max]. Consumers read a run's signal as given. */`,
    `export const SIGNAL_SCORE_BANDS = ${JSON.stringify(bands, null, 2)} as const;\n`,
    `/** Accepted file extensions with the vault content type and source type they produce. */`,
    `export const FILE_TYPES = ${JSON.stringify(fileTypes, null, 2)} as const;\n`,
    `/** How the service (and the emulator) delivers alert webhooks. */`,
    `export const WEBHOOK_DELIVERY = ${JSON.stringify(delivery, null, 2)} as const;\n`,
    `/** The one secret policy of every Standard Webhooks signer and verifier in the suite. */`,
    `export const WEBHOOK_SECRET_POLICY = ${JSON.stringify(secretPolicy, null, 2)} as const;\n`,
  ].join('\n');
}
