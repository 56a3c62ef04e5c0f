// `npm test`: everything a fresh machine can run (DESIGN §10).
//   types → lint → unit + integration (PGlite) → integration again on PostgreSQL when
//   DATABASE_URL is set, with the pgBackRest restore drill on a server of its own beside it (REQUIRE_E2E=1 makes a
//   missing pgbackrest a failure instead of a skip) → Chromium journeys when Chromium is installed (REQUIRE_E2E=1 makes a
//   missing browser a failure instead of a skip).
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

const npx = 'npx';
step('types: contract', npx, ['tsc', '-p', 'packages/contract']);
step('types: client kit', npx, ['tsc', '-p', 'packages/client-kit']);
step('types: server', npx, ['tsc', '-p', 'apps/server']);
step('types: web', npx, ['tsc', '-p', 'apps/web']);
step('types: console', npx, ['tsc', '-p', 'apps/console']);
step('types: e2e', npx, ['tsc', '-p', 'e2e']);
step('types: bench', npx, ['tsc', '-p', 'bench']);
step('lint', npx, ['eslint', '.', '--max-warnings=0']);
step('unit and integration tests (PGlite)', npx, ['vitest', 'run'], withoutDatabase);
if (DATABASE_URL) {
  step('integration tests (PostgreSQL)', npx, ['vitest', 'run', '--project', 'server'], process.env);
  if (spawnSync('pgbackrest', ['version'], { stdio: 'ignore' }).status === 0) {
    step('backup drill: pgBackRest point-in-time restore', npx, ['vitest', 'run', '-c', 'apps/server/vitest.backup.config.ts'], process.env);
  } else if (process.env.REQUIRE_E2E === '1') {
    console.error('✖ backup drill: pgbackrest is missing and REQUIRE_E2E=1');
    process.exit(1);
  } else {
    console.log('\n⚠ backup drill skipped: pgbackrest not found (apt-get install -y pgbackrest)');
  }
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chromium)) {
  step('build web app', 'npm', ['run', 'build', '-w', '@wallet/web']);
  // Issue 16 §3: /login's first download stays within 120 kB of gzip JavaScript (static, no browser).
  step('size budget: /login JavaScript', 'node', ['scripts/web-budget.mjs']);
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
