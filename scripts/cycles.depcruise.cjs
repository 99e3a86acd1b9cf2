// The import-cycle check of `verify` (dependency-cruiser): no module of a package's sources may reach
// itself again through its imports, type-only imports included (a type cycle still ties the files
// together for a reader and for a refactor). Only relative imports within the sources are followed:
// workspace packages cannot import each other in a loop (pnpm refuses that), and generated code is left
// to its generator. Run: pnpm run cycles
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle: break it with a leaf module that both sides import, or move the shared part down.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    includeOnly: '^packages/[^/]+/(src|nodes|credentials)/',
    exclude: { path: '(^|/)(node_modules|dist)/' },
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.js', '.d.ts', '.json'],
      conditionNames: ['trackerkit-source', 'import', 'node', 'default'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
