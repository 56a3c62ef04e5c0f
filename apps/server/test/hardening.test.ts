import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Operation {
  method: string;
  path: string;
  security?: unknown[];
}

/** Every operation the published document lists. */
async function operations(): Promise<Operation[]> {
  const { body } = await server.api('GET', '/api/docs/json');
  const found: Operation[] = [];
  for (const [path, item] of Object.entries(body.paths as Record<string, Record<string, { security?: unknown[] }>>)) {
    for (const [method, operation] of Object.entries(item)) found.push({ method: method.toUpperCase(), path, ...(operation.security ? { security: operation.security } : {}) });
  }
  return found;
}

/** The routes anyone may call; everything else under /api needs a token. */
const PUBLIC = new Set([
  'POST /api/login',
  'POST /api/admin/login',
  'POST /api/account',
  'POST /api/account/validate',
  'POST /api/otp/send',
  'POST /api/otp/verify',
]);
const isPublic = (operation: Operation) => PUBLIC.has(`${operation.method} ${operation.path}`) || operation.path.startsWith('/api/lookup/');

describe('authentication comes first', () => {
  it('answers 401 on every protected route called without a token, whatever its parameters', async () => {
    const protectedOperations = (await operations()).filter((operation) => !isPublic(operation));
    expect(protectedOperations.length).toBeGreaterThan(40);
    const answers: string[] = [];
    for (const operation of protectedOperations) {
      const path = operation.path.replace(/\{[^}]+\}/g, 'junk');
      const result = await server.api(operation.method, path);
      answers.push(`${operation.method} ${operation.path} ${result.status} ${result.body?.message}`);
    }
    expect(answers.filter((answer) => !answer.endsWith(' 401 UNAUTHORIZED'))).toEqual([]);
  });

  it('answers 401 before reading a malformed body or parameter (the findings of issue 8)', async () => {
    expect(await server.api('DELETE', '/api/qrcode/1')).toMatchObject({ status: 401, body: { message: 'UNAUTHORIZED' } });
    expect(await server.api('GET', '/api/statement/slip/reference/REF1')).toMatchObject({ status: 401, body: { message: 'UNAUTHORIZED' } });
    expect(await server.api('POST', '/api/wallet/transfer', { raw: '{"from":' })).toMatchObject({ status: 401 });
    expect(await server.api('POST', '/api/admin/withdrawals/1/fail', { body: { reason: 7 }, token: 'not-a-token' })).toMatchObject({
      status: 401,
      body: { message: 'invalid-token' },
    });
  });
});
