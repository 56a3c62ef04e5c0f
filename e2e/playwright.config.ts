import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
/** The Laos build's server runs beside the Thai one. */
const LAOS_PORT = PORT + 1;
const server = (port: number, site: 'th' | 'la') => ({
  command: 'node e2e/server.mjs',
  cwd: '..',
  url: `http://127.0.0.1:${port}/readyz`,
  reuseExistingServer: false,
  timeout: 120_000,
  env: { E2E_PORT: String(port), E2E_SITE: site },
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
});

/** Journeys against the real built app and server on a fresh embedded database (DESIGN §10). */
export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  // One server, one database: the termination journey changes a site-wide setting.
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 390, height: 844 },
    locale: 'th-TH',
    // The agreement (SPEC §2) is accepted on the server per member: pages/login-page.ts accepts it
    // for the member signing in, in every journey but the one about it.
    trace: 'retain-on-failure',
    // The member app's service worker would serve journeys from its cache; pwa.spec.ts allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'thai', testIgnore: /laos\// },
    { name: 'laos', testMatch: /laos\/.*\.spec\.ts/, use: { baseURL: `http://127.0.0.1:${LAOS_PORT}`, locale: 'lo-LA' } },
  ],
  webServer: [server(PORT, 'th'), server(LAOS_PORT, 'la')],
});
