// Placeholder replaced by the zod generator (see packages/client/README.md).
export function renderZod(_doc: Record<string, unknown>): string {
  return 'export {};\n';
}
