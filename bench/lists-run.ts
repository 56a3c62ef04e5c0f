// `npm run bench:lists`: the member list calls (and operator tables) on a small and a
// large database side by side. Seeds both with bench/large-seed.ts (same rows per member; only the
// tables around them grow), starts the server on each, measures each call with bench/lists.ts, and
// prints "call | small p50/p99 | large p50/p99 | ratio". Needs PostgreSQL (BENCH_DATABASE_URL,
// else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test).
//
//   BENCH_SMALL_MEMBERS (1,000), BENCH_LARGE_MEMBERS (100,000): members; transfers, movements,
//     slips, chat, invites and spins scale with them (10 M transfers at 100,000 members);
//   BENCH_LARGE_TRANSFERS: the large ledger's size alone (default 100 per member);
//   BENCH_LIST_SECONDS (10), BENCH_LIST_CONNECTIONS (4): per call; BENCH_LIST_ONLY=statement,slip: some calls;
//   BENCH_SMALL_SCHEMA / BENCH_LARGE_SCHEMA: measure an already seeded schema (kept afterwards);
//   BENCH_KEEP=1: keep the schemas this run seeds.
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import pg from 'pg';
import { createTokenSigner } from '../apps/server/src/modules/auth/tokens.js';
import { LARGE, scaled, seedLists } from './large-seed.js';
import { type ListFigures, benchLists } from './lists.js';
import { whenReady } from './ready.js';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const smallMembers = Number(process.env.BENCH_SMALL_MEMBERS ?? 1_000);
const largeMembers = Number(process.env.BENCH_LARGE_MEMBERS ?? LARGE.members);
const seconds = Number(process.env.BENCH_LIST_SECONDS ?? 10);
const connections = Number(process.env.BENCH_LIST_CONNECTIONS ?? 4);
const only = process.env.BENCH_LIST_ONLY ? process.env.BENCH_LIST_ONLY.split(',') : undefined;
const sampleSize = 1_000;
const secret = crypto.randomBytes(32).toString('base64url');
const port = 19_000 + crypto.randomInt(1000);

async function admin(sqlText: string, values: unknown[] = [], schema?: string) {
  const client = new pg.Client({ connectionString: databaseUrl, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
  await client.connect();
  try {
    return await client.query(sqlText, values);
  } finally {
    await client.end();
  }
}

function startServer(schema: string): Promise<ChildProcess> {
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      JWT_SECRET: secret,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: secret,
      // The bench measures queries, not the flood guard: one operator token makes every operator call.
      FLOOD_LIMIT_MEMBER_PER_MINUTE: '100000000',
      FLOOD_LIMIT_ADDRESS_PER_MINUTE: '100000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Migrations that build an index on a large table take a while the first time.
  return whenReady(child, port, 600_000);
}

interface Prepared {
  schema: string;
  members: number;
  seededIn: number | null;
  seeded: boolean;
}

async function prepare(label: string, members: number, given: string | undefined): Promise<Prepared> {
  if (given) return { schema: given, members, seededIn: null, seeded: false };
  const schema = `bench_lists_${label}_${crypto.randomBytes(3).toString('hex')}`;
  await admin(`CREATE SCHEMA ${schema}`);
  const sizes = label === 'large' && process.env.BENCH_LARGE_TRANSFERS ? { ...scaled(members), transfers: Number(process.env.BENCH_LARGE_TRANSFERS) } : scaled(members);
  console.log(`Seeding ${label} (${schema}): ${sizes.members} members, ${sizes.transfers} transfers, ${sizes.movements} statement rows, ${sizes.slips} slips, ${sizes.chatMessages} chat messages, ${sizes.inviteAccruals} invite rows, ${sizes.spins} spins`);
  const seeded = await seedLists(databaseUrl, schema, sizes, sampleSize, (line) => console.log(line)).catch(async (error: unknown) => {
    await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    throw error;
  });
  console.log(`Seeded ${label} in ${seeded.seconds.toFixed(0)} s`);
  return { schema, members, seededIn: seeded.seconds, seeded: true };
}

/** The seeded sessions (members spread over the range, the heavy member first) and the operator's, as tokens. */
async function tokensOf(schema: string) {
  const signer = createTokenSigner(secret);
  const expiresAt = new Date(Date.now() + 6 * 3600_000);
  const sessions = (await admin(`SELECT id::text AS id, member_id::text AS member FROM sessions WHERE revoked_at IS NULL AND expires_at > now() ORDER BY member_id LIMIT $1`, [sampleSize], schema)).rows as { id: string; member: string }[];
  const operator = (await admin(`SELECT s.id::text AS id, s.admin_id::text AS admin FROM admin_sessions s JOIN admin_users u ON u.id = s.admin_id WHERE u.username = 'bench-operator' LIMIT 1`, [], schema)).rows[0] as { id: string; admin: string };
  const memberTokens = await Promise.all(sessions.map((row) => signer.sign('member', { subject: row.member, sessionId: row.id, currency: 'THB' }, expiresAt)));
  return {
    memberTokens,
    memberIds: sessions.map((row) => row.member),
    heavyToken: memberTokens[0]!,
    heavyMemberId: sessions[0]!.member,
    operatorToken: await signer.sign('admin', { subject: operator.admin, sessionId: operator.id }, expiresAt),
  };
}

async function measure(prepared: Prepared): Promise<ListFigures[]> {
  const server = await startServer(prepared.schema);
  try {
    const tokens = await tokensOf(prepared.schema);
    console.log(`\n${prepared.members} members (${prepared.schema}), ${connections} connections, ${seconds} s per call`);
    return await benchLists({ baseUrl: `http://127.0.0.1:${port}`, ...tokens, seconds, connections, ...(only ? { only } : {}) });
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

const small = await prepare('small', smallMembers, process.env.BENCH_SMALL_SCHEMA);
let large: Prepared | undefined;
try {
  large = await prepare('large', largeMembers, process.env.BENCH_LARGE_SCHEMA);
  const smallFigures = await measure(small);
  const largeFigures = await measure(large);
  const ms = (figure: ListFigures | undefined) => (figure ? `${figure.p50.toFixed(1)} / ${figure.p99.toFixed(1)} ms${figure.non2xx || figure.errors ? ` (${figure.non2xx + figure.errors} failed)` : ''}` : '—');
  console.log(`\n| call | small (${small.members} members) p50/p99 | large (${large.members} members) p50/p99 | ratio p50, p99 (goal ≤ 1.5) |`);
  console.log('|---|---|---|---|');
  for (const figure of largeFigures) {
    const before = smallFigures.find((row) => row.name === figure.name);
    const ratio = before ? `${(figure.p50 / before.p50).toFixed(2)}, ${(figure.p99 / before.p99).toFixed(2)}` : '—';
    console.log(`| ${figure.name} | ${ms(before)} | ${ms(figure)} | ${ratio} |`);
  }
  if (large.seededIn !== null) console.log(`\nlarge seed: ${large.seededIn.toFixed(0)} s; small seed: ${small.seededIn?.toFixed(0) ?? '—'} s`);
} finally {
  const keep = process.env.BENCH_KEEP === '1';
  for (const prepared of [small, large]) {
    if (prepared?.seeded && !keep) await admin(`DROP SCHEMA IF EXISTS ${prepared.schema} CASCADE`);
  }
}
