// `pnpm test:queue`: the n8n queue-mode suite alone (its file name keeps it out of the default run).
import { defineConfig } from 'vitest/config';

const conditions = ['trackerkit-source', 'module', 'node', 'development|production'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ['tests/n8n/queue-mode.e2e.ts'],
    testTimeout: 600_000,
    hookTimeout: 1_200_000,
  },
});
