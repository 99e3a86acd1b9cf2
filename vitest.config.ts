import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources (the `trackerkit-source` export condition), so
// tests never need a build first.
const resolve = { conditions: ['trackerkit-source', 'module', 'node', 'development|production'] };

export default defineConfig({
  resolve,
  ssr: { resolve: { conditions: resolve.conditions } },
  test: {
    projects: [
      {
        resolve,
        ssr: { resolve: { conditions: resolve.conditions } },
        test: {
          name: 'unit',
          include: ['packages/*/test/unit/**/*.test.ts'],
        },
      },
      {
        resolve,
        ssr: { resolve: { conditions: resolve.conditions } },
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
