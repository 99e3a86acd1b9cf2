import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';
import { openapiDocument } from '../../nodes/shared/generated/core';
import * as run from '../../nodes/Tracker/actions/run';
import * as space from '../../nodes/Tracker/actions/space';
import * as tracker from '../../nodes/Tracker/actions/tracker';
import * as vault from '../../nodes/Tracker/actions/vault';
import { Tracker } from '../../nodes/Tracker/Tracker.node';
import { TrackerAlertTrigger } from '../../nodes/TrackerAlertTrigger/TrackerAlertTrigger.node';

// The document names each operation's n8n counterpart in `x-trackerkit-names.n8n`: "Resource › Operation"
// (several joined by " and ") for the action node, or a trigger node's display name for webhooks.
interface Named {
  operationId: string;
  n8n: string;
  webhook?: string;
}

function documentNames(): Named[] {
  const named: Named[] = [];
  const collect = (operations: Record<string, unknown>, webhook?: string) => {
    for (const operation of Object.values(operations)) {
      const op = operation as { operationId?: string; 'x-trackerkit-names'?: { n8n?: string } };
      if (!op || typeof op !== 'object' || !op.operationId) continue;
      named.push({ operationId: op.operationId, n8n: op['x-trackerkit-names']?.n8n ?? '', webhook });
    }
  };
  const doc = openapiDocument as unknown as {
    paths: Record<string, Record<string, unknown>>;
    webhooks?: Record<string, Record<string, unknown>>;
  };
  for (const item of Object.values(doc.paths)) collect(item);
  for (const [event, item] of Object.entries(doc.webhooks ?? {})) collect(item, event);
  return named;
}

const node = new Tracker().description;
const handlers: Record<string, Record<string, unknown>> = {
  space: space.handlers,
  tracker: tracker.handlers,
  run: run.handlers,
  vault: { ...vault.handlers, uploadRows: vault.executeUploadRows },
};
const resources = (node.properties.find((p) => p.name === 'resource')?.options ??
  []) as INodePropertyOptions[];
const operationsOf = (resource: string) =>
  (node.properties.find(
    (p: INodeProperties) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource),
  )?.options ?? []) as INodePropertyOptions[];

/** "Vault › Upload File" → the node's resource and operation values, if the node offers them. */
function nodeOperation(label: string): { resource: string; operation: string } | undefined {
  const [resourceName, operationName] = label.split('›').map((part) => part.trim());
  const resource = resources.find((option) => option.name === resourceName)?.value;
  if (typeof resource !== 'string') return undefined;
  const operation = operationsOf(resource).find((option) => option.name === operationName)?.value;
  return typeof operation === 'string' ? { resource, operation } : undefined;
}

describe('every operation of the document is an n8n operation', () => {
  const names = documentNames();

  it('finds the document operations', () => {
    expect(names.length).toBeGreaterThanOrEqual(19);
    expect(names.filter((n) => !n.n8n).map((n) => n.operationId)).toEqual([]);
  });

  it.each(names.filter((n) => !n.webhook).map((n) => [n.operationId, n] as const))(
    '%s maps to a Tracker operation with a handler',
    (_id, { n8n }) => {
      for (const label of n8n.split(/\s+and\s+/)) {
        const found = nodeOperation(label);
        expect(found, `"${label}" is not an operation of the Tracker node`).toBeDefined();
        const { resource, operation } = found as { resource: string; operation: string };
        expect(typeof handlers[resource]?.[operation], `no handler for ${label}`).toBe('function');
      }
    },
  );

  it.each(names.filter((n) => n.webhook).map((n) => [n.operationId, n] as const))(
    'webhook %s is an event of the named trigger',
    (_id, { n8n, webhook }) => {
      const trigger = new TrackerAlertTrigger().description;
      expect(trigger.displayName).toBe(n8n);
      const events = trigger.properties.find((p) => p.name === 'events')?.options as INodePropertyOptions[];
      expect(events.map((e) => e.value)).toContain(webhook);
    },
  );

  it('offers no operation the document does not name', () => {
    const documented = new Set(
      names
        .filter((n) => !n.webhook)
        .flatMap((n) => n.n8n.split(/\s+and\s+/))
        .map((label) => label.replace(/\s*›\s*/, ' › ')),
    );
    const offered = resources.flatMap((r) =>
      operationsOf(String(r.value)).map((o) => `${r.name} › ${o.name}`),
    );
    expect(offered.filter((label) => !documented.has(label))).toEqual([]);
    expect(offered).toHaveLength(documented.size);
  });

  it('offers every query filter of listRuns in Run › Get Many', () => {
    const doc = openapiDocument as unknown as {
      paths: Record<
        string,
        { get?: { operationId: string; parameters?: Array<{ name?: string; in?: string }> } }
      >;
    };
    const listRuns = Object.values(doc.paths).find((item) => item.get?.operationId === 'listRuns')?.get;
    const query = (listRuns?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(query.length).toBeGreaterThanOrEqual(7);
    const filters = run.description.find(
      (p) => p.name === 'filters' && p.displayOptions?.show?.operation?.includes('getAll'),
    )?.options as INodeProperties[];
    const offered = filters.map((f) => f.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
    expect(offered.sort()).toEqual([...query].sort());
  });

  it('gives every operation an action text for AI tools', () => {
    for (const r of resources) {
      for (const o of operationsOf(String(r.value))) expect(o.action, `${r.name} › ${o.name}`).toBeTruthy();
    }
  });
});
