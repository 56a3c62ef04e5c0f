import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('HTTP behaviour', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    expect(await server.api('GET', '/api/no/such/thing')).toMatchObject({ status: 404, body: { message: 'NO_DATA' } });
  });

  it('answers health and readiness', async () => {
    expect((await server.api('GET', '/healthz')).body).toEqual({ status: 'ok' });
    expect((await server.api('GET', '/readyz')).body).toEqual({ status: 'ready' });
  });

  it('sends security headers and a request id', async () => {
    const { headers } = await server.api('GET', '/api/lookup/info');
    expect(headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers.get('cache-control')).toBe('no-store');
  });

  it('serves the built app: hashed files kept a year and sent as the build compressed them, the page asked for again', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    const script = `console.log(${JSON.stringify('x'.repeat(4_000))});`;
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(script));
    const web = await startTestServer({ env: { WEB_DIST: dist } });
    try {
      const asset = await fetch(`${web.url}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'br' } });
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(asset.headers.get('content-encoding')).toBe('br');
      expect(await asset.text()).toBe(script);
      const page = await fetch(`${web.url}/user/home`);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(await page.text()).toContain('<title>app</title>');
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  // Home's first reads leave with its page (ADR 0446), /register's files with its own (ADR 0457); the login screen's page stays index.html.
  it("sends /user/home's and /register's own pages of the build for them, and index.html for every other screen", async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(dist, 'user'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    fs.writeFileSync(path.join(dist, 'user', 'home.html'), '<!doctype html><title>home</title>');
    fs.writeFileSync(path.join(dist, 'register.html'), '<!doctype html><title>register</title>');
    const web = await startTestServer({ env: { WEB_DIST: dist } });
    try {
      const home = await fetch(`${web.url}/user/home?from=push`);
      expect(home.headers.get('cache-control')).toBe('no-cache');
      expect(await home.text()).toContain('<title>home</title>');
      const register = await fetch(`${web.url}/register?ref=ABC123`);
      expect(register.headers.get('cache-control')).toBe('no-cache');
      expect(await register.text()).toContain('<title>register</title>');
      for (const page of ['/login', '/user/profile', '/user', '/registered', '/user/register']) expect(await (await fetch(`${web.url}${page}`)).text(), page).toContain('<title>app</title>');
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  // A script of the deploy before was answered with the page, which the browser cannot run.
  it('answers a built file that is not there with a 404, not with the page', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    const web = await startTestServer({ env: { WEB_DIST: dist } });
    try {
      for (const file of ['/assets/index-old123.js', '/assets/style-old.css', '/admin/assets/index-old.js', '/old-icon.png']) {
        const answer = await fetch(`${web.url}${file}`);
        expect(answer.status, file).toBe(404);
        expect(await answer.text(), file).not.toContain('<title>app</title>');
      }
      expect(await (await fetch(`${web.url}/register?code=PR1.2`)).text()).toContain('<title>app</title>');
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  // One console build serves both sites; it starts in the site's language.
  it('writes the site’s language into the console’s page', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'console-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="th"><title>console</title></html>');
    const laos = await startTestServer({ env: { CONSOLE_DIST: dist, SITE: 'la' } });
    const thai = await startTestServer({ env: { CONSOLE_DIST: dist } });
    try {
      for (const page of ['/admin', '/admin/', '/admin/members']) expect(await (await fetch(`${laos.url}${page}`)).text(), page).toContain('<html lang="lo">');
      expect(await (await fetch(`${thai.url}/admin/`)).text()).toContain('<html lang="th">');
    } finally {
      await Promise.all([laos.close(), thai.close()]);
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('refuses a body over 64 kB without a stack trace', async () => {
    const result = await server.api('POST', '/api/login', { raw: JSON.stringify({ username: 'x'.repeat(70_000), password: 'y' }) });
    expect(result.status).toBe(413);
    expect(result.body).toEqual({ message: 'KEY_INVALID' });
  });

  it('answers 500 INTERNAL_SERVER_ERROR without internals when something breaks', async () => {
    const broken = await startTestServer();
    try {
      await broken.db.schema.dropTable('sources').cascade().execute();
      const result = await broken.api('GET', '/api/lookup/sources');
      expect(result).toMatchObject({ status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } });
      expect(JSON.stringify(result.body)).not.toMatch(/sources|relation|stack/);
    } finally {
      await broken.close();
    }
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const { body } = await server.api('GET', '/api/docs/json');
    expect(body.openapi).toMatch(/^3\./);
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/account', '/api/otp/send', '/api/lookup/banks']));
    expect(body.paths['/api/account'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('bankAccountNo');
  });
});
