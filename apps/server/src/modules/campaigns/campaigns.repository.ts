import { type RawBuilder, sql } from 'kysely';
import type { CampaignLanguage, CampaignPath, CampaignSegment, CampaignText } from '@wallet/contract';
import type { Db } from '../../db/database.js';

const DAY_MS = 86_400_000;

/**
 * The segment as SQL over `members m` left-joined to `member_notice_settings s`: active members,
 * narrowed by each filter given. Times are measured from `now` (the server's clock); a member who
 * never chose a language reads the site's.
 */
function segmentConditions(segment: CampaignSegment, now: Date, siteLanguage: CampaignLanguage): RawBuilder<boolean> {
  const since = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const conditions: RawBuilder<boolean>[] = [sql`m.status = 'active'`];
  if (segment.languages.length > 0) conditions.push(sql`coalesce(s.language, ${siteLanguage}) IN (${sql.join(segment.languages)})`);
  if (segment.currency) conditions.push(sql`m.currency = ${segment.currency}`);
  if (segment.sourceCode) conditions.push(sql`m.source_code = ${segment.sourceCode}`);
  if (segment.registeredWithinDays) conditions.push(sql`m.created_at >= ${since(segment.registeredWithinDays)}`);
  if (segment.activeWithinDays) conditions.push(sql`EXISTS (SELECT 1 FROM sessions x WHERE x.member_id = m.id AND x.created_at >= ${since(segment.activeWithinDays)})`);
  const deposits = segment.deposits;
  if (deposits.kind === 'within') conditions.push(sql`EXISTS (SELECT 1 FROM deposits d WHERE d.member_id = m.id AND d.created_at >= ${since(deposits.days)})`);
  if (deposits.kind === 'not_within') conditions.push(sql`NOT EXISTS (SELECT 1 FROM deposits d WHERE d.member_id = m.id AND d.created_at >= ${since(deposits.days)})`);
  if (deposits.kind === 'never') conditions.push(sql`NOT EXISTS (SELECT 1 FROM deposits d WHERE d.member_id = m.id)`);
  return sql<boolean>`(${sql.join(conditions, sql` AND `)})`;
}

/**
 * Whether an offer can reach the member: an offers channel chosen (LINE or the app: offers never
 * go by SMS) and no break or self-exclusion in force (the protection module's own function). The
 * worker decides again when it sends; this is the console's forecast and the spreading's count.
 */
const canReceiveOffers = sql<boolean>`(coalesce((s.channels -> 'offers') ?| array['line', 'push'], false) AND (protection_restriction(m.id)).refusal IS NULL)`;

const segmentMembers = (db: Db, segment: CampaignSegment, now: Date, siteLanguage: CampaignLanguage) =>
  db.selectFrom('members as m').leftJoin('member_notice_settings as s', 's.member_id', 'm.id').where(segmentConditions(segment, now, siteLanguage));

/** How many members the segment matches, and how many of them an offer can reach. */
export async function segmentCounts(db: Db, segment: CampaignSegment, now: Date, siteLanguage: CampaignLanguage): Promise<{ matched: number; reachable: number }> {
  const row = await segmentMembers(db, segment, now, siteLanguage)
    .select([sql<string>`count(*)`.as('matched'), sql<string>`count(*) FILTER (WHERE ${canReceiveOffers})`.as('reachable')])
    .executeTakeFirstOrThrow();
  return { matched: Number(row.matched), reachable: Number(row.reachable) };
}

/** The next members of the segment after `afterId`, in id order, each with whether an offer can reach them. */
export function segmentBatch(db: Db, segment: CampaignSegment, afterId: bigint, limit: number, now: Date, siteLanguage: CampaignLanguage) {
  return segmentMembers(db, segment, now, siteLanguage)
    .select(['m.id', canReceiveOffers.as('reachable')])
    .where('m.id', '>', afterId)
    .orderBy('m.id')
    .limit(limit)
    .execute();
}

export type CampaignRow = Awaited<ReturnType<typeof findCampaign>> & object;
const CAMPAIGN_COLUMNS = ['id', 'name', 'segment', 'texts', 'path', 'status', 'created_by', 'created_at', 'sent_by', 'sent_at', 'matched', 'written_through', 'updated_at'] as const;

/** A new draft; a campaign of that id already written stays as it was. True when this call wrote it. */
export async function insertCampaign(
  db: Db,
  campaign: { id: string; name: string; segment: CampaignSegment; texts: Partial<Record<CampaignLanguage, CampaignText>>; path: CampaignPath; createdBy: string },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insertInto('notice_campaigns')
    .values({ id: campaign.id, name: campaign.name, segment: JSON.stringify(campaign.segment), texts: JSON.stringify(campaign.texts), path: campaign.path, created_by: campaign.createdBy, created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}

export function findCampaign(db: Db, id: string) {
  return db.selectFrom('notice_campaigns').select(CAMPAIGN_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The campaign locked to the end of the caller's transaction: one send, one writer of its notices at a time. */
export function lockCampaign(trx: Db, id: string) {
  return trx.selectFrom('notice_campaigns').select(CAMPAIGN_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function markSending(trx: Db, id: string, sentBy: string, now: Date): Promise<void> {
  await trx.updateTable('notice_campaigns').set({ status: 'sending', sent_by: sentBy, sent_at: now, matched: 0, written_through: 0n, updated_at: now }).where('id', '=', id).execute();
}

/** A batch written: the members chosen so far and the last of them, in the batch's transaction. */
export async function recordBatch(trx: Db, id: string, batch: { members: number; lastMemberId: bigint }, now: Date): Promise<void> {
  await trx
    .updateTable('notice_campaigns')
    .set((update) => ({ matched: sql<number>`coalesce(${update.ref('matched')}, 0) + ${batch.members}`, written_through: batch.lastMemberId, updated_at: now }))
    .where('id', '=', id)
    .execute();
}

export async function markSent(trx: Db, id: string, now: Date): Promise<void> {
  await trx.updateTable('notice_campaigns').set({ status: 'sent', updated_at: now }).where('id', '=', id).execute();
}

/** Campaigns whose sending stopped (the node writing them died): nothing written since `before`. */
export async function stalledSends(db: Db, before: Date): Promise<string[]> {
  const rows = await db.selectFrom('notice_campaigns').select('id').where('status', '=', 'sending').where('updated_at', '<', before).execute();
  return rows.map((row) => row.id);
}

export async function listCampaigns(db: Db, page: number, limit: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('notice_campaigns')
      .select(CAMPAIGN_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db.selectFrom('notice_campaigns').select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

/** What became of each campaign's notices: counts by state (the notices carry the campaign's id in their facts). */
export async function noticeStates(db: Db, campaignIds: readonly string[]) {
  if (campaignIds.length === 0) return [];
  return db
    .selectFrom('notices')
    .select([sql<string>`facts ->> 'campaign'`.as('campaign'), 'state', sql<string>`count(*)`.as('count')])
    // Literal, so the planner matches the partial index (migration 085).
    .where(sql<boolean>`kind = ${sql.lit('offer')}`)
    .where(sql<string>`facts ->> 'campaign'`, 'in', campaignIds)
    .groupBy([sql`facts ->> 'campaign'`, 'state'])
    .execute();
}

export function textsOf(db: Db, id: string) {
  return db.selectFrom('notice_campaigns').select(['texts', 'path']).where('id', '=', id).executeTakeFirst();
}
