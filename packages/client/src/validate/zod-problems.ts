// Turns zod issues into problems that name the field (dotted path) and the document's keyword.
import type { z } from 'zod';
import { TrackerValidationError, type ValidationProblem } from '../errors.ts';
import { VALIDATION_RULES } from './rules.ts';

function fieldPath(path: readonly PropertyKey[], prefix = ''): string {
  let out = prefix;
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || '(body)';
}

type Kind = 'string' | 'array' | 'number' | 'other';

function kindOf(origin: unknown): Kind {
  if (origin === 'string') return 'string';
  if (origin === 'array' || origin === 'set') return 'array';
  if (origin === 'number' || origin === 'int' || origin === 'bigint') return 'number';
  return 'other';
}

const BOUND_KEYWORD: Record<Kind, [string, string]> = {
  string: ['minLength', 'maxLength'],
  array: ['minItems', 'maxItems'],
  number: ['minimum', 'maximum'],
  other: ['minimum', 'maximum'],
};

function ruleOf(issue: Issue, field: string): string {
  switch (issue.code) {
    case 'too_big': {
      const rule = `${BOUND_KEYWORD[kindOf(issue.origin)][1]}: ${issue.maximum}`;
      // v0.3 states the linked-tracker maximum as a business rule of its own.
      return field.endsWith('linked_trackers') ? `${rule} (${VALIDATION_RULES.linkedTrackersMax})` : rule;
    }
    case 'too_small':
      return `${BOUND_KEYWORD[kindOf(issue.origin)][0]}: ${issue.minimum}`;
    case 'invalid_type':
      return issue.input === undefined ? 'required' : `type: ${issue.expected}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `const: ${String(issue.values[0])}`
        : `enum: ${issue.values.join(' | ')}`;
    case 'invalid_format':
      if (issue.format === 'regex')
        return `pattern: ${patternSource((issue as { pattern?: unknown }).pattern)}`;
      return `format: ${issue.format === 'datetime' ? 'date-time' : issue.format}`;
    case 'unrecognized_keys':
      return 'unknown field';
    case 'invalid_union':
      return 'oneOf';
    case 'not_multiple_of':
      return `multipleOf: ${issue.divisor}`;
    default:
      return issue.message;
  }
}

type Issue = z.core.$ZodIssue;

/** The document's pattern text, whether zod reports a RegExp or its `/source/flags` form. */
const patternSource = (pattern: unknown): string =>
  pattern instanceof RegExp ? pattern.source : String(pattern).replace(/^\/(.*)\/[a-z]*$/s, '$1');

/** A union branch that failed only because the value has another type is not the one the caller meant. */
const typeMismatch = (issues: Issue[]) =>
  issues.length === 1 && issues[0]!.code === 'invalid_type' && issues[0]!.path.length === 0;

function collect(issues: Issue[], base: PropertyKey[], prefix: string, out: ValidationProblem[]): void {
  for (const issue of issues) {
    const path = [...base, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const field = fieldPath([...path, key], prefix);
        out.push({ field, rule: 'unknown field', message: `${field} is not a parameter of this operation` });
      }
      continue;
    }
    if (issue.code === 'invalid_union') {
      const meant = issue.errors.filter((branch) => !typeMismatch(branch));
      if (meant.length === 1) {
        collect(meant[0]!, path, prefix, out);
        continue;
      }
    }
    const field = fieldPath(path, prefix);
    out.push({ field, rule: ruleOf(issue, field), message: issue.message });
  }
}

export function zodProblems(schema: z.ZodType, value: unknown, prefix = ''): ValidationProblem[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  const problems: ValidationProblem[] = [];
  collect(result.error.issues, [], prefix, problems);
  return problems;
}

export function throwIfAny(problems: ValidationProblem[]): void {
  if (problems.length > 0) throw new TrackerValidationError(problems);
}
