import { type WhereInterface, sql } from 'kysely';
import { NOTICE_GROUP_OF, NOTICE_KINDS, type NoticeChannelChoices, type NoticeLanguage, isServiceGroup } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import type { ChannelName, NoticeFacts, NoticeKind } from './channel.js';
import type { Database } from '../../db/schema.js';

export interface NoticeToWrite {
  id: string;
  memberId: bigint;
  kind: NoticeKind;
  eventKey: string;
  facts: NoticeFacts;
  dueAt: Date;
  /** The operator who sent it as a test, or null. */
  testBy: string | null;
}

/** Writes the notice in the caller's transaction; an event already told of is not told again. Whether it was written. */
export async function insertNotice(trx: Db, notice: NoticeToWrite, now: Date): Promise<boolean> {
  const written = await trx
    .insertInto('notices')
    .values({ id: notice.id, member_id: notice.memberId, kind: notice.kind, event_key: notice.eventKey, facts: JSON.stringify(notice.facts), due_at: notice.dueAt, created_at: now, test_by: notice.testBy })
    .onConflict((conflict) => conflict.column('event_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return written !== undefined;
}

export async function noticeIdOf(db: Db, eventKey: string): Promise<string> {
  return (await db.selectFrom('notices').select('id').where('event_key', '=', eventKey).executeTakeFirstOrThrow()).id;
}

/** Writes many notices in one statement, in the caller's transaction; those whose event was already told of are skipped. The count written. */
export async function insertNotices(trx: Db, notices: readonly NoticeToWrite[], now: Date): Promise<number> {
  if (notices.length === 0) return 0;
  const rows = await trx
    .insertInto('notices')
    .values(notices.map((notice) => ({ id: notice.id, member_id: notice.memberId, kind: notice.kind, event_key: notice.eventKey, facts: JSON.stringify(notice.facts), due_at: notice.dueAt, created_at: now, test_by: notice.testBy })))
    .onConflict((conflict) => conflict.column('event_key').doNothing())
    .returning('id')
    .execute();
  return rows.length;
}

export type ClaimedNotice = Awaited<ReturnType<typeof claimLane>>[number];

/** The kinds that are marketing (the offers group): claimed after every service message due. */
const MARKETING_KINDS = NOTICE_KINDS.filter((kind) => !isServiceGroup(NOTICE_GROUP_OF[kind]));

/**
 * Claims up to `limit` notices that are due, for `leaseSeconds`: rows another node holds are
 * skipped, and one whose claim lapsed (its node died mid-send) is claimed again. Service messages
 * first, then offers: a campaign's backlog never holds a deposit notice back.
 */
export async function claimDue(db: Db, limit: number, leaseSeconds: number, now: Date) {
  const service = await claimLane(db, 'service', limit, leaseSeconds, now);
  if (service.length >= limit) return service;
  return [...service, ...(await claimLane(db, 'marketing', limit - service.length, leaseSeconds, now))];
}

function claimLane(db: Db, lane: 'service' | 'marketing', limit: number, leaseSeconds: number, now: Date) {
  const due = db
    .selectFrom('notices')
    .select('id')
    .where('state', '=', 'pending')
    .where('due_at', '<=', now)
    // Literals, so the planner matches the service lane's partial index (migration 085).
    .where(sql<boolean>`kind ${sql.raw(lane === 'service' ? 'NOT IN' : 'IN')} (${sql.join(MARKETING_KINDS.map((kind) => sql.lit(kind)))})`)
    .where((where) => where.or([where('claimed_until', 'is', null), where('claimed_until', '<', now)]))
    .orderBy('due_at')
    .limit(limit)
    .forUpdate()
    .skipLocked();
  return db
    .updateTable('notices')
    .set({ claimed_until: new Date(now.getTime() + leaseSeconds * 1000) })
    .where('id', 'in', due)
    .returning(['id', 'member_id', 'kind', 'facts', 'channel', 'given_up', 'tries_on_channel', 'claimed_until', 'created_at'])
    .execute();
}

/** Only the holder of the claim writes what became of the notice. */
/** The notice's row while the claim `notice` was taken under still holds: no other node has claimed it since. */
const held =
  (notice: Pick<ClaimedNotice, 'id' | 'claimed_until'>) =>
  <Q extends WhereInterface<Database, 'notices'>>(query: Q): Q =>
    // Kysely's `where` answers its interface, not the builder it was called on (an update, with or without a WITH).
    query.where('id', '=', notice.id).where('state', '=', 'pending').where('claimed_until', '=', notice.claimed_until) as Q;
const holding = (notice: Pick<ClaimedNotice, 'id' | 'claimed_until'>) => (db: Db) => db.updateTable('notices').$call(held(notice));

type NoticeEnd = { state: 'sent' | 'suppressed' | 'undelivered'; channel: ChannelName | null; givenUp: ChannelName[]; outcome: string | null };
type NoticeAttempt = { noticeId: string; channel: ChannelName; outcome: 'sent' | 'failed' | 'unreachable'; detail: string | null };

const ended = (end: NoticeEnd, now: Date) => ({ state: end.state, channel: end.channel, given_up: end.givenUp, outcome: end.outcome, finished_at: now, claimed_until: null });
const attemptRow = (attempt: NoticeAttempt, now: Date) => ({ notice_id: attempt.noticeId, channel: attempt.channel, outcome: attempt.outcome, detail: attempt.detail?.slice(0, 500) ?? null, at: now });

export async function finish(db: Db, notice: ClaimedNotice, end: NoticeEnd, now: Date): Promise<void> {
  await holding(notice)(db).set(ended(end, now)).execute();
}

/**
 * The try that ended the notice and its end, in one statement: the try is written whether or not
 * the claim still holds (another node took the notice over), as `recordAttempt` then `finish` do.
 */
export async function finishWithAttempt(db: Db, notice: ClaimedNotice, attempt: NoticeAttempt, end: NoticeEnd, now: Date): Promise<void> {
  await db
    .with('attempt', (cte) => cte.insertInto('notice_attempts').values(attemptRow(attempt, now)))
    .updateTable('notices')
    .$call(held(notice))
    .set(ended(end, now))
    .execute();
}

/** Tried again at `dueAt`, on `channel`, the `tries`th time there. */
export async function reschedule(db: Db, notice: ClaimedNotice, next: { channel: ChannelName | null; givenUp: ChannelName[]; tries: number; dueAt: Date }): Promise<void> {
  await holding(notice)(db)
    .set({ channel: next.channel, given_up: next.givenUp, tries_on_channel: next.tries, due_at: next.dueAt, claimed_until: null })
    .execute();
}

export async function recordAttempt(db: Db, attempt: NoticeAttempt, now: Date): Promise<void> {
  await db.insertInto('notice_attempts').values(attemptRow(attempt, now)).execute();
}

export function settingsOf(db: Db, memberId: bigint) {
  return db.selectFrom('member_notice_settings').select(['language', 'channels', 'quiet_from', 'quiet_to']).where('member_id', '=', memberId).executeTakeFirst();
}

export async function saveSettings(db: Db, memberId: bigint, settings: { language: 'th' | 'lo' | 'en'; channels: NoticeChannelChoices; quietFrom: number; quietTo: number }, now: Date): Promise<void> {
  const values = { language: settings.language, channels: JSON.stringify(settings.channels), quiet_from: settings.quietFrom, quiet_to: settings.quietTo, updated_at: now };
  await db
    .insertInto('member_notice_settings')
    .values({ member_id: memberId, ...values })
    .onConflict((conflict) => conflict.column('member_id').doUpdateSet(values))
    .execute();
}

export function historyOf(db: Db, memberId: bigint, limit = 50) {
  return db
    .selectFrom('notices')
    .select(['id', 'kind', 'state', 'channel', 'outcome', 'created_at', 'finished_at', 'test_by'])
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export function attemptsOf(db: Db, noticeIds: readonly string[]) {
  if (noticeIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('notice_attempts').select(['notice_id', 'channel', 'outcome', 'detail', 'at']).where('notice_id', 'in', noticeIds).orderBy('id').execute();
}

// ---------- Offers per channel per second

/**
 * Takes one of this second's `perSecond` places on the channel, for every node at once: one row per
 * channel and second, counted up while under the rate. False: the second is full.
 */
export async function takeRateSlot(db: Db, channel: ChannelName, second: Date, perSecond: number): Promise<boolean> {
  const { rows } = await sql<{ taken: number }>`INSERT INTO notice_rate_seconds (channel, second, taken) VALUES (${channel}, ${second}, 1)
    ON CONFLICT (channel, second) DO UPDATE SET taken = notice_rate_seconds.taken + 1 WHERE notice_rate_seconds.taken < ${perSecond}
    RETURNING taken`.execute(db);
  return rows.length > 0;
}

/** Seconds long past are of no more use. */
export async function forgetRateSecondsBefore(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('notice_rate_seconds').where('second', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Notices not yet sent, suppressed or given up on, and since when the oldest waits. */
export async function openNotices(db: Db): Promise<{ open: number; oldest: Date | null }> {
  const row = await db.selectFrom('notices').select([sql<string>`count(*)`.as('open'), sql<Date | null>`min(created_at)`.as('oldest')]).where('state', '=', 'pending').executeTakeFirstOrThrow();
  return { open: Number(row.open), oldest: row.oldest };
}

// ---------- Templates: the operator's texts for a kind of notice in a language

export type TemplateRow = Awaited<ReturnType<typeof templates>>[number];

/** Every saved template: at most one per kind and language, so a few dozen rows. */
export function templates(db: Db) {
  return db.selectFrom('notice_templates').select(['kind', 'language', 'title', 'body', 'updated_by', 'updated_at']).execute();
}

/** The saved template, locked for the caller's transaction (the audit's before), or undefined. */
export function lockTemplate(trx: Db, kind: NoticeKind, language: NoticeLanguage) {
  return trx.selectFrom('notice_templates').select(['title', 'body']).where('kind', '=', kind).where('language', '=', language).forUpdate().executeTakeFirst();
}

export async function saveTemplate(trx: Db, template: { kind: NoticeKind; language: NoticeLanguage; title: string; body: string; updatedBy: string }, now: Date): Promise<void> {
  const values = { title: template.title, body: template.body, updated_by: template.updatedBy, updated_at: now };
  await trx
    .insertInto('notice_templates')
    .values({ kind: template.kind, language: template.language, ...values })
    .onConflict((conflict) => conflict.columns(['kind', 'language']).doUpdateSet(values))
    .execute();
}

/** Whether a template was there to delete. */
export async function deleteTemplate(trx: Db, kind: NoticeKind, language: NoticeLanguage): Promise<boolean> {
  const deleted = await trx.deleteFrom('notice_templates').where('kind', '=', kind).where('language', '=', language).executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

// ---------- Web push subscriptions

export async function saveSubscription(db: Db, memberId: bigint, subscription: { endpoint: string; p256dh: string; auth: string }, now: Date): Promise<void> {
  // A browser moved to another member (a shared phone, a new sign-in) notifies the member signed in now.
  await db
    .insertInto('push_subscriptions')
    .values({ member_id: memberId, ...subscription, created_at: now })
    .onConflict((conflict) => conflict.column('endpoint').doUpdateSet({ member_id: memberId, p256dh: subscription.p256dh, auth: subscription.auth, created_at: now }))
    .execute();
}

export async function deleteSubscription(db: Db, memberId: bigint, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('member_id', '=', memberId).where('endpoint', '=', endpoint).execute();
}

export async function forgetSubscription(db: Db, id: bigint): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export function subscriptionsOf(db: Db, memberId: bigint) {
  return db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('member_id', '=', memberId).orderBy('id', 'desc').limit(5).execute();
}

export async function hasSubscription(db: Db, memberId: bigint): Promise<boolean> {
  return (await db.selectFrom('push_subscriptions').select('id').where('member_id', '=', memberId).limit(1).executeTakeFirst()) !== undefined;
}

/** What became of the notices written since `since`, and each channel's tries and delays over them. */
export async function figuresSince(db: Db, since: Date) {
  const [states, tries, delays] = await Promise.all([
    db
      .selectFrom('notices')
      .select(['state', sql<string>`count(*)`.as('count'), sql<string>`count(*) FILTER (WHERE finished_at - created_at <= interval '30 seconds')`.as('within')])
      .where('created_at', '>=', since)
      .groupBy('state')
      .execute(),
    db
      .selectFrom('notice_attempts')
      .select(['channel', 'outcome', sql<string>`count(*)`.as('count')])
      .where('at', '>=', since)
      .groupBy(['channel', 'outcome'])
      .execute(),
    db
      .selectFrom('notices')
      .select([
        'channel',
        sql<number | null>`percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM finished_at - created_at))`.as('median'),
        sql<number | null>`percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM finished_at - created_at))`.as('p95'),
      ])
      .where('created_at', '>=', since)
      .where('state', '=', 'sent')
      .groupBy('channel')
      .execute(),
  ]);
  return { states, tries, delays };
}
