import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import pg from 'pg';

const SERVER_ENTRY = new URL('../src/main.ts', import.meta.url).pathname;

/** The real server in a process of its own, so a test can kill it as a crash would. */
export interface ServerProcess {
  url: string;
  process: ChildProcess;
}

/**
 * How long a process may take to be ready: on the embedded database a new data folder runs every
 * migration first, which took over 30 s beside the screens' tests on two busy cores.
 */
const READY_WITHIN_MS = 90_000;

/** `env` on top of the test's own; a name set to undefined is left out (DATABASE_URL: undefined runs on PGlite). */
export async function startServer(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const port = 20_000 + crypto.randomInt(20_000);
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    // No draining on SIGTERM: no balancer is watching, and a test waits for the process to end. No
    // shedding on the event loop's lag: an embedded PGlite holds the loop on every query.
    env: { ...process.env, DRAIN_SECONDS: '0', SHED_EVENT_LOOP_DELAY_MS: '0', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + READY_WITHIN_MS; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/readyz`).then((response) => response.ok, () => false);
    if (ready) return { url, process: child };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error('server did not become ready');
}

export function stop(child: ServerProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.process.exitCode !== null) return resolve();
    child.process.once('exit', () => resolve());
    child.process.kill(signal);
  });
}

export async function call(base: string, method: string, route: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON answers
}

/** A new member signed up through a server process's own routes (sandbox SMS), with its token. */
export async function signUpThrough(base: string, name: string): Promise<{ phone: string; auth: { authorization: string } }> {
  const phone = `09${crypto.randomInt(10 ** 7, 10 ** 8)}`;
  const sent = await call(base, 'POST', '/api/otp/send', { phoneNumber: phone });
  const inbox = await call(base, 'GET', `/sandbox/sms/messages?phone=${phone}`);
  const otpCode = (inbox.body.messages as Array<{ otpCode: string }>)[0]!.otpCode;
  await call(base, 'POST', '/api/otp/verify', { otpToken: sent.body.otpToken, otpCode });
  await call(base, 'POST', '/api/account', {
    name, username: phone, password: 'member-pass-1', bankCode: 'SCB',
    bankAccountName: name.toUpperCase(), bankAccountNo: String(crypto.randomInt(10 ** 9, 10 ** 10)),
  });
  const token = (await call(base, 'POST', '/api/login', { username: phone, password: 'member-pass-1' })).body.token as string;
  return { phone, auth: { authorization: `Bearer ${token}` } };
}

/**
 * A schema of its own on a PostgreSQL server, for a server process: `url` names it as the search
 * path (what the process is given as DATABASE_URL); `drop` removes it and everything in it.
 */
export async function schemaOfItsOwn(databaseUrl: string, prefix: string): Promise<{ schema: string; url: string; drop(): Promise<void> }> {
  const schema = `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`CREATE SCHEMA ${schema}`);
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { schema, url: url.toString(), drop: () => run(`DROP SCHEMA IF EXISTS ${schema} CASCADE`) };
}
