import { type Insertable, type Selectable, type Updateable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

export type OfferRow = Selectable<Database['offers']>;
export type ClaimRow = Selectable<Database['reward_claims']>;
export type BannerRow = Selectable<Database['banners']>;
export type AccrualRow = Selectable<Database['invite_accruals']>;

// ---------- Offers
export function listOffers(db: Db, filter: { kind?: OfferRow['kind'] | undefined; status?: OfferRow['status'] | undefined }) {
  let query = db.selectFrom('offers').selectAll();
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.status) query = query.where('status', '=', filter.status);
  return query.orderBy('sort_order').orderBy('code').execute();
}

export function findOffer(db: Db, code: string) {
  return db.selectFrom('offers').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function insertOffer(trx: Db, values: Insertable<Database['offers']>): Promise<OfferRow | undefined> {
  return trx.insertInto('offers').values(values).onConflict((oc) => oc.column('code').doNothing()).returningAll().executeTakeFirst();
}

export function updateOffer(trx: Db, code: string, kind: OfferRow['kind'], values: Updateable<Database['offers']>) {
  return trx.updateTable('offers').set({ ...values, updated_at: sql`now()` }).where('code', '=', code).where('kind', '=', kind).returningAll().executeTakeFirst();
}

export function lockOffer(trx: Db, code: string) {
  return trx.selectFrom('offers').selectAll().where('code', '=', code).forUpdate().executeTakeFirst();
}

/** Takes one place under a promotion's global cap; undefined when it is full (the conditional update decides races). */
export function takeOfferPlace(trx: Db, code: string) {
  return trx
    .updateTable('offers')
    .set((eb) => ({ claimed_count: eb('claimed_count', '+', 1) }))
    .where('code', '=', code)
    .where((eb) => eb.or([eb('global_cap', 'is', null), eb('claimed_count', '<', eb.ref('global_cap'))]))
    .returning('claimed_count')
    .executeTakeFirst();
}

/** Paid per offer, for the console. */
export async function paidPerOffer(db: Db): Promise<Map<string, bigint>> {
  const rows = await db.selectFrom('reward_claims').select(['offer_code', (eb) => eb.fn.sum<string>('amount').as('paid')]).where('offer_code', 'is not', null).groupBy('offer_code').execute();
  return new Map(rows.map((row) => [row.offer_code!, BigInt(row.paid)]));
}

// ---------- Claims
export function claimsOf(db: Db, memberId: bigint, offerCode: string) {
  return db.selectFrom('reward_claims').select(['id', 'claim_day', 'claim_week', 'created_at']).where('member_id', '=', memberId).where('offer_code', '=', offerCode).orderBy('created_at', 'desc').execute();
}

/** Every offer claim of a member, for the bonus screen's states. */
export function offerClaimsOf(db: Db, memberId: bigint) {
  return db.selectFrom('reward_claims').select(['id', 'offer_code', 'claim_day', 'claim_week', 'created_at', 'condition_id']).where('member_id', '=', memberId).where('offer_code', 'is not', null).execute();
}

export function findClaimByKey(db: Db, memberId: bigint, key: string) {
  return db.selectFrom('reward_claims').selectAll().where('member_id', '=', memberId).where('idempotency_key', '=', key).executeTakeFirst();
}

export function insertClaim(trx: Db, values: Insertable<Database['reward_claims']>) {
  return trx.insertInto('reward_claims').values(values).returningAll().executeTakeFirstOrThrow();
}

/** When the member last took an offer: deposits after it qualify for the next one. */
export async function lastOfferClaimAt(db: Db, memberId: bigint): Promise<Date | null> {
  const row = await db.selectFrom('reward_claims').select((eb) => eb.fn.max('created_at').as('at')).where('member_id', '=', memberId).where('kind', 'in', ['bonus', 'promotion']).executeTakeFirst();
  return row?.at ? new Date(row.at) : null;
}

// ---------- Invite
export function insertAccrual(trx: Db, values: Insertable<Database['invite_accruals']>) {
  return trx.insertInto('invite_accruals').values(values).onConflict((oc) => oc.column('deposit_id').doNothing()).returningAll().executeTakeFirst();
}

/** Accrued rewards waiting to be claimed, locked: a second claim racing finds none. */
export function lockClaimableAccruals(trx: Db, inviterId: bigint) {
  return trx.selectFrom('invite_accruals').select(['id', 'amount']).where('inviter_id', '=', inviterId).where('status', '=', 'accrued').forUpdate().execute();
}

export function claimableAccruals(db: Db, inviterId: bigint) {
  return db.selectFrom('invite_accruals').select(['id', 'amount']).where('inviter_id', '=', inviterId).where('status', '=', 'accrued').execute();
}

export async function accruedTotal(db: Db, inviterId: bigint): Promise<bigint> {
  const row = await db.selectFrom('invite_accruals').select((eb) => eb.fn.sum<string>('amount').as('total')).where('inviter_id', '=', inviterId).where('status', '=', 'accrued').executeTakeFirst();
  return BigInt(row?.total ?? 0);
}

/** How many of the inviter's rewards wait for an operator's check. */
export async function accrualsInReview(db: Db, inviterId: bigint): Promise<number> {
  const row = await db.selectFrom('invite_accruals').select((eb) => eb.fn.countAll<string>().as('count')).where('inviter_id', '=', inviterId).where('status', '=', 'review').executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A batch of every accrual in id order, after `afterId` (the invite invariant reads them all, a batch at a time). */
export function accrualsAfter(db: Db, afterId: string | null, limit: number) {
  let query = db.selectFrom('invite_accruals').select(['id', 'inviter_id', 'invitee_id', 'deposit_id', 'amount', 'rate_percent']);
  if (afterId !== null) query = query.where('id', '>', afterId);
  return query.orderBy('id').limit(limit).execute();
}

/** Invite claims that paid other than the accruals they took. */
export async function inviteClaimsOtherThanAccruals(db: Db, limit: number): Promise<string[]> {
  const result = await sql<{ id: string }>`
    SELECT c.id::text AS id FROM reward_claims c
    WHERE c.kind = 'invite' AND c.amount <> (SELECT coalesce(sum(a.amount), 0) FROM invite_accruals a WHERE a.claim_id = c.id)
    LIMIT ${limit}`.execute(db);
  return result.rows.map((row) => row.id);
}

export async function markAccrualsClaimed(trx: Db, ids: string[], claimId: string): Promise<void> {
  if (ids.length === 0) return;
  await trx.updateTable('invite_accruals').set({ status: 'claimed', claim_id: claimId }).where('id', 'in', ids).execute();
}

/** A page of the inviter's rows, newest first: the page's ids from the index alone, then those rows; their invitees come from the members port. */
export async function accrualsPage(db: Db, inviterId: bigint, page: number, limit: number) {
  const pageIds = db
    .selectFrom('invite_accruals')
    .select('id')
    .where('inviter_id', '=', inviterId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit);
  const [rows, total] = await Promise.all([
    db
      .selectFrom('invite_accruals')
      .select(['id', 'invitee_id', 'amount', 'status', 'created_at'])
      .where('id', 'in', pageIds)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    db.selectFrom('invite_accruals').select((eb) => eb.fn.countAll<string>().as('count')).where('inviter_id', '=', inviterId).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.count), rows };
}

/** Invite rewards waiting for an operator's check, oldest first; their members come from the members port. */
export async function reviewsPage(db: Db, page: number, limit: number) {
  const base = db.selectFrom('invite_accruals as a').where('a.status', '=', 'review');
  const [rows, total] = await Promise.all([
    base
      .select(['a.id', 'a.inviter_id', 'a.invitee_id', 'a.amount', 'a.status', 'a.signals', 'a.created_at'])
      .orderBy('a.created_at')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.count), rows };
}

export function lockAccrual(trx: Db, id: string) {
  return trx.selectFrom('invite_accruals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function decideAccrual(trx: Db, id: string, status: 'accrued' | 'refused', decidedBy: string) {
  return trx.updateTable('invite_accruals').set({ status, decided_by: decidedBy }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

// ---------- Refund
export async function lastRefundMark(db: Db, memberId: bigint): Promise<bigint> {
  const row = await db.selectFrom('refund_marks').select('net_loss_total').where('member_id', '=', memberId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  return row?.net_loss_total ?? 0n;
}

export async function insertRefundMark(trx: Db, values: Insertable<Database['refund_marks']>): Promise<void> {
  await trx.insertInto('refund_marks').values(values).execute();
}

export async function refundsPage(db: Db, memberId: bigint, page: number, limit: number) {
  const base = db.selectFrom('reward_claims').where('member_id', '=', memberId).where('kind', '=', 'refund');
  const [rows, total] = await Promise.all([
    base.select(['amount', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset((page - 1) * limit).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.count), rows };
}

// ---------- Banners
export function listBanners(db: Db, filter: { placement?: BannerRow['placement'] | undefined; offerCode?: string | undefined }) {
  let query = db.selectFrom('banners').selectAll();
  if (filter.placement) query = query.where('placement', '=', filter.placement);
  if (filter.offerCode) query = query.where('offer_code', '=', filter.offerCode);
  return query.orderBy('placement').orderBy('offer_code').orderBy('position').orderBy('created_at').execute();
}

export function insertBanner(trx: Db, values: Insertable<Database['banners']>) {
  return trx.insertInto('banners').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateBanner(trx: Db, id: string, values: Updateable<Database['banners']>) {
  return trx.updateTable('banners').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

export function deleteBanner(trx: Db, id: string) {
  return trx.deleteFrom('banners').where('id', '=', id).returningAll().executeTakeFirst();
}

export function findBannerByFile(db: Db, file: string) {
  return db.selectFrom('banners').select('image_file').where('image_file', '=', file).executeTakeFirst();
}

// ---------- Conditions shown with their offer
export function conditionOfferName(db: Db, code: string) {
  return db.selectFrom('offers').select('name').where('code', '=', code).executeTakeFirst();
}
