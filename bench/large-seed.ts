// The data behind `npm run bench:lists`: a schema filled straight with SQL
// (INSERT … SELECT generate_series), fast enough for 100,000 members and 10 million ledger
// transfers on a small machine. Every size scales with the member count at the same density per
// member, so a member of the small schema and a member of the large one own the same rows: what
// grows is only the tables around them.
//
// The ledger stays exact (`ledger:verify`): transfers are generated in balanced patterns, and the
// balances are then set from the transfers themselves. The seed switches the triggers off for its
// own session (session_replication_role = replica: the one-currency trigger, the foreign-key
// checks) and writes what they would have written (every account and transfer in THB, every
// reference pointing at a row that exists).
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { createPasswordHasher } from '../apps/server/src/modules/auth/password.js';
import { seedReferenceData } from '../apps/server/src/seed/seed.js';

export interface SeedSizes {
  members: number;
  /** Ledger transfers in all. */
  transfers: number;
  /** Rows the statement reads (provider transfers, deposits, withdrawals, operator credits, reward claims). */
  movements: number;
  slips: number;
  chatMessages: number;
  inviteAccruals: number;
  spins: number;
  /** Extra rows for one member (the first), to show an offset deep in one member's own rows. */
  heavyRows: number;
}

/** The large database: 100,000 members, 10 M transfers, 1 M movements, 100,000 slips. */
export const LARGE: SeedSizes = {
  members: 100_000,
  transfers: 10_000_000,
  movements: 1_000_000,
  slips: 100_000,
  chatMessages: 1_000_000,
  inviteAccruals: 300_000,
  spins: 300_000,
  heavyRows: 20_000,
};

/** The same density per member as LARGE, for `members` members. */
export function scaled(members: number, base: SeedSizes = LARGE): SeedSizes {
  const per = (total: number) => Math.round((total / base.members) * members);
  return {
    members,
    transfers: per(base.transfers),
    movements: per(base.movements),
    slips: per(base.slips),
    chatMessages: per(base.chatMessages),
    inviteAccruals: per(base.inviteAccruals),
    spins: per(base.spins),
    heavyRows: base.heavyRows,
  };
}

export interface SeededLists {
  seconds: number;
  /** Members with a live session, spread over the whole member range. */
  sessions: { memberId: string; sessionId: string }[];
  /** The member with `heavyRows` extra rows, and a session of theirs. */
  heavy: { memberId: string; sessionId: string };
  /** An operator (roles admin, finance, marketing) and a live session. */
  operator: { adminId: string; sessionId: string };
}

const FIRST_MEMBER = 100_001;
/** Member ledger accounts get ids from here: wallet(i) = base + i, game(i) = base + members + i. */
const ACCOUNT_BASE = 1_000;
const CHUNK = 1_000_000;

/**
 * Creates and fills `schema` (which must exist and be empty). `sessionCount` members get a live
 * session each, for tokens signed by the caller.
 */
export async function seedLists(databaseUrl: string, schema: string, sizes: SeedSizes, sessionCount: number, log: (line: string) => void = () => undefined): Promise<SeededLists> {
  const started = Date.now();
  const handle = await openDatabase({ databaseUrl, schema });
  await migrate(handle, { sandboxes: true });
  await seedReferenceData(handle.db);
  await handle.close();
  const passwordHash = await createPasswordHasher({ fast: true }).hash('bench-pass-1');

  const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema}` });
  await client.connect();
  const run = async (label: string, text: string, values: unknown[] = []) => {
    const at = Date.now();
    const result = await client.query(text, values);
    log(`  ${label}: ${((Date.now() - at) / 1000).toFixed(1)} s`);
    return result;
  };
  try {
    await client.query(`SET session_replication_role = replica; SET synchronous_commit = off; SET maintenance_work_mem = '256MB'; SET work_mem = '64MB'`);
    const M = sizes.members;
    const perMember = (total: number, least = 0) => Math.max(least, Math.round(total / M));
    const block = perMember(sizes.transfers, 6); // ledger transfers per member
    const refunds = block >= 10 ? 4 : 1; // refund rewards per member: ledger transfers and reward claims
    const movements = perMember(sizes.movements, refunds + 2); // statement rows per member
    const others = movements - 1 - refunds; // provider transfers, deposits, withdrawals
    const slips = perMember(sizes.slips, 1);
    const messages = perMember(sizes.chatMessages, 1);
    const invites = perMember(sizes.inviteAccruals, 1);
    const spins = perMember(sizes.spins, 1);
    const H = sizes.heavyRows;
    // Everything happened over the last year; row n of a table of N rows at now - (N - n) steps.
    const year = 365 * 24 * 3600;

    await run(
      'members',
      `INSERT INTO members (id, phone, name, password_hash, bank_code, bank_account_no, bank_account_name, inviter_id, created_at)
       SELECT $1::bigint + i, '07' || lpad(i::text, 8, '0'), 'Bench ' || i, $3, 'SCB', '9' || lpad(i::text, 9, '0'), 'BENCH MEMBER',
              CASE WHEN i > 0 THEN $1::bigint + i - 1 END, now() - make_interval(secs => $4::float8 * ($2::bigint - i) / $2::bigint)
         FROM generate_series(0, $2::bigint - 1) i`,
      [FIRST_MEMBER, M, passwordHash, year],
    );
    await client.query(`SELECT setval('member_id_seq', $1::bigint)`, [FIRST_MEMBER + M]);

    // Ledger accounts: the operator's, then each member's wallet and game account (provider PG) at known ids.
    await client.query(`
      INSERT INTO ledger_accounts (id, code, kind, provider_code, currency) OVERRIDING SYSTEM VALUE VALUES
        (1, 'operator:adjustments', 'operator', NULL, 'THB'),
        (2, 'operator:deposits:KBANK', 'operator', NULL, 'THB'),
        (3, 'operator:provider-in-flight:PG', 'operator', 'PG', 'THB'),
        (4, 'operator:game-results:PG', 'operator', 'PG', 'THB'),
        (5, 'operator:rewards:refund', 'operator', NULL, 'THB')`);
    await run(
      'ledger accounts',
      `INSERT INTO ledger_accounts (id, code, kind, member_id, provider_code, currency) OVERRIDING SYSTEM VALUE
       SELECT $1::bigint + i, 'wallet:' || ($2::bigint + i), 'member_wallet', $2::bigint + i, NULL, 'THB' FROM generate_series(0, $3::bigint - 1) i
       UNION ALL
       SELECT $1::bigint + $3::bigint + i, 'game:' || ($2::bigint + i) || ':PG', 'member_game', $2::bigint + i, 'PG', 'THB' FROM generate_series(0, $3::bigint - 1) i`,
      [ACCOUNT_BASE, FIRST_MEMBER, M],
    );
    await client.query(`SELECT setval(pg_get_serial_sequence('ledger_accounts', 'id'), $1::bigint)`, [ACCOUNT_BASE + 2 * M]);

    // Transfers, time-major: transfer n (id n + 1) is step j = n / M of member i = n % M, so one
    // member's transfers are spread over the whole table as in life. Per member: step 0 an
    // operator credit (adjustments → wallet), the last `refunds` steps refund rewards, and in
    // between cycles of deposit (clearing → wallet), provider hold (wallet → in-flight), provider
    // post (in-flight → game) and a game result (game → results, a loss): any prefix of a cycle
    // leaves member balances at zero or above.
    const total = M * block;
    await client.query(`DROP INDEX ledger_transfers_debit_idx; DROP INDEX ledger_transfers_credit_idx`);
    for (let from = 0; from < total; from += CHUNK) {
      const to = Math.min(total, from + CHUNK) - 1;
      await run(
        `ledger transfers ${to + 1} / ${total}`,
        `INSERT INTO ledger_transfers (id, idempotency_key, debit_account_id, credit_account_id, amount, kind, reference, created_at, currency) OVERRIDING SYSTEM VALUE
         SELECT n + 1, 'seed:' || lpad(n::text, 10, '0'),
                CASE WHEN j = 0 THEN 1 WHEN j >= $2::bigint - $3::bigint THEN 5 ELSE (ARRAY[2, w, 3, g])[(j - 1) % 4 + 1] END,
                CASE WHEN j = 0 THEN w WHEN j >= $2::bigint - $3::bigint THEN w ELSE (ARRAY[w, 3, g, 4])[(j - 1) % 4 + 1] END,
                CASE WHEN j = 0 THEN 100000 WHEN j >= $2::bigint - $3::bigint THEN 500 ELSE 10000 + ((i * 7 + (j - 1) / 4) % 50) * 1000 END,
                CASE WHEN j = 0 THEN 'adjustment' WHEN j >= $2::bigint - $3::bigint THEN 'refund'
                     ELSE (ARRAY['deposit', 'provider_hold', 'provider_post', 'game_result'])[(j - 1) % 4 + 1] END,
                CASE WHEN j = 0 THEN 'bench funding' END,
                now() - make_interval(secs => $6::float8 * ($7::bigint - n) / $7::bigint),
                'THB'
           FROM (SELECT n, n / $1::bigint AS j, n % $1::bigint AS i, $4::bigint + n % $1::bigint AS w, $4::bigint + $1::bigint + n % $1::bigint AS g
                   FROM generate_series($5::bigint, $8::bigint) n) s`,
        [M, block, refunds, ACCOUNT_BASE, from, year, total, to],
      );
    }
    await client.query(`SELECT setval(pg_get_serial_sequence('ledger_transfers', 'id'), $1::bigint)`, [total]);
    await run('index ledger_transfers (debit)', `CREATE INDEX ledger_transfers_debit_idx ON ledger_transfers (debit_account_id, id)`);
    await run('index ledger_transfers (credit)', `CREATE INDEX ledger_transfers_credit_idx ON ledger_transfers (credit_account_id, id)`);
    await run(
      'balances from the transfers',
      `UPDATE ledger_accounts a SET balance = s.net
         FROM (SELECT id, sum(delta) AS net FROM (
                 SELECT credit_account_id AS id, amount AS delta FROM ledger_transfers
                 UNION ALL SELECT debit_account_id, -amount FROM ledger_transfers) x GROUP BY id) s
        WHERE a.id = s.id`,
    );

    // The statement's rows: the operator credit (step 0) and the refund claims are ledger facts
    // above; the others are provider transfers, deposits and withdrawals, in turn.
    const stepSeconds = (rows: number) => year / Math.max(1, rows);
    const statementRows = M * others;
    await run(
      'provider transfers, deposits, withdrawals',
      `WITH k AS (SELECT n, n / $1::bigint AS step, n % $1::bigint AS i, $2::bigint + n % $1::bigint AS member_id,
                         now() - make_interval(secs => $4::float8 * ($3::bigint - n)) AS at
                    FROM generate_series(0, $3::bigint - 1) n),
            pt AS (INSERT INTO provider_transfers (id, member_id, provider_code, direction, amount, credits, status, created_at, settled_at)
                   SELECT md5('pt' || n)::uuid, member_id, 'PG', CASE WHEN step % 2 = 0 THEN 'deposit' ELSE 'withdraw' END,
                          10000 + (n % 50) * 1000, 10000 + (n % 50) * 1000, CASE WHEN n % 20 = 0 THEN 'voided' ELSE 'posted' END, at, at
                     FROM k WHERE step % 3 = 0 RETURNING 1),
            dep AS (INSERT INTO deposits (id, member_id, method, amount, external_ref, created_at)
                    SELECT md5('dep' || n)::uuid, member_id, 'KBANK', 10000 + (n % 50) * 1000, 'seed:' || n, at FROM k WHERE step % 3 = 1 RETURNING 1)
       INSERT INTO withdrawals (id, member_id, amount, status, bank_code, bank_account_no, bank_account_name, created_at, decided_at, decided_by, currency)
       SELECT md5('wd' || n)::uuid, member_id, 5000 + (n % 20) * 1000, CASE WHEN n % 10 = 0 THEN 'in_progress' WHEN n % 10 = 1 THEN 'FAILED' ELSE 'SUCCESS' END,
              'SCB', '9' || lpad(i::text, 9, '0'), 'BENCH MEMBER', at, CASE WHEN n % 10 <> 0 THEN at END, CASE WHEN n % 10 <> 0 THEN 'bench' END, 'THB'
         FROM k WHERE step % 3 = 2`,
      [M, FIRST_MEMBER, statementRows, stepSeconds(statementRows)],
    );
    await run(
      'refund claims',
      `INSERT INTO reward_claims (id, member_id, kind, amount, transfer_id, claim_day, claim_week, created_at)
       SELECT md5('rc' || t.id)::uuid, $1::bigint + (t.id - 1) % $2::bigint, 'refund', t.amount, t.id, to_char(t.created_at, 'YYYY-MM-DD'), to_char(t.created_at, 'IYYY-"W"IW'), t.created_at
         FROM ledger_transfers t WHERE t.id > $3::bigint * ($4::bigint - $5::bigint)`,
      [FIRST_MEMBER, M, M, block, refunds],
    );

    // The statement's two other sources, for one member in ten: a refused deposit notice, an ended condition.
    await run(
      'deposit notices, ended conditions',
      `WITH n AS (INSERT INTO manual_deposit_notices (id, member_id, amount, status, reason, decided_by, decided_at, created_at)
                  SELECT md5('mdn' || i)::uuid, $1::bigint + i, 20000, 'FAILED', 'NOT_FOUND', 'bench', now() - make_interval(days => (i % 300)::int), now() - make_interval(days => (i % 300)::int)
                    FROM generate_series(0, $2::bigint - 1, 10) i RETURNING 1)
       INSERT INTO member_conditions (id, member_id, kind, source, base_amount, success_percent, fail_percent, status, created_at, closed_at, cleared_amount, ended_by, end_reason)
       SELECT md5('mc' || i)::uuid, $1::bigint + i, 'refund', 'REFUND', 10000, 300, 10, 'ended', now() - make_interval(days => (i % 300 + 1)::int), now() - make_interval(days => (i % 300)::int), 0, 'member', NULL
         FROM generate_series(5, $2::bigint - 1, 10) i`,
      [FIRST_MEMBER, M],
    );

    const slipRows = M * slips;
    await run(
      'slips',
      `INSERT INTO slips (id, reference, member_id, image_key, status, note, sending_bank, trans_ref, amount, transferred_at, decided_at, created_at)
       SELECT md5('slip' || n)::uuid, 'seed' || md5('ref' || n), $1::bigint + n % $2::bigint, 'seed/' || n || '.png',
              CASE WHEN n % 10 = 0 THEN 'FAILED' ELSE 'SUCCESS' END, CASE WHEN n % 10 = 0 THEN 'INVALID_SLIP' END,
              '004', 'SEED' || n, 10000 + (n % 50) * 1000, at, at, at
         FROM (SELECT n, now() - make_interval(secs => $4::float8 * ($3::bigint - n)) AS at FROM generate_series(0, $3::bigint - 1) n) s`,
      [FIRST_MEMBER, M, slipRows, stepSeconds(slipRows)],
    );

    const inviteRows = M * invites;
    await run(
      'invite accruals',
      `INSERT INTO invite_accruals (id, inviter_id, invitee_id, deposit_id, amount, status, created_at)
       SELECT md5('ia' || n)::uuid, $1::bigint + n % $2::bigint, $1::bigint + (n % $2::bigint + 1 + n / $2::bigint) % $2::bigint, md5('iad' || n)::uuid,
              500 + (n % 10) * 100, CASE WHEN n % 3 = 0 THEN 'claimed' ELSE 'accrued' END, now() - make_interval(secs => $4::float8 * ($3::bigint - n))
         FROM generate_series(0, $3::bigint - 1) n`,
      [FIRST_MEMBER, M, inviteRows, stepSeconds(inviteRows)],
    );

    const messageRows = M * messages;
    await run(
      'chat conversations and messages',
      `WITH c AS (INSERT INTO chat_conversations (id, member_id, status, session_id, last_seq, customer_read_seq, agent_read_seq, last_message_at, created_at)
                  SELECT md5('conv' || i)::uuid, $1::bigint + i, 'open', md5('sess' || i)::uuid, $3::bigint, $3::bigint, $3::bigint, now(), now() - interval '1 year'
                    FROM generate_series(0, $2::bigint - 1) i RETURNING 1)
       INSERT INTO chat_messages (conversation_id, seq, id, session_id, sender, message_type, payload, delivered_at, read_at, created_at)
       SELECT md5('conv' || n % $2::bigint)::uuid, n / $2::bigint + 1, md5('msg' || n)::uuid, md5('sess' || n % $2::bigint)::uuid,
              CASE WHEN n / $2::bigint % 2 = 0 THEN 'customer' ELSE 'agent' END, 'text', to_jsonb('message ' || n), at, at, at
         FROM (SELECT n, now() - make_interval(secs => $5::float8 * ($4::bigint - n)) AS at FROM generate_series(0, $4::bigint - 1) n) s`,
      [FIRST_MEMBER, M, messages, messageRows, stepSeconds(messageRows)],
    );

    // Spins: one paused campaign, a seed per member, `spins` spins each (every other a coupon).
    // A spin's coin transfer is the member's funding transfer: the bench reads coupons, never coins.
    const spinRows = M * spins;
    await run(
      'spins',
      `WITH c AS (INSERT INTO spin_campaigns (id, name, status, currency) VALUES (md5('campaign')::uuid, '{"th":"วงล้อ","lo":"ວົງລໍ້","en":"Wheel"}', 'paused', 'THB') RETURNING id),
            s AS (INSERT INTO spin_seeds (id, member_id, server_seed, server_seed_hash, client_seed, next_nonce)
                  SELECT md5('seed' || i)::uuid, $1::bigint + i, md5('server' || i), md5(md5('server' || i)), 'bench', $3::bigint FROM generate_series(0, $2::bigint - 1) i RETURNING 1)
       INSERT INTO spins (id, member_id, campaign_id, seed_id, nonce, weights, draw, slice_position, slice_code, slice_label, prize_kind, prize_amount, coin_transfer_id, status, expires_at, created_at)
       SELECT md5('spin' || n)::uuid, $1::bigint + n % $2::bigint, md5('campaign')::uuid, md5('seed' || n % $2::bigint)::uuid, n / $2::bigint, '[1, 1]', 0.5,
              CASE WHEN n % 2 = 0 THEN 0 ELSE 1 END, CASE WHEN n % 2 = 0 THEN 'CASH10' ELSE 'NONE' END,
              CASE WHEN n % 2 = 0 THEN '{"th":"10 บาท","lo":"10 ບາດ","en":"10 baht"}'::jsonb ELSE '{"th":"ไม่ได้","lo":"ບໍ່ໄດ້","en":"Nothing"}'::jsonb END,
              CASE WHEN n % 2 = 0 THEN 'cash' ELSE 'none' END, CASE WHEN n % 2 = 0 THEN 1000 ELSE 0 END, n % $2::bigint + 1,
              CASE WHEN n % 2 = 0 THEN 'claimable' ELSE 'none' END, now() + interval '30 days', now() - make_interval(secs => $5::float8 * ($4::bigint - n))
         FROM generate_series(0, $4::bigint - 1) n`,
      [FIRST_MEMBER, M, spins, spinRows, stepSeconds(spinRows)],
    );

    // The heavy member (the first): H more statement rows, slips, invite rows and chat messages.
    if (H > 0) {
      const heavy = FIRST_MEMBER;
      await run(
        `heavy member (${H} rows each)`,
        `WITH pt AS (INSERT INTO provider_transfers (id, member_id, provider_code, direction, amount, credits, status, created_at, settled_at)
                     SELECT md5('hpt' || n)::uuid, $1::bigint, 'PG', CASE WHEN n % 2 = 0 THEN 'deposit' ELSE 'withdraw' END, 10000, 10000, 'posted',
                            now() - make_interval(secs => 600.0 * n), now() - make_interval(secs => 600.0 * n)
                       FROM generate_series(1, $2::bigint) n RETURNING 1),
              sl AS (INSERT INTO slips (id, reference, member_id, image_key, status, amount, created_at)
                     SELECT md5('hslip' || n)::uuid, 'seedh' || md5('href' || n), $1::bigint, 'seed/h' || n || '.png', 'SUCCESS', 10000, now() - make_interval(secs => 600.0 * n)
                       FROM generate_series(1, $2::bigint) n RETURNING 1),
              ia AS (INSERT INTO invite_accruals (id, inviter_id, invitee_id, deposit_id, amount, status, created_at)
                     SELECT md5('hia' || n)::uuid, $1::bigint, $1::bigint + 1 + n % ($3::bigint - 1), md5('hiad' || n)::uuid, 500, 'accrued', now() - make_interval(secs => 600.0 * n)
                       FROM generate_series(1, $2::bigint) n RETURNING 1),
              cm AS (INSERT INTO chat_messages (conversation_id, seq, id, session_id, sender, message_type, payload, delivered_at, read_at, created_at)
                     SELECT md5('conv0')::uuid, $4::bigint + n, md5('hmsg' || n)::uuid, md5('sess0')::uuid, 'customer', 'text', to_jsonb('heavy ' || n), now(), now(), now()
                       FROM generate_series(1, $2::bigint) n RETURNING 1)
         UPDATE chat_conversations SET last_seq = last_seq + $2::bigint, customer_read_seq = last_seq + $2::bigint, agent_read_seq = last_seq + $2::bigint WHERE member_id = $1::bigint`,
        [heavy, H, M, messages],
      );
    }

    // Sessions for the members the bench calls as, spread over the whole range (the first is the heavy one).
    const step = Math.max(1, Math.floor(M / Math.max(1, sessionCount)));
    const sessions = await run(
      'sessions',
      `INSERT INTO sessions (member_id, expires_at) SELECT $1::bigint + i * $2::bigint, now() + interval '1 day' FROM generate_series(0, $3::bigint - 1) i
       RETURNING id::text AS "sessionId", member_id::text AS "memberId"`,
      [FIRST_MEMBER, step, Math.min(sessionCount, M)],
    );
    const operatorRow = await client.query(
      `WITH a AS (INSERT INTO admin_users (username, password_hash, roles) VALUES ('bench-operator', $1, ARRAY['admin', 'finance', 'marketing']) RETURNING id)
       INSERT INTO admin_sessions (admin_id, expires_at, ip) SELECT id, now() + interval '1 day', '127.0.0.1' FROM a RETURNING admin_id::text AS "adminId", id::text AS "sessionId"`,
      [passwordHash],
    );
    await client.query(`SET session_replication_role = origin`);
    const tables = await client.query(`SELECT tablename FROM pg_tables WHERE schemaname = $1`, [schema]);
    await run('vacuum analyze', `VACUUM ANALYZE ${(tables.rows as { tablename: string }[]).map((row) => `${schema}.${row.tablename}`).join(', ')}`);
    const rows = sessions.rows as { memberId: string; sessionId: string }[];
    return {
      seconds: (Date.now() - started) / 1000,
      sessions: rows,
      heavy: rows.find((row) => row.memberId === String(FIRST_MEMBER))!,
      operator: operatorRow.rows[0] as { adminId: string; sessionId: string },
    };
  } finally {
    await client.end();
  }
}
