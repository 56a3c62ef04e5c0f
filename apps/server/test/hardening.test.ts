import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, fundWallet, publishedContract, registerMember, registration, startTestServer, uniquePhone } from './harness.js';

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
  'POST /api/login/forgot-password',
  'POST /api/login/reset-password',
  'GET /api/chat/config',
  'POST /api/chat/guest',
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

  it('documents the token each route needs, and none on the public ones', async () => {
    const all = await operations();
    const schemeOf = (operation: Operation) => (operation.security as Array<Record<string, unknown>> | undefined)?.flatMap((entry) => Object.keys(entry)) ?? [];
    expect(all.filter(isPublic).filter((operation) => schemeOf(operation).length > 0)).toEqual([]);
    const wrong = all
      .filter((operation) => !isPublic(operation))
      // Support chat is for members and for guests holding an id the server issued.
      .filter((operation) => schemeOf(operation).join() !== (operation.path.startsWith('/api/admin/') ? 'operator' : operation.path.startsWith('/api/chat/') ? 'member,guest' : 'member'));
    expect(wrong).toEqual([]);
  });

  it('answers 401 before reading a malformed body or parameter (the findings of a hostile probe)', async () => {
    expect(await server.api('DELETE', '/api/qrcode/1')).toMatchObject({ status: 401, body: { message: 'UNAUTHORIZED' } });
    expect(await server.api('GET', '/api/statement/slip/reference/REF1')).toMatchObject({ status: 401, body: { message: 'UNAUTHORIZED' } });
    expect(await server.api('POST', '/api/wallet/transfer', { raw: '{"from":' })).toMatchObject({ status: 401 });
    expect(await server.api('POST', '/api/admin/withdrawals/1/fail', { body: { reason: 7 }, token: 'not-a-token' })).toMatchObject({
      status: 401,
      body: { message: 'invalid-token' },
    });
  });
});

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minimum?: number;
  anyOf?: JsonSchema[];
}
interface DocumentedOperation {
  parameters?: Array<{ in: string; name: string; schema: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/** A value the schema accepts, so that the field under attack is the only thing wrong. */
function sample(schema: JsonSchema, name: string): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sample(schema.anyOf[0]!, name);
  switch (schema.type) {
    case 'object':
      // Required fields only: an optional one holding a sample could stop the call before the field under attack.
      return Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([key]) => schema.required?.includes(key)).map(([key, value]) => [key, sample(value, key)]));
    case 'number':
    case 'integer':
      return /amount/i.test(name) ? 100 : Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    default: {
      if (schema.format === 'uuid') return '3b241101-e2bb-4255-8caf-4136c566a962';
      // A phone nobody has yet, so that registration gets past EXISTING_USER to the other fields.
      if (/^(username|phoneNumber)$/.test(name)) return uniquePhone();
      const candidates = ['0812345678', 'Test Member', 'SCB', 'ABCDEFGH12', '12:00', 'some text'];
      const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : null;
      return candidates.find((candidate) => !pattern || pattern.test(candidate)) ?? 'x';
    }
  }
}

/** encodeURIComponent, except that a lone surrogate goes out as the bytes a careless client would send. */
const encode = (value: string) => value.split('\ud800').map(encodeURIComponent).join('%ED%A0%80');

/** Every way to put `poison` into one string of a request, one string at a time. */
function poisoned(operation: DocumentedOperation, path: string, poison: string): Array<{ label: string; path: string; body?: unknown }> {
  const parameters = operation.parameters ?? [];
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const pathWith = (name?: string) => {
    let filled = path;
    const query: string[] = [];
    for (const parameter of parameters) {
      const value = String(sample(parameter.schema, parameter.name)) + (parameter.name === name ? poison : '');
      if (parameter.in === 'path') filled = filled.replace(`{${parameter.name}}`, encode(value));
      else if (parameter.in === 'query') query.push(`${parameter.name}=${encode(value)}`);
    }
    return query.length ? `${filled}?${query.join('&')}` : filled;
  };
  const body = bodySchema ? (sample(bodySchema, 'body') as Record<string, unknown>) : undefined;
  const cases: Array<{ label: string; path: string; body?: unknown }> = [];
  for (const parameter of parameters) {
    if (parameter.schema.type === 'string' || !parameter.schema.type) cases.push({ label: `${parameter.in} ${parameter.name}`, path: pathWith(parameter.name), ...(body ? { body } : {}) });
  }
  for (const [field, schema] of Object.entries(bodySchema?.properties ?? {})) {
    if (schema.type === 'string' || schema.anyOf || schema.enum) cases.push({ label: `body ${field}`, path: pathWith(), body: { ...body, [field]: `${String(sample(schema, field))}${poison}` } });
  }
  return cases;
}

describe('hostile text', () => {
  it('never answers 5xx to a NUL byte or a lone surrogate in any string of any route', async () => {
    const member = await registerMember(server);
    await server.app.adminService.ensureFirstOperator({ username: 'fuzz-boss', password: 'fuzz-pass-1' });
    const operatorToken = (await server.api('POST', '/api/admin/login', { body: { username: 'fuzz-boss', password: 'fuzz-pass-1' } })).body.token as string;
    const { body: document } = await server.api('GET', '/api/docs/json');
    const failures: string[] = [];
    let tried = 0;
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, DocumentedOperation>>)) {
      for (const [method, operation] of Object.entries(item)) {
        const token = path.startsWith('/api/admin/') ? operatorToken : member.token;
        for (const poison of ['\u0000', '\ud800']) {
          for (const attempt of poisoned(operation, path, poison)) {
            tried += 1;
            const result = await server.api(method.toUpperCase(), attempt.path, { token, ...(attempt.body !== undefined ? { body: attempt.body } : {}) });
            if (result.status >= 500) failures.push(`${method.toUpperCase()} ${path} ${attempt.label} ${JSON.stringify(poison)}: ${result.status}`);
          }
        }
      }
    }
    expect(tried).toBeGreaterThan(80);
    expect(failures).toEqual([]);
  });

  it('refuses a NUL byte with KEY_INVALID where the findings saw a 500', async () => {
    const nul = 'a\u0000b';
    expect(await server.api('POST', '/api/login', { body: { username: '0812345678', password: nul } })).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    expect(await server.api('POST', '/api/login', { body: { username: `081234567${nul}`, password: 'x' } })).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    expect(await server.api('POST', '/api/admin/login', { body: { username: nul, password: 'x' } })).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    expect(await server.api('POST', '/api/account/validate', { body: registration({ sourceCode: nul }) })).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    expect(await server.api('POST', '/api/login', { body: { username: '0812345678', password: 'demo\ud8001234' } })).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
  });

  it('refuses input nested deeper than any route takes, without walking it to the end', async () => {
    const deep = '['.repeat(5_000) + ']'.repeat(5_000);
    expect(await server.api('POST', '/api/login', { raw: `{"username":"0812345678","password":"x","extra":${deep}}` })).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
  });

  it("refuses a NUL byte in an operator's fail reason, and the withdrawal stays as it was", async () => {
    const member = await registerMember(server);
    await fundWallet(server, member.id, 500);
    const withdrawal = (await server.api('POST', '/api/wallet/withdraw', { token: member.token, body: { amount: 200 } })).body.withdrawal;
    await server.app.adminService.ensureFirstOperator({ username: 'fuzz-boss', password: 'fuzz-pass-1' });
    const operatorToken = (await server.api('POST', '/api/admin/login', { body: { username: 'fuzz-boss', password: 'fuzz-pass-1' } })).body.token as string;
    expect(await server.api('POST', `/api/admin/withdrawals/${withdrawal._id}/fail`, { token: operatorToken, body: { reason: 'bad\u0000account' } })).toMatchObject({
      status: 400,
      body: { message: 'KEY_INVALID' },
    });
    const pending = await server.api('GET', '/api/admin/withdrawals', { token: operatorToken });
    expect(pending.body.withdrawals.find((item: { _id: string }) => item._id === withdrawal._id)).toMatchObject({ status: 'in_progress' });
  });

  it('refuses a truncated or malformed multipart slip upload with SLIP_INVALID_FILE', async () => {
    const member = await registerMember(server);
    const boundary = '----hardening';
    const upload = (body: string, contentType = `multipart/form-data; boundary=${boundary}`) =>
      server.api('POST', '/api/wallet/slip', { token: member.token, headers: { 'content-type': contentType }, raw: body });
    const truncated = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slip.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n`;
    expect(await upload(truncated)).toMatchObject({ status: 400, body: { message: 'SLIP_INVALID_FILE' } });
    expect(await upload(`--${boundary}\r\nContent-Disp`)).toMatchObject({ status: 400, body: { message: 'SLIP_INVALID_FILE' } });
    expect(await upload('garbage', 'multipart/form-data')).toMatchObject({ status: 400 });
  });
});

describe('display names others will see', () => {
  it('are stored NFKC-normalised, and a look-alike is refused at registration and profile update', async () => {
    const member = await registerMember(server);
    const update = (name: string) => server.api('PUT', '/api/account/profile', { token: member.token, body: { name } });
    expect(await update('Ο Admin')).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    expect(await update('\u0e31\u0e34\u0e37')).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    expect(await server.api('POST', '/api/account/validate', { body: registration({ name: 'Аdmin Support' }) })).toMatchObject({ status: 400, body: { message: 'KEY_INVALID' } });
    expect((await update('Ｊｏｈｎ Ｓｍｉｔｈ')).status).toBe(200);
    expect((await server.api('GET', '/api/account/profile', { token: member.token })).body.profile.name).toBe('John Smith');
    for (const name of ['สมชาย ใจดี', 'ສົມພອນ']) {
      expect((await update(name)).status).toBe(200);
      expect((await server.api('GET', '/api/account/profile', { token: member.token })).body.profile.name).toBe(name);
    }
  });
});

describe('the published OpenAPI document', () => {
  it('names its schemes (two bearers and the chat guest id), documents every failure with the shared error body, and admits null where an answer can hold it', async () => {
    const { body: document } = await server.api('GET', '/api/docs/json');
    expect(document.components.securitySchemes).toEqual({
      member: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      operator: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      guest: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-guest-id' }),
    });
    expect(document.components.schemas.Error.properties.message.enum).toEqual(expect.arrayContaining(['KEY_INVALID', 'UNAUTHORIZED', 'gone']));
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: { $ref?: string } }> }> }>>)) {
      for (const [method, operation] of Object.entries(item)) {
        const failures = Object.keys(operation.responses).filter((status) => Number(status) >= 400);
        expect(failures, `${method} ${path}`).toEqual(expect.arrayContaining(['429', '500']));
        for (const status of failures) expect(operation.responses[status]!.content['application/json']!.schema.$ref, `${method} ${path} ${status}`).toBe('#/components/schemas/Error');
      }
    }
    const slips = document.paths['/api/statement/slip'].post.responses['200'].content['application/json'].schema;
    expect(slips.properties.slips.items.properties.note).toMatchObject({ nullable: true, enum: expect.arrayContaining([null, 'EXPIRED_SLIP']) });
    expect(document.paths['/api/autoLogin/pg/{username}'].get.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(['username']);
    expect(document.paths['/api/wallet/transfer'].post.parameters).toEqual([expect.objectContaining({ in: 'header', name: 'idempotency-key' })]);
  });

  it('is what the harness holds every answer of the suite to: an undocumented status or shape fails the call', () => {
    const check = publishedContract(server.app);
    expect(() => check('GET', '/api/lookup/active', 200, { active: true }, 'application/json')).not.toThrow();
    expect(() => check('GET', '/api/lookup/active', 200, { active: 'yes' }, 'application/json')).toThrow(/does not match/);
    expect(() => check('GET', '/api/lookup/active', 200, { active: true, extra: 1 }, 'application/json')).toThrow(/does not match/);
    expect(() => check('GET', '/api/lookup/banks', 404, { message: 'NO_DATA' }, 'application/json')).toThrow(/undocumented answer/);
    expect(() => check('POST', '/api/wallet/transfer', 409, { message: 'NOT_A_CODE' }, 'application/json')).toThrow(/does not match/);
    expect(() => check('GET', '/api/statement/slip/reference/abcdefgh', 200, { url: '/x' }, 'application/json')).not.toThrow();
  });
});
