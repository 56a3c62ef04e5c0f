import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
