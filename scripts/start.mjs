// `npm start`: builds the member app and the operator console if they have not been built, then runs the server in this
// process (tsx compiles the TypeScript on load), so signals reach its graceful shutdown.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { register } from 'tsx/esm/api';

const root = new URL('..', import.meta.url).pathname;
for (const [app, name] of [['web', 'member app'], ['console', 'operator console']]) {
  if (!fs.existsSync(`${root}apps/${app}/dist/index.html`)) {
    console.log(`Building the ${name} (first start only)…`);
    execSync(`npm run build -w @wallet/${app}`, { cwd: root, stdio: 'inherit' });
  }
}
register();
await import('../apps/server/src/main.ts');
