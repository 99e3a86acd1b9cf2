import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources (the `trackerkit-source` export
// condition), so tests never need a build first. Both projects inherit this (`extends: true`).
const conditions = ['trackerkit-source', 'module', 'node', 'development|production'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/test/unit/**/*.test.ts'],
        },
      },
      {
        // Both stores' contract, on a real PostgreSQL beside SQLite: a database under load is not unit-test fast.
        extends: true,
        test: {
          name: 'stores',
          include: ['packages/*/test/stores/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['packages/*/test/integration/**/*.test.ts', 'tests/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
