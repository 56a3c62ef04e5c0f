// `npm test`: everything a fresh machine can run (DESIGN §10).
//   types → lint → unit + integration (PGlite) → when DATABASE_URL is set: the server's files on
//   PostgreSQL (on PGlite then only those about the embedded database, ADR 0428), then on it the pgBackRest restore drill on a server of its own and three
//   nodes behind haproxy with one killed under load → Chromium journeys. promtool (Debian's
//   prometheus), pgbackrest, haproxy and Chromium are Debian packages: without one, its step is
//   skipped with a warning; REQUIRE_E2E=1 (CI) makes a missing one a failure instead.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const { DATABASE_URL, ...withoutDatabase } = process.env;
const started = Date.now();

function step(title, command, args, env = process.env) {
  const begun = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  const seconds = ((Date.now() - begun) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${title} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${seconds} s)`);
}

/** A program from a Debian package: its path when installed (on PATH, or in /usr/sbin for a non-root user). */
function installed(program) {
  const found = spawnSync('sh', ['-c', `command -v ${program} || ls /usr/sbin/${program} 2>/dev/null`], { encoding: 'utf8' }).stdout.trim().split('\n')[0];
  return found || undefined;
}

/** Runs the steps that need a Debian package when it is installed; without it, a warning, or a failure under REQUIRE_E2E=1. */
function whenInstalled(program, packageName, title, run) {
  const path = installed(program);
  if (path) return run(path);
  const hint = `apt-get install -y ${packageName}`;
  if (process.env.REQUIRE_E2E === '1') {
    console.error(`✖ ${title}: ${program} is missing and REQUIRE_E2E=1 (${hint})`);
    process.exit(1);
  }
  console.log(`\n⚠ ${title} skipped: ${program} not found (${hint})`);
}

const npx = 'npx';
step('types: contract', npx, ['tsc', '-p', 'packages/contract']);
step('types: client kit', npx, ['tsc', '-p', 'packages/client-kit']);
step('types: server', npx, ['tsc', '-p', 'apps/server']);
step('types: web', npx, ['tsc', '-p', 'apps/web']);
step('types: console', npx, ['tsc', '-p', 'apps/console']);
step('types: e2e', npx, ['tsc', '-p', 'e2e']);
step('types: bench', npx, ['tsc', '-p', 'bench']);
step('lint', npx, ['eslint', '.', '--max-warnings=0']);
whenInstalled('promtool', 'prometheus', 'alert rules', (promtool) => {
  step('alert rules: promtool check', promtool, ['check', 'config', 'deploy/prometheus/prometheus.yml']);
  step('alert rules: promtool test', promtool, ['test', 'rules', 'deploy/prometheus/alerts.test.yml']);
});
/**
 * Server files that exercise what only the embedded database does (its LISTEN/NOTIFY in one
 * process, its trigram search) or the core of the books on it. Where PostgreSQL is named, these
 * run on the embedded database, and every server file runs on PostgreSQL (ADR 0428).
 */
const EMBEDDED_DATABASE_FILES = ['test/revocation.test.ts', 'test/operator-lists.test.ts', 'test/ledger.test.ts'];
if (DATABASE_URL) {
  step('packages, screens and resilience (PGlite)', npx, ['vitest', 'run', '--project', 'contract', '--project', 'client-kit', '--project', 'resilience', '--project', 'web', '--project', 'console'], withoutDatabase);
  step('server on the embedded database (PGlite)', npx, ['vitest', 'run', '--project', 'server', ...EMBEDDED_DATABASE_FILES.map((file) => `apps/server/${file}`)], withoutDatabase);
} else {
  step('unit and integration tests (PGlite)', npx, ['vitest', 'run'], withoutDatabase);
}
if (DATABASE_URL) {
  step('integration tests (PostgreSQL)', npx, ['vitest', 'run', '--project', 'server'], process.env);
  whenInstalled('pgbackrest', 'pgbackrest', 'backup drill', () =>
    step('backup drill: pgBackRest point-in-time restore', npx, ['vitest', 'run', '-c', 'apps/server/vitest.backup.config.ts']),
  );
  whenInstalled('haproxy', 'haproxy', 'three nodes', (haproxy) =>
    step('three nodes behind haproxy (PostgreSQL, Redis)', 'nice', ['-n', '10', npx, 'vitest', 'run', '-c', 'apps/server/vitest.cluster.config.ts'], { ...process.env, HAPROXY_PATH: haproxy }),
  );
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chromium)) {
  step('build web app', 'npm', ['run', 'build', '-w', '@wallet/web']);
  // /login's first download stays within 120 kB of gzip JavaScript (static, no browser).
  step('size budgets: /login and /user/home JavaScript', 'node', ['scripts/web-budget.mjs']);
  step('build web app (Laos build)', 'npm', ['run', 'build', '-w', '@wallet/web'], { ...process.env, VITE_SITE: 'la' });
  step('build operator console', 'npm', ['run', 'build', '-w', '@wallet/console']);
  step('Chromium journeys', npx, ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
} else if (process.env.REQUIRE_E2E === '1') {
  console.error(`✖ Chromium journeys: ${chromium} is missing and REQUIRE_E2E=1`);
  process.exit(1);
} else {
  console.log(`\n⚠ Chromium journeys skipped: ${chromium} not found (apt-get install -y chromium)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
