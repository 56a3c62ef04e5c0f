// `npm run bench:links`: the operator's linked-members query (GET /api/admin/members/:id/links) on
// the large seed (bench/large-seed.ts, 100,000 members), with what links members added to it: where
// they registered and signed in from, shared accounts, names and TrueMoney senders. Prints p50/p99
// of the query (goal < 500 ms) over members spread across the range, and the same for members on
// the busiest values. Then the risk decision a withdrawal request and a deposit credit add to their
// transaction (goal < 20 ms at p99), every starter rule active, on the same members, and the player
// protection check a transfer to a game and a deposit make (goal < 5 ms at p99), every limit set, and the notices
// outbox's row a money movement writes (goal < 5 ms at p99). Needs PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/test).
//
//   BENCH_LINKS_MEMBERS (100,000): members to seed; BENCH_LINKS_CALLS (300): calls measured;
//   BENCH_LARGE_SCHEMA: an already seeded schema instead (kept); BENCH_KEEP=1: keep the one seeded.
import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database.js';
import { createLinkService } from '../apps/server/src/modules/links/links.service.js';
import { insertNotice } from '../apps/server/src/modules/notices/notices.repository.js';
import { createRiskService } from '../apps/server/src/modules/risk/risk.service.js';
import { LARGE, scaled, seedLists } from './large-seed.js';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const members = Number(process.env.BENCH_LINKS_MEMBERS ?? LARGE.members);
const calls = Number(process.env.BENCH_LINKS_CALLS ?? 300);
const given = process.env.BENCH_LARGE_SCHEMA;
const schema = given ?? `bench_links_${crypto.randomBytes(3).toString('hex')}`;
const FIRST_MEMBER = 100_001;
/** Sessions per member: 6 from home, 4 through a carrier's shared addresses. */
const SESSIONS = 10;

async function withClient<T>(work: (client: pg.Client) => Promise<T>, inSchema = true): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, ...(inSchema ? { options: `-c search_path=${schema}` } : {}) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function timed(label: string, client: pg.Client, text: string, values: unknown[] = []) {
  const at = Date.now();
  await client.query(text, values);
  console.log(`  ${label}: ${((Date.now() - at) / 1000).toFixed(1)} s`);
}

/**
 * What links members, at rates a real site might see: one member in four registers through one of
 * 125 carrier addresses (about 200 members each at 100,000); every member signs in 6 times from home
 * and 4 times through one of 2,000 carrier addresses (about 200 members each); one of 40 browsers; rings of 5
 * members on one device every 1,000 members; holder names shared in pairs, and one common name held
 * by one member in 20; an account paid to by one member and registered by the next, one in 500;
 * TrueMoney transfers from each member's phone, and one outside phone for 3 members in 300.
 */
async function addLinks(client: pg.Client) {
  await client.query(`SET session_replication_role = replica; SET synchronous_commit = off`);
  await timed(
    'members: addresses, browsers, names',
    client,
    `UPDATE members SET
       registered_ip = CASE WHEN (id - $1) % 1000 < 5 THEN '172.16.' || ((id - $1) / 1000 % 256) || '.' || ((id - $1) / 256000)
                            WHEN (id - $1) % 4 = 0 THEN '100.64.' || ((id - $1) % 500 / 250) || '.' || ((id - $1) % 250)
                            ELSE '10.' || ((id - $1) / 65536) || '.' || ((id - $1) / 256 % 256) || '.' || ((id - $1) % 256) END,
       registered_user_agent = CASE WHEN (id - $1) % 1000 < 5 THEN 'ring-device-' || ((id - $1) / 1000)
                                    ELSE 'Mozilla/5.0 (Linux; Android ' || (8 + (id - $1) % 40 / 8) || ') Chrome/' || (100 + (id - $1) % 40) END,
       bank_account_name = CASE WHEN (id - $1) % 20 = 0 THEN 'SOMCHAI COMMON' ELSE 'BENCH HOLDER ' || ((id - $1) / 2) END`,
    [FIRST_MEMBER],
  );
  await timed(
    `sessions (${SESSIONS} per member)`,
    client,
    `INSERT INTO sessions (member_id, created_at, expires_at, revoked_at, ip, user_agent)
     SELECT m.id, now() - make_interval(days => s * 30 + 2), now() - make_interval(days => s * 30 - 5), now() - make_interval(days => s * 30 + 1),
            CASE WHEN s < 6 THEN m.registered_ip ELSE '100.65.' || ((m.id * 7 + s) % 2000 / 250) || '.' || ((m.id * 7 + s) % 250) END,
            m.registered_user_agent
       FROM members m CROSS JOIN generate_series(0, $1::int - 1) s`,
    [SESSIONS],
  );
  await timed(
    'withdrawals to an account another member registered',
    client,
    `INSERT INTO withdrawals (id, member_id, amount, status, bank_code, bank_account_no, bank_account_name, created_at, decided_at, decided_by, currency)
     SELECT md5('lwd' || m.id)::uuid, m.id, 10000, 'SUCCESS', n.bank_code, n.bank_account_no, n.bank_account_name, now() - interval '200 days', now() - interval '200 days', 'bench', 'THB'
       FROM members m JOIN members n ON n.id = m.id + 1 WHERE (m.id - $1) % 500 = 0`,
    [FIRST_MEMBER],
  );
  await timed(
    'TrueMoney transfers',
    client,
    `INSERT INTO truemoney_transfers (transaction_id, sender_mobile, amount, status, member_id, received_at, created_at)
     SELECT 'TMNBENCH' || m.id, CASE WHEN (m.id - $1) % 100 < 3 THEN '0899' || lpad(((m.id - $1) / 100)::text, 6, '0') ELSE m.phone END,
            20000, 'credited', m.id, now() - interval '100 days', now() - interval '100 days'
       FROM members m WHERE (m.id - $1) % 2 = 0 OR (m.id - $1) % 100 < 3`,
    [FIRST_MEMBER],
  );
  await client.query(`SET session_replication_role = origin`);
  await timed('vacuum analyze', client, `VACUUM ANALYZE members, sessions, withdrawals, truemoney_transfers`);
}

if (!given) {
  await withClient((client) => client.query(`CREATE SCHEMA ${schema}`), false);
  // The ledger, chat and spins are not read here: the seed keeps them small; members, withdrawals and slips are full size.
  const sizes = { ...scaled(members), transfers: members * 6, chatMessages: members, spins: members, inviteAccruals: members, heavyRows: 0 };
  console.log(`Seeding ${schema}: ${sizes.members} members, ${sizes.movements} statement rows, ${sizes.slips} slips`);
  const seeded = await seedLists(databaseUrl, schema, sizes, 10, (line) => console.log(line));
  console.log(`Seeded in ${seeded.seconds.toFixed(0)} s; adding what links members`);
  await withClient((client) => addLinks(client));
}

const handle = await openDatabase({ databaseUrl, schema });
try {
  const links = createLinkService({ db: handle.db });
  const counts = await withClient(async (client) => {
    const rows = await client.query(`SELECT (SELECT count(*) FROM members) AS members, (SELECT count(*) FROM sessions) AS sessions, (SELECT count(*) FROM withdrawals) AS withdrawals, (SELECT count(*) FROM truemoney_transfers) AS truemoney`);
    return rows.rows[0] as Record<string, string>;
  });
  console.log(`\n${counts.members} members, ${counts.sessions} sessions, ${counts.withdrawals} withdrawals, ${counts.truemoney} TrueMoney transfers (${schema})`);

  async function measure(label: string, ids: bigint[]) {
    for (const id of ids.slice(0, 5)) await links.of(id); // warm-up
    const times: number[] = [];
    let linked = 0;
    let more = 0;
    for (let call = 0; call < calls; call++) {
      const id = ids[call % ids.length]!;
      const at = performance.now();
      const answer = await links.of(id);
      times.push(performance.now() - at);
      linked += answer.members.length;
      if (answer.more) more += 1;
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(`| ${label} | ${calls} | ${at(0.5)} ms | ${at(0.99)} ms | ${times.at(-1)!.toFixed(1)} ms | ${(linked / calls).toFixed(1)} | ${((100 * more) / calls).toFixed(0)} % |`);
  }

  const spread = Array.from({ length: calls }, (_unused, index) => BigInt(FIRST_MEMBER + Math.floor((index * (members - 1)) / calls)));
  // Members on the busiest values: carrier registrations (one in four), the common name (one in 20), device rings, shared accounts and phones.
  const busy = Array.from({ length: calls }, (_unused, index) => BigInt(FIRST_MEMBER + ((index * 1000) % members)));
  console.log(`\n| members asked | calls | p50 | p99 | max | linked members per answer | answers with "more" |`);
  console.log('|---|---|---|---|---|---|---|');
  await measure('spread over the range', spread);
  await measure('on the busiest values (carrier address, common name, device ring, shared account)', busy);

  // The decision's reads and its stored row, in a transaction rolled back each time as a blocked movement's would be.
  // Deciding audits nothing (only rule changes and releases do, which the bench does not make).
  const risk = createRiskService({ db: handle.db, links, auditTrail: { record: async () => undefined } });
  await risk.start();
  await withClient((client) => client.query(`UPDATE risk_rule_versions SET mode = 'active'`));
  /** p50/p99/max of `work` in a transaction rolled back each time, over the members given, after 5 of warm-up. */
  async function rolledBackCost(label: string, ids: bigint[], work: (trx: typeof handle.db, memberId: bigint) => Promise<unknown>) {
    const times: number[] = [];
    for (let call = 0; call < calls + 5; call++) {
      const memberId = ids[call % ids.length]!;
      const at = performance.now();
      await handle.db
        .transaction()
        .execute(async (trx) => {
          await work(trx, memberId);
          throw new Error('roll back');
        })
        .catch(() => undefined);
      if (call >= 5) times.push(performance.now() - at);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(`| ${label} | ${calls} | ${at(0.5)} ms | ${at(0.99)} ms | ${times.at(-1)!.toFixed(1)} ms |`);
  }
  const decisionCost = (label: string, movement: 'withdrawal' | 'deposit' | 'reward', ids: bigint[]) =>
    rolledBackCost(label, ids, (trx, memberId) => risk.decide(trx, { movement, memberId, amount: 50_000n, currency: 'THB', subject: crypto.randomUUID() }).catch(() => undefined));
  // Goal: under 20 ms at p99 on a withdrawal and a deposit credit. A review joins the member's case, in the cost.
  console.log(`\n| risk decision, every rule active (goal: p99 under 20 ms) | calls | p50 | p99 | max |`);
  console.log('|---|---|---|---|---|');
  await decisionCost('a withdrawal request, members spread over the range', 'withdrawal', spread);
  await decisionCost('a withdrawal request, members on the busiest values', 'withdrawal', busy);
  await decisionCost('a deposit credit, members spread over the range', 'deposit', spread);
  await decisionCost('a reward claim, members spread over the range', 'reward', spread);

  // Player protection: the check a transfer to a game (break, transfer and loss limits) and a deposit
  // (break, deposit limits) make in their transaction, for members with every limit set, rolled back.
  await withClient((client) =>
    client.query(
      `INSERT INTO protection_limits (member_id, kind, amount, time_zone)
       SELECT m.id, k.kind, CASE k.kind WHEN 'session_minutes' THEN 1440 ELSE 100000000 END, 'Asia/Bangkok' FROM members m
        CROSS JOIN unnest(ARRAY['deposit_day', 'deposit_week', 'deposit_month', 'loss_day', 'loss_week', 'loss_month', 'transfer_day', 'session_minutes']) AS k(kind)
       WHERE m.id = ANY ($1::bigint[]) ON CONFLICT DO NOTHING`,
      [spread.map(String)],
    ),
  );
  async function checkCost(label: string, query: (memberId: bigint) => string) {
    const times: number[] = [];
    for (let call = 0; call < calls + 5; call++) {
      const memberId = spread[call % spread.length]!;
      const at = performance.now();
      await withPooled(query(memberId));
      if (call >= 5) times.push(performance.now() - at);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(`| ${label} | ${calls} | ${at(0.5)} ms | ${at(0.99)} ms | ${times.at(-1)!.toFixed(1)} ms |`);
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, options: `-c search_path=${schema}` });
  const withPooled = async (text: string) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(text);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
  };
  console.log(`\n| protection check, every limit set (goal: p99 under 5 ms) | calls | p50 | p99 | max |`);
  console.log('|---|---|---|---|---|');
  await checkCost(
    'a transfer to a game (break, session, transfer and loss limits)',
    (memberId) => `SELECT * FROM protection_game_refusal(${memberId}, 5000, (SELECT id FROM sessions WHERE member_id = ${memberId} ORDER BY created_at DESC LIMIT 1))`,
  );
  await checkCost('a deposit (break, deposit limits)', (memberId) => `SELECT * FROM protection_restriction(${memberId}); SELECT * FROM protection_limit_refusal(${memberId}, ARRAY['deposit_day', 'deposit_month', 'deposit_week'], 5000, NULL)`);
  await pool.end();

  // The notices outbox: what a money movement adds to its transaction to be told of is one row,
  // written with it (the sending is the worker's, after the commit), rolled back here each time.
  console.log(`\n| notices outbox (goal: p99 under 5 ms) | calls | p50 | p99 | max |`);
  console.log('|---|---|---|---|---|');
  await rolledBackCost("a deposit's notice written in its transaction", spread, (trx, memberId) =>
    insertNotice(trx, { id: crypto.randomUUID(), memberId, kind: 'deposit_credited', eventKey: `bench:${crypto.randomUUID()}`, facts: { amount: '500', currency: 'THB' }, dueAt: new Date(), testBy: null }, new Date()),
  );
} finally {
  await handle.close();
  if (!given && process.env.BENCH_KEEP !== '1') await withClient((client) => client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`), false);
}
