import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBER } from '../src/seed/reference-data.js';

// `npm start` and `npm run cluster` run the server from its bundle (scripts/build-apps.mjs): the
// same server, from apps/server/dist/ instead of src/. What a bundle can break is what is read
// from beside the code (migrations, database functions, the built apps, the QR reader's thread,
// PostgreSQL's WebAssembly) and the packages bundled with it, which must share one copy.
const repository = new URL('../../../', import.meta.url).pathname;
const BUNDLE = path.join(repository, 'apps/server/dist/main.mjs');

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

let node: ChildProcess;
let url: string;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-test-'));

beforeAll(async () => {
  const built = spawnSync(process.execPath, ['--input-type=module', '-e', "await (await import('./scripts/build-apps.mjs')).buildChangedServer()"], { cwd: repository, encoding: 'utf8' });
  expect(built.stderr).toBe('');
  const web = path.join(folder, 'web');
  const desk = path.join(folder, 'console');
  fs.mkdirSync(path.join(web, 'assets'), { recursive: true });
  fs.mkdirSync(desk, { recursive: true });
  fs.writeFileSync(path.join(web, 'index.html'), '<html lang="th"><body>member app</body></html>');
  fs.writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log("app")');
  fs.writeFileSync(path.join(desk, 'index.html'), '<html lang="en"><body>console</body></html>');
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  // The embedded database, as on a fresh machine, whatever this test run is pointed at.
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...environment } = process.env;
  node = spawn(process.execPath, [BUNDLE], {
    cwd: folder,
    env: { ...environment, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(folder, 'data'), UPLOAD_DIR: path.join(folder, 'uploads'), WEB_DIST: web, CONSOLE_DIST: desk, LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let waited = 0; !(await fetch(`${url}/readyz`).then((answer) => answer.ok, () => false)); waited += 100) {
    if (waited > 60_000 || node.exitCode !== null) throw new Error('the bundled server did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 90_000);

afterAll(async () => {
  if (node.exitCode === null) {
    const exited = new Promise((resolve) => node.once('exit', resolve));
    node.kill('SIGINT');
    await exited;
  }
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('the server run from its bundle', () => {
  it('serves the apps: files, the member app on its paths, the console, JSON for what is missing', async () => {
    expect(await (await fetch(`${url}/user/home`)).text()).toContain('member app');
    expect(await (await fetch(`${url}/assets/app.js`)).text()).toBe('console.log("app")');
    const missing = await fetch(`${url}/assets/missing.js`);
    expect([missing.status, await missing.json()]).toEqual([404, { message: 'NO_DATA' }]);
    expect(await (await fetch(`${url}/admin/`)).text()).toContain('<html lang="th"><body>console');
  });

  it('checks a request with the contract’s schemas, zod and its type provider bundled', async () => {
    const refused = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-client': 'wallet-user' }, body: JSON.stringify({ username: 12 }) });
    expect([refused.status, await refused.json()]).toEqual([400, { message: 'KEY_MISSING' }]);
  });

  it('reads a slip on its QR reader’s threads and credits it, on a database its migrations made', async () => {
    const login = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-client': 'wallet-user' }, body: JSON.stringify({ username: DEMO_MEMBER.phone, password: DEMO_MEMBER.password }) });
    const { token } = (await login.json()) as { token: string };
    const issued = await fetch(`${url}/sandbox/bank/transfers`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 25, toAccountNo: '4061234567', fromBankCode: 'KBANK', fromAccountNo: DEMO_MEMBER.bankAccountNo }) });
    const { slip } = (await issued.json()) as { slip: string };
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(slip.split(',')[1]!, 'base64')], { type: 'image/png' }), 'slip.png');
    const uploaded = await fetch(`${url}/api/wallet/slip`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-client': 'wallet-user' }, body: form });
    expect(await uploaded.json()).toMatchObject({ message: 'SUCCESS', slip: { status: 'SUCCESS', amount: 25 } });
  });
});
