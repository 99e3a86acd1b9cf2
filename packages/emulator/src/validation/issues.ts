import type { ValidationIssue } from '@trackerkit/client';
import type { ErrorObject } from 'ajv';

type Loc = (string | number)[];

const TYPE_NAMES: Record<string, [string, string]> = {
  integer: ['int_type', 'Input should be a valid integer'],
  number: ['float_type', 'Input should be a valid number'],
  string: ['string_type', 'Input should be a valid string'],
  boolean: ['bool_type', 'Input should be a valid boolean'],
  object: ['dict_type', 'Input should be a valid dictionary or object'],
  array: ['list_type', 'Input should be a valid list'],
  null: ['none_required', 'Input should be None'],
};

function locOf(prefix: Loc, error: ErrorObject): Loc {
  const parts = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  const loc = [...prefix, ...parts];
  if (error.keyword === 'required') loc.push(String(error.params.missingProperty));
  return loc;
}

function quoteList(values: unknown[]): string {
  const quoted = values.map((v) => (v === null ? 'None' : `'${String(v)}'`));
  if (quoted.length < 2) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

function describe(error: ErrorObject): { type: string; msg: string } {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { type: 'missing', msg: 'Field required' };
    case 'type': {
      const first = String(p.type).split(',')[0] ?? 'string';
      const [type, msg] = TYPE_NAMES[first] ?? ['type_error', `Input should be of type ${first}`];
      return { type, msg };
    }
    case 'minLength':
      return { type: 'string_too_short', msg: `String should have at least ${p.limit} character(s)` };
    case 'maxLength':
      return { type: 'string_too_long', msg: `String should have at most ${p.limit} characters` };
    case 'minimum':
      return { type: 'greater_than_equal', msg: `Input should be greater than or equal to ${p.limit}` };
    case 'maximum':
      return { type: 'less_than_equal', msg: `Input should be less than or equal to ${p.limit}` };
    case 'enum':
      return { type: 'enum', msg: `Input should be ${quoteList(p.allowedValues as unknown[])}` };
    case 'const':
      return { type: 'literal_error', msg: `Input should be ${quoteList([p.allowedValue])}` };
    case 'minItems':
      return { type: 'too_short', msg: `List should have at least ${p.limit} item(s)` };
    case 'maxItems':
      return { type: 'too_long', msg: `List should have at most ${p.limit} items` };
    case 'minProperties':
      return { type: 'value_error', msg: 'At least one field must be given' };
    case 'pattern':
      return { type: 'string_pattern_mismatch', msg: `String should match pattern '${p.pattern}'` };
    case 'format':
      return p.format === 'date-time'
        ? { type: 'datetime_parsing', msg: 'Input should be a valid ISO 8601 datetime' }
        : { type: 'value_error', msg: `Input should be a valid ${p.format}` };
    default:
      return { type: 'value_error', msg: error.message ?? 'Invalid value' };
  }
}

/**
 * Maps Ajv errors to FastAPI-style issues. Union schemas (`oneOf` with null, object-or-array) make
 * Ajv report every branch; keep the errors of the branch that got furthest: a type error at a path
 * is dropped when anything deeper or any other kind of error at that path exists.
 */
export function toIssues(prefix: Loc, errors: ErrorObject[] | null | undefined): ValidationIssue[] {
  const relevant = (errors ?? []).filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'anyOf');
  const kept = relevant.filter((e) => {
    if (e.keyword !== 'type') return true;
    return !relevant.some(
      (o) =>
        o !== e &&
        (o.instancePath.startsWith(`${e.instancePath}/`) ||
          (o.instancePath === e.instancePath && o.keyword !== 'type')),
    );
  });
  const chosen = kept.length > 0 ? kept : relevant;
  const seen = new Set<string>();
  const issues: ValidationIssue[] = [];
  for (const error of chosen) {
    const loc = locOf(prefix, error);
    const key = JSON.stringify(loc);
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({ loc, ...describe(error) });
  }
  if (issues.length === 0) issues.push({ loc: prefix, msg: 'Invalid value', type: 'value_error' });
  return issues;
}
