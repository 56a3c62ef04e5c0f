import { defineProject } from 'vitest/config';

/**
 * Tests that bring up a PostgreSQL server of their own and stop it: whatever the
 * suite's database, they run once, in the first pass of `npm test`.
 */
export default defineProject({
  test: {
    name: 'resilience',
    include: ['test/resilience/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
