import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'console',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
    testTimeout: 20_000,
    // The screens' tests wait on timers and animations: they run after the server's files, one at a
    // time, never beside a server file that takes both cores (ADR 0423).
    sequence: { groupOrder: 1 },
    maxWorkers: 1,
  },
});
