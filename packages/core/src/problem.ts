// A problem found in a value before (or instead of) acting on it. Every layer reports the same
// problems in its own shape: the client as TrackerValidationError, the emulator as a FastAPI-style
// 422 issue list, the n8n node as NodeOperationError, the MCP server as an isError result.

export type Path = (string | number)[];

export interface Problem {
  /** Where, as a path from the value's root: `['notification_config', 'lower_threshold']`. */
  path: Path;
  /** The same path as text: `notification_config.lower_threshold`, `rows[3]`. */
  field: string;
  /** The document's keyword or rule text: `maxLength: 50`, `notify_below requires lower_threshold`. */
  rule: string;
  /** A sentence for people. */
  message: string;
  /** A FastAPI-style error type (`string_too_long`, `missing`, `value_error`). */
  type: string;
}

export function fieldOf(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || '(body)';
}

export function problem(path: Path, rule: string, message: string = rule, type = 'value_error'): Problem {
  return { path, field: fieldOf(path), rule, message, type };
}

/** The same problems under a prefix path (a body nested in a request, a config in a tracker). */
export const under = (prefix: Path, problems: Problem[]): Problem[] =>
  problems.map((p) => ({ ...p, path: [...prefix, ...p.path], field: fieldOf([...prefix, ...p.path]) }));
