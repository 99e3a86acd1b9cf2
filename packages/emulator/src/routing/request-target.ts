// The request's path as the client wrote it. WHATWG URL parsing (`new URL(req.url, base)`) resolves
// dot segments, `%2E%2E` included, and reads `\` as `/`: `DELETE /v1/api/trackers/T/runs/%2E%2E`
// would be routed as `DELETE /v1/api/trackers/T`, the tracker. The emulator routes on the raw path
// instead; each id segment is decoded once, on its own (decodeSegment), and checked by the core's id
// rule, so no segment can walk to another resource.

export interface RequestTarget {
  pathname: string;
  searchParams: URLSearchParams;
}

/** The raw path and the query of a request target (origin-form, or absolute-form as sent to a proxy). */
export function requestTarget(target: string | undefined): RequestTarget {
  let rest = target ?? '/';
  const authority = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(rest);
  if (authority) rest = rest.slice(authority[0].length) || '/';
  const hash = rest.indexOf('#');
  if (hash >= 0) rest = rest.slice(0, hash);
  const query = rest.indexOf('?');
  return {
    pathname: query >= 0 ? rest.slice(0, query) : rest,
    searchParams: new URLSearchParams(query >= 0 ? rest.slice(query + 1) : ''),
  };
}

/** A path segment percent-decoded; one that cannot be decoded stays as sent (its `%` is no id's). */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Why a path is not a normalised one, or undefined when it is: every segment non-empty, none `.`
 * or `..` once decoded (`%2e%2e` too), none holding a slash or backslash once decoded, and each
 * segment's percent-encoding valid. Such a path means the same to every URL parser on its way.
 */
export function normalisedPathProblem(path: string): string | undefined {
  if (!path.startsWith('/')) return 'it does not start with /';
  if (path.includes('\\')) return 'a backslash, which URL parsers read as /';
  const segments = path.slice(1).split('/');
  for (const segment of segments) {
    if (segment === '') return 'an empty segment';
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return 'a segment that is not valid percent-encoding';
    }
    if (decoded === '.' || decoded === '..') return `a dot segment, "${segment}"`;
    if (/[/\\]/.test(decoded)) return 'an encoded slash or backslash in a segment';
  }
  return undefined;
}
