import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import pg from 'pg';
import { inject } from 'vitest';
import { toMinor } from '@wallet/contract';
import type { SmsSender } from '../src/adapters/sms.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type DatabaseHandle, type Db, openDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { closeGracefully } from '../src/http/shutdown.js';
import type { App } from '../src/http/types.js';
import { type PasswordHasher, createPasswordHasher } from '../src/modules/auth/password.js';
import { seedDemoPromotions } from '../src/seed/demo-promotions.js';
import { seedDemoChat } from '../src/seed/demo-chat.js';
import { seedDemoSpin } from '../src/seed/demo-spin.js';
import { seedDemoData, seedReferenceData } from '../src/seed/seed.js';

/** The audit chain's key in tests (config AUDIT_KEY). */
export const TEST_AUDIT_KEY = 'test-audit-key-0123456789abcdef0123456789';

export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export interface ApiResult<T = any> { // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers
  status: number;
  body: T;
  headers: Headers;
}

export interface TestServer {
  app: App;
  url: string;
  db: Db;
  kind: DatabaseHandle['kind'];
  clock: TestClock;
  api(method: string, path: string, options?: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: string }): Promise<ApiResult>;
  /** The database connection, for a second node over the same database. */
  handle: DatabaseHandle;
  close(): Promise<void>;
}

/** A fresh database: its own schema on PostgreSQL, or a copy of the migrated template on PGlite. */
/** A database of its own, migrated; `sandboxes: false` makes it as production does, without the sandboxes' tables. */
export async function freshDatabase({ sandboxes = true }: { sandboxes?: boolean } = {}): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const handle = await openDatabase({ databaseUrl, schema });
    await migrate(handle, { sandboxes });
    return {
      handle,
      async drop() {
        const cleanup = new pg.Client({ connectionString: databaseUrl });
        await cleanup.connect();
        await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
        await cleanup.end();
      },
    };
  }
  // The template is migrated with the sandboxes; a database without them is migrated from nothing.
  const handle = sandboxes ? await openDatabase({ loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]) }) : await openDatabase({});
  await migrate(handle, { sandboxes });
  return { handle, drop: async () => {} };
}

export async function startTestServer(
  options: { env?: Record<string, string>; sms?: SmsSender; hasher?: PasswordHasher; sameDatabaseAs?: TestServer } = {},
): Promise<TestServer> {
  // A second node over the first one's database: it neither seeds it nor drops it.
  const shared = options.sameDatabaseAs?.handle;
  const { handle, drop } = shared ? { handle: shared, drop: async () => {} } : await freshDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    FAST_HASH: '1',
    PORT: '0',
    // The sandbox provider hangs 2 s on a simulated timeout; the adapter gives up well before.
    PROVIDER_TIMEOUT_MS: '700',
    RECONCILE_INTERVAL_MS: '0',
    BANK_FEED_INTERVAL_MS: '0',
    NOTICES_INTERVAL_MS: '0',
    RECONCILE_AFTER_MS: '0',
    NOT_FOUND_GRACE_MS: '0',
    UPLOAD_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-uploads-')),
    // Every test registers its members from 127.0.0.1; the per-address SMS limit has its own test.
    OTP_SENDS_PER_ADDRESS_PER_HOUR: '100000',
    // One key for every server of a run (a second node over the same database must share it), so no test writes DATA_DIR/audit.key.
    AUDIT_KEY: TEST_AUDIT_KEY,
    AUDIT_CHECKPOINT_INTERVAL_MS: '0',
    // PGlite runs in this process and holds its event loop on every query: no load shedding, but where a test asks for it.
    SHED_EVENT_LOOP_DELAY_MS: '0',
    ...options.env,
  });
  const hasher = options.hasher ?? createPasswordHasher({ fast: true });
  if (!shared) {
    await seedReferenceData(handle.db);
    await seedDemoData(handle.db, hasher, options.env?.SITE === 'la' ? 'la' : 'th');
    await seedDemoPromotions(handle.db, null);
    await seedDemoSpin(handle.db, options.env?.SITE === 'la' ? 'la' : 'th');
    await seedDemoChat(handle.db);
  }

  let offset = 0;
  const clock: TestClock = { now: () => new Date(Date.now() + offset), advance: (ms) => (offset += ms) };
  const app = await buildApp({ config, database: handle, now: clock.now, hasher, ...(options.sms ? { sms: options.sms } : {}) });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const checkAnswer = publishedContract(app);

  return {
    app,
    url,
    db: handle.db,
    kind: handle.kind,
    clock,
    async api(method, path, { body, token, headers, raw } = {}) {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: {
          'x-client': 'wallet-user',
          ...(body !== undefined || raw !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        ...(raw !== undefined ? { body: raw } : body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: leave the text
      }
      checkAnswer(method, path, response.status, parsed, response.headers.get('content-type'));
      return { status: response.status, body: parsed, headers: response.headers };
    },
    handle,
    async close() {
      await closeGracefully(app, 5_000);
      if (shared) return;
      await handle.close();
      await drop();
    },
  };
}

interface DocumentedOperation {
  pattern: RegExp;
  method: string;
  path: string;
  answers: Map<string, ValidateFunction | null>;
}

/**
 * The published OpenAPI document as a checker: every answer the suite receives from a documented
 * route must have a documented status and validate against that status's schema. A mismatch
 * throws, failing the test that made the call: the document is what clients are built from.
 */
export function publishedContract(app: App): (method: string, url: string, status: number, body: unknown, contentType: string | null) => void {
  let operations: DocumentedOperation[] | undefined;
  const load = () => {
    // OpenAPI 3.0 `nullable` is understood by Ajv; formats are left to the patterns zod emits beside them.
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
    const document = app.swagger() as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>>;
      components: { schemas: Record<string, object> };
    };
    // The document's own references (#/components/schemas/…), put in place.
    const resolve = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(resolve);
      if (node === null || typeof node !== 'object') return node;
      const ref = (node as { $ref?: string }).$ref;
      if (ref?.startsWith('#/components/schemas/')) return resolve(document.components.schemas[ref.slice('#/components/schemas/'.length)]);
      return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolve(value)]));
    };
    return Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
        method: method.toUpperCase(),
        path,
        answers: new Map(
          Object.entries(operation.responses).map(([status, answer]) => {
            const schema = answer.content?.['application/json']?.schema;
            return [status, schema ? ajv.compile(resolve(schema) as object) : null];
          }),
        ),
      })),
    );
  };
  return (method, url, status, body, contentType) => {
    operations ??= load();
    const path = url.split('?')[0]!;
    const operation = operations.find((candidate) => candidate.method === method && candidate.pattern.test(path));
    if (!operation) return;
    if (!operation.answers.has(String(status))) throw new Error(`undocumented answer: ${method} ${operation.path} ${status} ${JSON.stringify(body)}`);
    const validate = operation.answers.get(String(status));
    if (!validate) return;
    if (!contentType?.includes('application/json')) throw new Error(`${method} ${operation.path} ${status} answered ${contentType}, documented as JSON`);
    if (!validate(body)) throw new Error(`${method} ${operation.path} ${status} does not match the OpenAPI document: ${JSON.stringify(validate.errors)} in ${JSON.stringify(body).slice(0, 500)}`);
  };
}

let phoneCounter = 0;
/** A 10-digit Thai mobile number no other test of this run uses. */
export function uniquePhone(): string {
  phoneCounter += 1;
  return `09${String(process.pid % 10000).padStart(4, '0')}${String(phoneCounter).padStart(4, '0')}`;
}

export function uniqueAccountNo(): string {
  return String(crypto.randomInt(10 ** 9, 10 ** 10));
}

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Test Member',
    username: uniquePhone(),
    password: 'secret-pass-1',
    sourceCode: 'FACEBOOK',
    inviteCode: '',
    bankCode: 'SCB',
    bankAccountName: 'TEST MEMBER',
    bankAccountNo: uniqueAccountNo(),
    ...overrides,
  };
}

/** Reads the newest OTP the sandbox SMS inbox holds for a phone. */
export async function latestOtp(server: TestServer, phone: string): Promise<string> {
  const inbox = await server.api('GET', `/sandbox/sms/messages?phone=${phone}`);
  return inbox.body.messages[0]?.otpCode;
}

/** Registers through the real OTP flow and logs in; answers the member's token and payload. */
export async function registerMember(server: TestServer, overrides: Record<string, unknown> = {}) {
  const payload = registration(overrides);
  const sent = await server.api('POST', '/api/otp/send', { body: { phoneNumber: payload.username } });
  if (sent.status !== 200) throw new Error(`otp send: ${sent.status} ${JSON.stringify(sent.body)}`);
  const code = await latestOtp(server, payload.username);
  const verified = await server.api('POST', '/api/otp/verify', { body: { otpToken: sent.body.otpToken, otpCode: code } });
  if (verified.status !== 200) throw new Error(`otp verify: ${verified.status}`);
  const created = await server.api('POST', '/api/account', { body: payload });
  if (created.status !== 200) throw new Error(`register: ${created.status} ${JSON.stringify(created.body)}`);
  const login = await server.api('POST', '/api/login', { body: { username: payload.username, password: payload.password } });
  return { payload, id: created.body._id as string, token: login.body.token as string };
}

export async function countRows(db: Db, table: 'members' | 'otp_requests' | 'sessions'): Promise<number> {
  const rows = await db.selectFrom(table).select(db.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  return Number(rows.count);
}

/** A member row straight into the database, for tests below the HTTP layer. */
export async function insertTestMember(db: Db): Promise<bigint> {
  const row = await db
    .insertInto('members')
    .values({
      phone: uniquePhone(),
      name: 'Ledger Member',
      password_hash: 'x',
      bank_code: 'SCB',
      bank_account_no: uniqueAccountNo(),
      bank_account_name: 'LEDGER MEMBER',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Puts baht into a member's wallet through the ledger (an operator adjustment), never by SQL. */
export async function fundWallet(server: TestServer, memberId: string | bigint, baht: number): Promise<void> {
  const { accounts } = await import('../src/modules/ledger/accounts.js');
  await server.app.ledger.post({
    key: `test-funding:${memberId}:${crypto.randomUUID()}`,
    from: accounts.adjustments(),
    to: accounts.wallet(BigInt(memberId)),
    amount: toMinor(baht)!,
    kind: 'adjustment',
    reference: 'test funding',
  });
}

/**
 * Play that earns spin coins (1 per 100 baht games keep): the wallet is funded with `baht`, all of it
 * moved to the sandbox provider's PG game and lost in one round, and the result booked by a refresh.
 * The member ends with nothing in wallet or game.
 */
export async function playAndLose(server: TestServer, member: { id: string; token: string }, baht: number): Promise<void> {
  await fundWallet(server, member.id, baht);
  await server.api('GET', '/api/wallet/activate/PG', { token: member.token });
  const moved = await server.api('POST', '/api/wallet/transfer', { token: member.token, body: { from: 'WALLET', to: 'PG', amount: baht } });
  if (moved.status !== 200) throw new Error(`transfer to PG answered ${moved.status} ${JSON.stringify(moved.body)}`);
  const wallet = (await server.api('GET', '/api/wallet', { token: member.token })).body;
  const username = wallet.slots.find((slot: { code: string }) => slot.code === 'PG').username;
  await server.api('POST', '/sandbox/provider/rounds', { body: { slotCode: 'PG', username, bet: baht, win: 0 } });
  await server.api('GET', '/api/wallet/refresh/slot', { token: member.token });
}

const approvers = { marketing: new WeakMap<TestServer, Promise<string>>(), admin: new WeakMap<TestServer, Promise<string>>() };
/**
 * A second operator of this server (role marketing, or admin: looser player protection is approved
 * by an admin), made once with the first operator's token.
 */
export function secondOperator(server: TestServer, firstOperatorToken: string, role: 'marketing' | 'admin' = 'marketing'): Promise<string> {
  let token = approvers[role].get(server);
  if (!token) {
    token = (async () => {
      const credentials = role === 'marketing' ? { username: 'second-eyes', password: 'second-eyes-pass-1' } : { username: 'second-admin', password: 'second-admin-pass-1' };
      const created = await server.api('POST', '/api/admin/operators', { token: firstOperatorToken, body: { ...credentials, roles: [role] } });
      if (created.status !== 200) throw new Error(`second operator: ${created.status} ${JSON.stringify(created.body)}`);
      return (await server.api('POST', '/api/admin/login', { body: credentials })).body.token as string;
    })();
    approvers[role].set(server, token);
  }
  return token;
}

/**
 * Money-making configuration above the approval thresholds answers 202 with a change that waits:
 * a second operator approves it here. Answers the call's own answer when it applied at once, else
 * the approval's (the approved change).
 */
export async function approvedBySecondOperator(server: TestServer, firstOperatorToken: string, answer: ApiResult, role: 'marketing' | 'admin' = 'marketing'): Promise<ApiResult> {
  if (answer.status !== 202) return answer;
  const approved = await server.api('POST', `/api/admin/config-changes/${answer.body._id}/approve`, { token: await secondOperator(server, firstOperatorToken, role) });
  if (approved.status !== 200) throw new Error(`approval: ${approved.status} ${JSON.stringify(approved.body)}`);
  return approved;
}

/** Where a member signs in from: an address and a browser (the linked-members rules read them). */
/**
 * A bonus of a fixed amount, no deposit asked, up to `maxReceived` a day, approved by a second
 * operator; with a withdrawal condition or without. Answers its code.
 */
export async function createFixedBonus(
  server: TestServer,
  operatorToken: string,
  terms: { prefix: string; amount: number; maxReceived?: number; hasCondition?: boolean },
): Promise<string> {
  const code = `${terms.prefix}${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  const body = {
    code,
    type: 'day',
    maxReceived: terms.maxReceived ?? 5,
    name: { th: 'โบนัส', lo: 'ໂບນັດ', en: 'Bonus' },
    description: { th: '<p>โบนัส</p>', lo: '<p>ໂບນັດ</p>', en: '<p>Bonus</p>' },
    rewardMode: 'fixed',
    rewardPercent: null,
    rewardAmount: terms.amount,
    rewardCap: null,
    minimumDeposit: 0,
    hasCondition: terms.hasCondition ?? false,
    successPercent: 300,
    failPercent: 10,
    clearMode: 'remaining',
    startsAt: null,
    endsAt: null,
  };
  const created = await approvedBySecondOperator(server, operatorToken, await server.api('POST', '/api/admin/bonuses', { token: operatorToken, body }));
  if (created.status !== 200) throw new Error(`bonus ${code}: ${created.status} ${JSON.stringify(created.body)}`);
  return code;
}

export type Place = { ip: string; userAgent: string };
/** A member registered and signed in from a place of their own. */
export type PlacedMember = { id: string; token: string; place: Place; payload: ReturnType<typeof registration> };

/** An address and a browser no other member of this run uses. */
export const uniquePlace = (): Place => ({ ip: `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`, userAgent: `browser-${crypto.randomUUID()}` });
/** A holder name no other member of this run has (letters only, as banks write them). */
export const uniqueName = (label: string) => `${label} ${crypto.randomBytes(6).toString('hex').replace(/\d/g, (digit) => 'GHIJKLMNOP'[Number(digit)]!)}`.toUpperCase();

/**
 * Registers through the OTP flow and signs in, from a place of its own unless one is given, with a
 * holder name of its own unless one is given (the server must trust `x-forwarded-for`: TRUST_PROXY).
 */
export async function registerMemberFrom(server: TestServer, place = uniquePlace(), overrides: Record<string, unknown> = {}): Promise<PlacedMember> {
  const headers = { 'x-forwarded-for': place.ip, 'user-agent': place.userAgent };
  const payload = registration({ bankAccountName: uniqueName('HOLDER'), ...overrides });
  const sent = await server.api('POST', '/api/otp/send', { body: { phoneNumber: payload.username }, headers });
  const code = await latestOtp(server, payload.username);
  await server.api('POST', '/api/otp/verify', { body: { otpToken: sent.body.otpToken, otpCode: code }, headers });
  const created = await server.api('POST', '/api/account', { body: payload, headers });
  if (created.status !== 200) throw new Error(`register: ${created.status} ${JSON.stringify(created.body)}`);
  const signedIn = await server.api('POST', '/api/login', { body: { username: payload.username, password: payload.password }, headers });
  return { payload, place, id: created.body._id, token: signedIn.body.token };
}
