// The rule by which n8n 2.35.7's node picker files triggers under apps, applied to the node types a
// running n8n serves at /types/nodes.json (the list its editor loads). Ported from n8n-editor-ui 2.35.4
// (the editor n8n 2.35.7 ships; read from its source map): src/app/stores/nodeTypes.store.ts
// `visibleNodeTypes` (the latest version of each type, hidden ones left out) and
// src/features/shared/nodeCreator/composables/useActionsGeneration.ts `generateMergedNodesAndActions`
// (a trigger joins the app whose type name is its own with the first "Trigger" removed, when that app
// has actions; otherwise it is listed on its own).

export interface NodeTypeDescription {
  name: string;
  displayName: string;
  version: number | number[];
  group: string[];
  hidden?: boolean;
  polling?: boolean;
  webhooks?: unknown[];
  properties: Array<{ name: string; options?: unknown[] }>;
}

const newest = (version: number | number[]) => (Array.isArray(version) ? Math.max(...version) : version);

/** The visible entries of the picker, each with the triggers filed under it. */
export function mergedTriggers(types: NodeTypeDescription[]): Map<string, string[]> {
  const latest = new Map<string, NodeTypeDescription>();
  for (const type of types) {
    const seen = latest.get(type.name);
    if (!seen || newest(type.version) > newest(seen.version)) latest.set(type.name, type);
  }
  const visible = [...latest.values()].filter((type) => !type.hidden);
  // An app's actions are its resource/operation pairs (resourceCategories, operationsCategory).
  const hasActions = (type: NodeTypeDescription) =>
    type.properties.some(
      (p) => (p.name === 'resource' || p.name === 'operation') && (p.options?.length ?? 0) > 0,
    );
  const entries = new Map<string, string[]>();
  for (const app of visible.filter((type) => !type.group.includes('trigger'))) entries.set(app.name, []);
  for (const trigger of visible.filter((type) => type.group.includes('trigger'))) {
    const normalized = trigger.name.replace('Trigger', '');
    const app = latest.get(normalized);
    if (entries.has(normalized) && app && hasActions(app)) entries.get(normalized)?.push(trigger.name);
    else entries.set(trigger.name, [trigger.name]);
  }
  return entries;
}
