// Alertmanager's `templates`: files of Go template definitions its integrations render messages
// with. The receiver renders none: it writes its own messages. A `templates` entry is honoured
// when it changes nothing — its glob matches no file (Alertmanager then loads nothing either), or
// no integration of the file renders a message (webhooks send data, not text) — and refused,
// naming it, otherwise.
import { existsSync, readdirSync } from 'node:fs';
import { isAbsolute, join, sep } from 'node:path';
import { compileRe2 } from '../router/re2.ts';
import type { DestinationConfig } from './types.ts';

/** Go's filepath.Match for one path segment: `*`, `?`, `[...]` (`[^...]` negated), `\` escapes. */
function segmentRe(pattern: string) {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '\\' && i + 1 < pattern.length) re += `\\x{${pattern.codePointAt(++i)!.toString(16)}}`;
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end < 0) throw new Error('syntax error in pattern');
      const body = pattern.slice(i + 1, end);
      re += `[${body.startsWith('^') ? `^${body.slice(1)}` : body}]`;
      i = end;
    } else re += `\\x{${c.codePointAt(0)!.toString(16)}}`;
  }
  return compileRe2(`^(?:${re})$`);
}

/** The files a glob names (Go's filepath.Glob): none when nothing matches or a directory is missing. */
function globFiles(glob: string): string[] {
  const parts = glob.split(sep);
  let found = [parts[0] === '' ? sep : parts[0]!];
  for (const part of parts.slice(1)) {
    if (part === '') continue;
    if (!/[*?[\\]/.test(part)) {
      found = found.map((dir) => join(dir, part));
      continue;
    }
    const re = segmentRe(part);
    found = found.flatMap((dir) => {
      try {
        return readdirSync(dir)
          .filter((name) => re.test(name))
          .map((name) => join(dir, name));
      } catch {
        return [];
      }
    });
  }
  // A segment without metacharacters is taken as written: it names a file only if there is one.
  return found.filter((path) => existsSync(path));
}

// Destinations whose messages Alertmanager would render from templates (a webhook sends data).
const RENDERS = new Set<DestinationConfig['type']>(['slack', 'teams', 'discord', 'email', 'pagerduty']);

/** One problem per `templates` entry the receiver cannot honour. */
export function templateProblems(
  templates: readonly string[] | undefined,
  destinations: readonly DestinationConfig[],
  baseDir: string,
): string[] {
  const rendering = destinations.filter((d) => RENDERS.has(d.type));
  if (!templates?.length || rendering.length === 0) return [];
  return templates.flatMap((glob, i) => {
    const full = isAbsolute(glob) ? glob : join(baseDir, glob);
    let files: string[];
    try {
      files = globFiles(full);
    } catch (error) {
      return [`templates.${i}: ${(error as Error).message}`];
    }
    if (files.length === 0) return [];
    return [
      `templates.${i}: custom notification templates are not supported (${files[0]}${files.length > 1 ? ` and ${files.length - 1} more` : ''} would change what ${rendering[0]!.name} sends; the receiver writes its own messages): remove the entry`,
    ];
  });
}
