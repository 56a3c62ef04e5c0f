import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one file at a time below three cores; most of a file's time waits on
    // PostgreSQL, a sandbox's HTTP or a timer, so two share a two-core machine well (ADR 0423).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      'packages/contract/vitest.config.ts',
      'packages/client-kit/vitest.config.ts',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.resilience.config.ts',
      'apps/web/vitest.config.ts',
      'apps/console/vitest.config.ts',
    ],
  },
});
