import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { holderName as holder } from '../../db/holder-name.js';
import type { Movement, Outcome, Past, RiskInputs, RuleAnswer, RuleMode, RuleParams, RuleVersion } from './risk.rules.js';

/** What the member's own records say, for a decision (risk.rules.ts `RiskInputs`). */
export interface MemberHistory {
  deposits: Past[];
  withdrawals: Past[];
  staked: Past[];
  largest90Days: number;
  idleSeconds: number | null;
  condition: { reward: number; staked: number; closedAgeSeconds: number | null } | null;
  depositsUnderReview: number;
  rewardsUnderReview: number;
  bankChangesUnderReview: number;
  rewards: Past[];
  bankChangedSeconds: number | null;
  holderIsMember: boolean;
  snoozed: string[];
}

/** The version in force of every rule: the highest of each. */
const CURRENT_VERSIONS = sql`SELECT DISTINCT ON (code) code, version, mode, params FROM risk_rule_versions ORDER BY code, version DESC`;

/**
 * The member's history and the rules' versions in force, in one statement, ages from the
 * transaction's clock, the movement being decided left out (`excludeId`: its deposit or withdrawal
 * row, written first). Each list walks the newest entries of one index and stops at its cap.
 */
export async function historyAndVersions(trx: Db, memberId: bigint, excludeId: string | null): Promise<{ history: MemberHistory; versions: RuleVersion[] }> {
  const id = sql`${memberId}::bigint`;
  const exclude = sql`${excludeId ?? '00000000-0000-0000-0000-000000000000'}::uuid`;
  const age = (column: string) => sql`extract(epoch FROM now() - ${sql.ref(column)})::float8`;
  const { rows } = await sql<{ history: MemberHistory; versions: RuleVersion[] }>`
    WITH wallet AS (SELECT id FROM ledger_accounts WHERE code = ${`wallet:${memberId}`}),
    recent_deposits AS (
      SELECT amount, created_at FROM deposits
       WHERE member_id = ${id} AND id <> ${exclude} AND created_at > now() - interval '90 days'
       ORDER BY created_at DESC LIMIT 500
    ),
    recent_withdrawals AS (
      SELECT amount, created_at FROM withdrawals
       WHERE member_id = ${id} AND id <> ${exclude} AND created_at > now() - interval '90 days'
       ORDER BY created_at DESC LIMIT 500
    ),
    staked AS (
      SELECT t.amount, t.created_at FROM ledger_transfers t JOIN wallet w ON t.debit_account_id = w.id
       WHERE t.kind = 'provider_hold' AND t.created_at > now() - interval '7 days'
         AND NOT EXISTS (SELECT 1 FROM ledger_transfers v WHERE v.resolves_hold_id = t.id AND v.kind = 'provider_void')
       ORDER BY t.created_at DESC LIMIT 200
    ),
    last_staked AS (
      SELECT max(t.created_at) AS at FROM (
        SELECT created_at FROM ledger_transfers t JOIN wallet w ON t.debit_account_id = w.id
         WHERE t.kind = 'provider_hold' AND NOT EXISTS (SELECT 1 FROM ledger_transfers v WHERE v.resolves_hold_id = t.id AND v.kind = 'provider_void')
         ORDER BY t.created_at DESC LIMIT 1
      ) t
    ),
    previous AS (
      SELECT greatest(
        (SELECT max(created_at) FROM (SELECT created_at FROM deposits WHERE member_id = ${id} AND id <> ${exclude} ORDER BY created_at DESC LIMIT 1) d),
        (SELECT max(created_at) FROM (SELECT created_at FROM withdrawals WHERE member_id = ${id} AND id <> ${exclude} ORDER BY created_at DESC LIMIT 1) w),
        (SELECT at FROM last_staked)
      ) AS at
    ),
    condition AS (
      SELECT c.reward_amount, c.created_at, c.closed_at FROM member_conditions c
       WHERE c.member_id = ${id} AND (c.status = 'active' OR c.closed_at > now() - interval '24 hours')
       ORDER BY c.created_at DESC LIMIT 1
    )
    SELECT json_build_object(
      'deposits', coalesce((SELECT json_agg(json_build_object('amount', amount, 'ageSeconds', ${age('created_at')}) ORDER BY created_at DESC)
                              FROM (SELECT * FROM recent_deposits WHERE created_at > now() - interval '7 days' ORDER BY created_at DESC LIMIT 100) d), '[]'::json),
      'withdrawals', coalesce((SELECT json_agg(json_build_object('amount', amount, 'ageSeconds', ${age('created_at')}) ORDER BY created_at DESC)
                              FROM (SELECT * FROM recent_withdrawals WHERE created_at > now() - interval '7 days' ORDER BY created_at DESC LIMIT 100) w), '[]'::json),
      'staked', coalesce((SELECT json_agg(json_build_object('amount', amount, 'ageSeconds', ${age('created_at')}) ORDER BY created_at DESC) FROM staked), '[]'::json),
      'largest90Days', greatest((SELECT max(amount) FROM recent_deposits), (SELECT max(amount) FROM recent_withdrawals), 0),
      'idleSeconds', (SELECT ${age('at')} FROM previous),
      'condition', (SELECT json_build_object(
                      'reward', c.reward_amount,
                      'staked', (SELECT coalesce(sum(t.amount), 0) FROM ledger_transfers t JOIN wallet w ON t.debit_account_id = w.id
                                  WHERE t.kind = 'provider_hold' AND t.created_at >= c.created_at AND (c.closed_at IS NULL OR t.created_at <= c.closed_at)
                                    AND NOT EXISTS (SELECT 1 FROM ledger_transfers v WHERE v.resolves_hold_id = t.id AND v.kind = 'provider_void')),
                      'closedAgeSeconds', CASE WHEN c.closed_at IS NULL THEN NULL ELSE extract(epoch FROM now() - c.closed_at)::float8 END)
                     FROM condition c),
      'holderIsMember', (SELECT ${holder('name')} = ${holder('bank_account_name')} FROM members WHERE id = ${id}),
      'snoozed', coalesce((SELECT json_agg(code ORDER BY code) FROM risk_snoozes WHERE member_id = ${id} AND until > now()), '[]'::json),
      'depositsUnderReview', (SELECT count(*) FROM risk_decisions
                               WHERE member_id = ${id} AND movement = 'deposit' AND outcome = 'review' AND released_at IS NULL),
      'rewardsUnderReview', (SELECT count(*) FROM risk_decisions
                              WHERE member_id = ${id} AND movement = 'reward' AND outcome = 'review' AND released_at IS NULL),
      'bankChangesUnderReview', (SELECT count(*) FROM risk_decisions
                                  WHERE member_id = ${id} AND movement = 'bank_account' AND outcome = 'review' AND released_at IS NULL),
      'rewards', coalesce((SELECT json_agg(json_build_object('amount', amount, 'ageSeconds', ${age('created_at')}) ORDER BY created_at DESC)
                             FROM (SELECT amount, created_at FROM reward_claims WHERE member_id = ${id} AND created_at > now() - interval '7 days'
                                    ORDER BY created_at DESC LIMIT 100) r), '[]'::json),
      -- A change that went through (a refused one changed nothing) is decided in its own transaction.
      'bankChangedSeconds', (SELECT ${age('created_at')} FROM (SELECT created_at FROM risk_decisions
                               WHERE member_id = ${id} AND movement = 'bank_account' AND outcome <> 'block'
                               ORDER BY created_at DESC LIMIT 1) b)
    ) AS history,
    (SELECT coalesce(json_agg(v), '[]'::json) FROM (${CURRENT_VERSIONS}) v) AS versions`.execute(trx);
  const { history, versions } = rows[0]!;
  // json_build_object writes bigints as numbers already; a count comes back as a number too.
  return {
    history: {
      ...history,
      depositsUnderReview: Number(history.depositsUnderReview),
      rewardsUnderReview: Number(history.rewardsUnderReview),
      bankChangesUnderReview: Number(history.bankChangesUnderReview),
    },
    versions,
  };
}

/** Of these members, the ones who claimed a reward in the last `days` (each a walk of the member's newest claims). */
export async function claimedRewardsSince(trx: Db, memberIds: readonly string[], days: number): Promise<Set<string>> {
  if (memberIds.length === 0) return new Set();
  const { rows } = await sql<{ member_id: string }>`
    SELECT m.id::text AS member_id FROM unnest(${[...memberIds]}::bigint[]) AS m(id)
     WHERE EXISTS (SELECT 1 FROM reward_claims c WHERE c.member_id = m.id AND c.created_at > now() - make_interval(days => ${days}))`.execute(trx);
  return new Set(rows.map((row) => row.member_id));
}

/** The version in force of every rule (the highest of each). */
export async function currentVersions(db: Db): Promise<RuleVersion[]> {
  const { rows } = await sql<RuleVersion>`${CURRENT_VERSIONS}`.execute(db);
  return rows;
}

/** A rule's first version, unless it has one (every node may try at start). */
export async function insertFirstVersion(db: Db, code: string, mode: RuleMode, params: object): Promise<void> {
  await db
    .insertInto('risk_rule_versions')
    .values({ code, version: 1, mode, params: JSON.stringify(params), created_by: 'system' })
    .onConflict((oc) => oc.columns(['code', 'version']).doNothing())
    .execute();
}

/** The next version of a rule, after the one the caller read: null when another change came first. */
export async function insertNextVersion(db: Db, change: { code: string; after: number; mode: RuleMode; params: RuleParams; by: string }): Promise<RuleVersion | null> {
  const row = await db
    .insertInto('risk_rule_versions')
    .values({ code: change.code, version: change.after + 1, mode: change.mode, params: JSON.stringify(change.params), created_by: change.by })
    .onConflict((oc) => oc.columns(['code', 'version']).doNothing())
    .returning(['code', 'version', 'mode', 'params'])
    .executeTakeFirst();
  return row ? { ...row, params: row.params as RuleParams } : null;
}

export async function versionsOf(db: Db, code: string) {
  return db.selectFrom('risk_rule_versions').selectAll().where('code', '=', code).orderBy('version', 'desc').limit(50).execute();
}

export async function insertDecision(
  db: Db,
  decision: { memberId: bigint; movement: Movement; subject: string; amount: bigint; currency: string; outcome: Outcome; inputs: unknown; rules: RuleAnswer[]; caseId: string | null },
): Promise<string> {
  const row = await db
    .insertInto('risk_decisions')
    .values({
      member_id: decision.memberId,
      movement: decision.movement,
      subject: decision.subject,
      amount: decision.amount,
      currency: decision.currency,
      outcome: decision.outcome,
      inputs: JSON.stringify(decision.inputs),
      rules: JSON.stringify(decision.rules),
      case_id: decision.caseId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An unused release of a block on this member and movement, for at least this amount, taken for use. */
export async function useRelease(trx: Db, memberId: bigint, movement: Movement, amount: bigint): Promise<string | null> {
  const { rows } = await sql<{ id: string }>`
    UPDATE risk_decisions SET release_used_at = now()
     WHERE id = (SELECT id FROM risk_decisions
                  WHERE member_id = ${memberId} AND movement = ${movement} AND outcome = 'block'
                    AND released_at IS NOT NULL AND release_used_at IS NULL AND amount >= ${amount}
                    AND released_at > now() - interval '24 hours'
                  ORDER BY released_at LIMIT 1 FOR UPDATE)
     RETURNING id`.execute(trx);
  return rows[0]?.id ?? null;
}

export function lockDecision(trx: Db, id: string) {
  return trx.selectFrom('risk_decisions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function proposeRelease(trx: Db, id: string, by: string) {
  return trx.updateTable('risk_decisions').set({ release_proposed_by: by }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function release(trx: Db, id: string, by: string) {
  return trx.updateTable('risk_decisions').set({ released_by: by, released_at: sql`now()` }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export function decisionsPage(db: Db, filter: { outcome: 'held' | 'all'; memberId?: bigint }, page: number, limit: number) {
  let query = db.selectFrom('risk_decisions').selectAll();
  if (filter.outcome === 'held') query = query.where('outcome', '<>', 'approve');
  if (filter.memberId !== undefined) query = query.where('member_id', '=', filter.memberId);
  return query
    .orderBy('created_at', 'desc')
    .offset((page - 1) * limit)
    .limit(limit)
    .execute();
}

/** Every version of every rule (a few per rule): what stored decisions name. */
export async function allVersions(db: Db): Promise<RuleVersion[]> {
  const rows = await db.selectFrom('risk_rule_versions').select(['code', 'version', 'mode', 'params']).execute();
  return rows.map((row) => ({ ...row, params: row.params as RuleParams }));
}

/** The decisions of the last `days`, oldest first, `size` at a time (a keyset walk of the member-free time index). */
export async function* decisionsSince(db: Db, days: number, size: number) {
  const select = () =>
    db
      .selectFrom('risk_decisions')
      .select(['id', 'member_id', 'movement', 'amount', 'currency', 'outcome', 'inputs', 'rules', 'created_at'])
      .where('created_at', '>', sql<Date>`now() - make_interval(days => ${days})`);
  let last: { created_at: Date; id: string } | undefined;
  for (;;) {
    let query = select();
    if (last) {
      const after = last;
      query = query.where((eb) => eb.or([eb('created_at', '>', after.created_at), eb.and([eb('created_at', '=', after.created_at), eb('id', '>', after.id)])]));
    }
    const rows = await query.orderBy('created_at').orderBy('id').limit(size).execute();
    if (rows.length === 0) return;
    yield rows.map((row) => ({ ...row, created_at: new Date(row.created_at), inputs: row.inputs as RiskInputs, rules: row.rules as RuleAnswer[] }));
    const tail = rows.at(-1)!;
    last = { created_at: new Date(tail.created_at), id: tail.id };
    if (rows.length < size) return;
  }
}
