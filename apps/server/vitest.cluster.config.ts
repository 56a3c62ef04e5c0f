import { defineConfig } from 'vitest/config';

/**
 * Three nodes behind haproxy on PostgreSQL and Redis (test/cluster): run by `npm test` in a step of
 * its own, after the PostgreSQL pass and only with DATABASE_URL; never by a plain `vitest run`.
 */
export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  test: {
    name: 'cluster',
    include: ['test/cluster/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
