import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { localeParts } from './vite.config';

export default defineProject({
  plugins: [react(), localeParts()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 20_000,
  },
});
