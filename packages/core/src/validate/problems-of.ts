// zod issues as the suite's problems: the field, the document's keyword as the rule, and a
// FastAPI-style message and type (the shape the service's 422 most likely has).
import type { ZodType, z } from 'zod';
import { openapiDocument } from '../generated/document.ts';
import { fieldOf, type Path, type Problem } from '../problem.ts';
import { VALIDATION_RULES } from '../rules/rule-texts.ts';

type Issue = z.core.$ZodIssue;
type Kind = 'string' | 'array' | 'object' | 'number';

const kindOf = (origin: unknown): Kind =>
  origin === 'string'
    ? 'string'
    : origin === 'array' || origin === 'set'
      ? 'array'
      : origin === 'object'
        ? 'object'
        : 'number';

type Bound = [keyword: string, type: string, say: (limit: string) => string];

/** [lower bound, upper bound] per kind of value: the JSON-Schema keyword and FastAPI's words. */
const BOUNDS: Record<Kind, [Bound, Bound]> = {
  string: [
    ['minLength', 'string_too_short', (n) => `String should have at least ${n} character(s)`],
    ['maxLength', 'string_too_long', (n) => `String should have at most ${n} characters`],
  ],
  array: [
    ['minItems', 'too_short', (n) => `List should have at least ${n} item(s)`],
    ['maxItems', 'too_long', (n) => `List should have at most ${n} items`],
  ],
  object: [
    ['minProperties', 'value_error', (n) => `At least ${n} field(s) must be given`],
    ['maxProperties', 'value_error', (n) => `At most ${n} fields may be given`],
  ],
  number: [
    ['minimum', 'greater_than_equal', (n) => `Input should be greater than or equal to ${n}`],
    ['maximum', 'less_than_equal', (n) => `Input should be less than or equal to ${n}`],
  ],
};

const TYPES: Record<string, [string, string]> = {
  int: ['int_type', 'Input should be a valid integer'],
  integer: ['int_type', 'Input should be a valid integer'],
  number: ['float_type', 'Input should be a valid number'],
  string: ['string_type', 'Input should be a valid string'],
  boolean: ['bool_type', 'Input should be a valid boolean'],
  object: ['dict_type', 'Input should be a valid dictionary or object'],
  array: ['list_type', 'Input should be a valid list'],
  null: ['none_required', 'Input should be None'],
};

const quoteList = (values: readonly unknown[]): string => {
  const quoted = values.map((v) => (v === null ? 'None' : `'${String(v)}'`));
  return quoted.length < 2 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
};

/** The document's pattern text, whether zod reports a RegExp or its `/source/flags` form. */
const patternSource = (pattern: unknown): string =>
  pattern instanceof RegExp ? pattern.source : String(pattern).replace(/^\/(.*)\/[a-z]*$/s, '$1');

// A pattern the document also states in words (`x-trackerkit-rules`): the words are the rule, as a
// regex tells a person little. Both spellings of the source, as written and as RegExp prints it.
const RESOURCE_ID_PATTERN = openapiDocument.components.schemas.ResourceId.pattern;
const isResourceIdPattern = (source: string): boolean =>
  source === RESOURCE_ID_PATTERN || source === new RegExp(RESOURCE_ID_PATTERN).source;

function describe(issue: Issue): Omit<Problem, 'path' | 'field'> {
  switch (issue.code) {
    case 'too_big':
    case 'too_small': {
      const [keyword, type, say] = BOUNDS[kindOf(issue.origin)][issue.code === 'too_big' ? 1 : 0];
      const limit = String(issue.code === 'too_big' ? issue.maximum : issue.minimum);
      return { rule: `${keyword}: ${limit}`, type, message: say(limit) };
    }
    case 'invalid_type': {
      if (issue.input === undefined) return { rule: 'required', type: 'missing', message: 'Field required' };
      const [type, message] = TYPES[issue.expected] ?? [
        'type_error',
        `Input should be of type ${issue.expected}`,
      ];
      return { rule: `type: ${issue.expected === 'int' ? 'integer' : issue.expected}`, type, message };
    }
    case 'invalid_value':
      return issue.values.length === 1
        ? {
            rule: `const: ${String(issue.values[0])}`,
            type: 'literal_error',
            message: `Input should be ${quoteList(issue.values)}`,
          }
        : {
            rule: `enum: ${issue.values.join(' | ')}`,
            type: 'enum',
            message: `Input should be ${quoteList(issue.values)}`,
          };
    case 'invalid_format':
      if (issue.format === 'regex') {
        const pattern = patternSource((issue as { pattern?: unknown }).pattern);
        if (isResourceIdPattern(pattern)) {
          const message = 'Not an id the service could have issued';
          return { rule: VALIDATION_RULES.resourceId, type: 'string_pattern_mismatch', message };
        }
        return {
          rule: `pattern: ${pattern}`,
          type: 'string_pattern_mismatch',
          message: `String should match pattern '${pattern}'`,
        };
      }
      if (issue.format === 'datetime')
        return {
          rule: 'format: date-time',
          type: 'datetime_parsing',
          message: 'Input should be a valid ISO 8601 datetime',
        };
      return {
        rule: `format: ${issue.format}`,
        type: 'value_error',
        message: `Input should be a valid ${issue.format}`,
      };
    case 'not_multiple_of':
      return { rule: `multipleOf: ${String(issue.divisor)}`, type: 'multiple_of', message: issue.message };
    default:
      return { rule: issue.message, type: 'value_error', message: issue.message };
  }
}

/** A union branch that failed only because the value has another type is not the one meant. */
const typeMismatch = (issues: readonly Issue[]) =>
  issues.length === 1 && issues[0]!.code === 'invalid_type' && issues[0]!.path.length === 0;

function collect(issues: readonly Issue[], base: Path, out: Problem[]): void {
  for (const issue of issues) {
    const path: Path = [...base, ...(issue.path as Path)];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const at = [...path, key];
        out.push({
          path: at,
          field: fieldOf(at),
          rule: 'unknown field',
          type: 'extra_forbidden',
          message: 'Extra inputs are not permitted',
        });
      }
      continue;
    }
    if (issue.code === 'invalid_union') {
      // An enum with null (`type: [string, null]`) becomes a union of literals: one enum problem.
      const values = issue.errors.flatMap((b) =>
        b.length === 1 && b[0]!.code === 'invalid_value' ? b[0]!.values : [undefined],
      );
      if (values.length > 0 && !values.includes(undefined)) {
        out.push({
          path,
          field: fieldOf(path),
          ...describe({ ...issue, code: 'invalid_value', values } as unknown as Issue),
        });
        continue;
      }
      const meant = issue.errors.filter((branch) => !typeMismatch(branch));
      if (meant.length === 1) {
        collect(meant[0]!, path, out);
        continue;
      }
      if (meant.length === 0) {
        // Every branch is another type: report the first non-null one.
        const first = issue.errors
          .map((b) => b[0]!)
          .find((i) => (i as { expected?: string }).expected !== 'null');
        if (first) {
          out.push({ path, field: fieldOf(path), ...describe(first) });
          continue;
        }
      }
    }
    const found = { path, field: fieldOf(path), ...describe(issue) };
    // v0.3 states the linked-tracker maximum as a business rule of its own.
    if (found.rule.startsWith('maxItems') && path.at(-1) === 'linked_trackers') {
      found.rule = `${found.rule} (${VALIDATION_RULES.linkedTrackersMax})`;
    }
    out.push(found);
  }
}

/** Checks a value against a schema; an empty list means it conforms. */
export function problemsOf(schema: ZodType, value: unknown, prefix: Path = []): Problem[] {
  // reportInput: without it zod leaves `input` out, and a wrong type reads like a missing field.
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return [];
  const out: Problem[] = [];
  collect(result.error.issues, prefix, out);
  return out;
}
