// Text twins of structured results: a one-line summary, then compact JSON (one line per list
// item), for clients that show the model only `content`.

export function renderObject(summary: string, value: unknown): string {
  return `${summary}\n${JSON.stringify(value)}`;
}

export function renderPage(
  noun: string,
  result: {
    items: unknown[];
    page: number;
    total_pages: number;
    total_items: number;
    next_page: number | null;
  },
): string {
  const more = result.next_page === null ? '' : `; more with page=${result.next_page}`;
  const head = `${result.items.length} of ${result.total_items} ${noun} (page ${result.page}/${result.total_pages}${more})`;
  return [head, ...result.items.map((item) => JSON.stringify(item))].join('\n');
}
