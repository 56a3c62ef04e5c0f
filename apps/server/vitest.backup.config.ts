import { defineProject } from 'vitest/config';

/**
 * The point-in-time restore drill: pgBackRest on a PostgreSQL server of its own. `npm test` runs it
 * beside the PostgreSQL integration tests (scripts/test.mjs), not in the PGlite pass.
 */
export default defineProject({
  // Run by its own file (-c), not as a project of the root configuration: the folder it is in is its root.
  root: new URL('.', import.meta.url).pathname,
  test: {
    name: 'backup',
    include: ['test/backup/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
