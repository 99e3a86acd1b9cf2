import type { ValidationIssue } from '@trackerkit/core';
import { ValidationFailure } from '../errors/errors.ts';

type Kind = 'string' | 'number' | 'boolean' | 'url';
type Shape = Record<string, { kind: Kind; required?: boolean; nullable?: boolean }>;

const SHAPES: Record<string, Shape> = {
  account: { email: { kind: 'string', required: true } },
  accountUpdate: { email: { kind: 'string' }, quants_balance: { kind: 'number', nullable: true } },
  space: {
    name: { kind: 'string', required: true },
    description: { kind: 'string' },
    category: { kind: 'string' },
    capacity_gb: { kind: 'number' },
    throughput_per_hour: { kind: 'number' },
    monthly_cost: { kind: 'number' },
    storage_cost: { kind: 'number' },
    throughput_cost: { kind: 'number' },
    rate_limit_per_hour: { kind: 'number' },
    is_active: { kind: 'boolean' },
  },
  webhook: {
    url: { kind: 'url', required: true, nullable: true },
    rotate: { kind: 'boolean' },
    secret: { kind: 'string' },
  },
  clock: { advance_minutes: { kind: 'number', required: true } },
};
SHAPES.spaceUpdate = Object.fromEntries(
  Object.entries(SHAPES.space ?? {}).map(([k, v]) => [k, { ...v, required: false }]),
);

/** What is wrong with `value` for `kind` (message and FastAPI-style type), or null when it fits. */
function problem(kind: Kind, value: unknown): { msg: string; type: string } | null {
  const wrong = { msg: `Input should be a valid ${kind}`, type: `${kind}_type` };
  if (kind === 'url') {
    if (typeof value !== 'string') return wrong;
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol) ? null : wrong;
    } catch {
      return wrong;
    }
  }
  if (kind === 'number') {
    if (typeof value !== 'number') return wrong;
    if (!Number.isFinite(value)) return { msg: 'Input should be a finite number', type: 'finite_number' };
    if (value < 0) return { msg: 'Input should be greater than or equal to 0', type: 'greater_than_equal' };
    return null;
  }
  return typeof value === kind && (kind !== 'string' || (value as string).length > 0) ? null : wrong;
}

/** Console bodies are small and fixed: checked by hand, known fields only (unknown ones are refused). */
export function checkConsoleBody(shapeName: string, body: Record<string, unknown>): void {
  const shape = SHAPES[shapeName] ?? {};
  const issues: ValidationIssue[] = [];
  for (const [field, rule] of Object.entries(shape)) {
    const value = body[field];
    if (value === undefined) {
      if (rule.required) issues.push({ loc: ['body', field], msg: 'Field required', type: 'missing' });
    } else if (!(value === null && rule.nullable)) {
      const wrong = problem(rule.kind, value);
      if (wrong) issues.push({ loc: ['body', field], ...wrong });
    }
  }
  for (const field of Object.keys(body)) {
    if (!(field in shape))
      issues.push({ loc: ['body', field], msg: 'Unknown field', type: 'extra_forbidden' });
  }
  if (issues.length > 0) throw new ValidationFailure(issues);
}
