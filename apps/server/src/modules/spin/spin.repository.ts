import { type Insertable, type Selectable, sql } from 'kysely';
import type { CurrencyCode } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

export type CampaignRow = Selectable<Database['spin_campaigns']>;
export type SliceRow = Selectable<Database['spin_slices']>;
export type SeedRow = Selectable<Database['spin_seeds']>;
export type SpinRow = Selectable<Database['spins']>;

// ---------- Coins
/** The net game loss already turned into coins, its row locked (made at 0 on the member's first result). */
export async function lockLossMark(trx: Db, memberId: bigint): Promise<bigint> {
  await trx.insertInto('spin_coin_loss_marks').values({ member_id: memberId, counted_loss: 0n }).onConflict((oc) => oc.column('member_id').doNothing()).execute();
  const row = await trx.selectFrom('spin_coin_loss_marks').select('counted_loss').where('member_id', '=', memberId).forUpdate().executeTakeFirstOrThrow();
  return row.counted_loss;
}

export async function moveLossMark(trx: Db, memberId: bigint, countedLoss: bigint): Promise<void> {
  await trx.updateTable('spin_coin_loss_marks').set({ counted_loss: countedLoss, updated_at: sql`now()` }).where('member_id', '=', memberId).execute();
}

// ---------- Campaigns
/** The campaign members with wallets in `currency` can spin now: active, and inside its window. */
export function activeCampaign(db: Db, now: Date, currency: CurrencyCode) {
  return db
    .selectFrom('spin_campaigns')
    .selectAll()
    .where('status', '=', 'active')
    .where('currency', '=', currency)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .executeTakeFirst();
}

export function slicesOf(db: Db, campaignId: string) {
  return db.selectFrom('spin_slices').selectAll().where('campaign_id', '=', campaignId).orderBy('position').execute();
}

export function allSlices(db: Db) {
  return db.selectFrom('spin_slices').selectAll().orderBy('campaign_id').orderBy('position').execute();
}

export function findCampaign(db: Db, id: string) {
  return db.selectFrom('spin_campaigns').selectAll().where('id', '=', id).executeTakeFirst();
}

export function lockCampaign(trx: Db, id: string) {
  return trx.selectFrom('spin_campaigns').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function listCampaigns(db: Db) {
  return db
    .selectFrom('spin_campaigns as c')
    .selectAll('c')
    .select((eb) => eb.selectFrom('spins').select((count) => count.fn.countAll<string>().as('n')).whereRef('spins.campaign_id', '=', 'c.id').as('spin_count'))
    .orderBy('c.created_at', 'desc')
    .execute();
}

export async function spinCount(db: Db, campaignId: string): Promise<number> {
  const row = await db.selectFrom('spins').select((eb) => eb.fn.countAll<string>().as('n')).where('campaign_id', '=', campaignId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertCampaign(trx: Db, campaign: Insertable<Database['spin_campaigns']>, slices: Omit<Insertable<Database['spin_slices']>, 'campaign_id'>[]): Promise<CampaignRow> {
  const row = await trx.insertInto('spin_campaigns').values(campaign).returningAll().executeTakeFirstOrThrow();
  await trx
    .insertInto('spin_slices')
    .values(slices.map((slice) => ({ ...slice, campaign_id: row.id })))
    .execute();
  return row;
}

export async function setStatus(trx: Db, id: string, status: CampaignRow['status'], now: Date): Promise<CampaignRow> {
  return trx.updateTable('spin_campaigns').set({ status, updated_at: now }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Pauses whichever campaign of the currency is active, so another can be activated; the ids it paused. */
export async function pauseActive(trx: Db, now: Date, currency: CurrencyCode): Promise<string[]> {
  const rows = await trx.updateTable('spin_campaigns').set({ status: 'paused', updated_at: now }).where('status', '=', 'active').where('currency', '=', currency).returning('id').execute();
  return rows.map((row) => row.id);
}

// ---------- Seeds
export function lockCurrentSeed(trx: Db, memberId: bigint) {
  return trx.selectFrom('spin_seeds').selectAll().where('member_id', '=', memberId).where('revealed_at', 'is', null).forUpdate().executeTakeFirst();
}

export function findSeed(db: Db, id: string) {
  return db.selectFrom('spin_seeds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export function insertSeed(trx: Db, seed: { member_id: bigint; server_seed: string; server_seed_hash: string; client_seed: string }) {
  return trx.insertInto('spin_seeds').values(seed).returningAll().executeTakeFirstOrThrow();
}

export async function advanceNonce(trx: Db, seedId: string): Promise<void> {
  await trx
    .updateTable('spin_seeds')
    .set({ next_nonce: sql`next_nonce + 1` })
    .where('id', '=', seedId)
    .execute();
}

export async function revealSeed(trx: Db, seedId: string, now: Date): Promise<void> {
  await trx.updateTable('spin_seeds').set({ revealed_at: now }).where('id', '=', seedId).execute();
}

// ---------- Spins and coupons
export function findSpinByKey(trx: Db, memberId: bigint, key: string) {
  return trx.selectFrom('spins').selectAll().where('member_id', '=', memberId).where('idempotency_key', '=', key).executeTakeFirst();
}

export function insertSpin(trx: Db, spin: Insertable<Database['spins']>) {
  return trx.insertInto('spins').values(spin).returningAll().executeTakeFirstOrThrow();
}

/** A member's spins, newest first, with their campaign's name; `couponsOnly` keeps those that won something. */
export async function spinsOf(db: Db, memberId: bigint, page: number, limit: number, couponsOnly: boolean) {
  let base = db.selectFrom('spins').where('spins.member_id', '=', memberId);
  if (couponsOnly) base = base.where('spins.status', '<>', 'none');
  const [rows, total] = await Promise.all([
    base
      .innerJoin('spin_campaigns', 'spin_campaigns.id', 'spins.campaign_id')
      .selectAll('spins')
      .select('spin_campaigns.name as campaign_name')
      .orderBy('spins.created_at', 'desc')
      .orderBy('spins.id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

const memberSpin = (db: Db, memberId: bigint, id: string) =>
  db
    .selectFrom('spins')
    .innerJoin('spin_campaigns', 'spin_campaigns.id', 'spins.campaign_id')
    .selectAll('spins')
    .select('spin_campaigns.name as campaign_name')
    .where('spins.id', '=', id)
    .where('spins.member_id', '=', memberId);

export function lockSpin(trx: Db, memberId: bigint, id: string) {
  return memberSpin(trx, memberId, id).forUpdate('spins').executeTakeFirst();
}

export function findSpin(db: Db, memberId: bigint, id: string) {
  return memberSpin(db, memberId, id).executeTakeFirst();
}

export async function markClaimed(trx: Db, id: string, claim: { claim_id: string | null; claim_transfer_id: bigint; claim_key: string | null; claimed_at: Date }): Promise<void> {
  await trx
    .updateTable('spins')
    .set({ ...claim, status: 'claimed' })
    .where('id', '=', id)
    .execute();
}

/** Recent spins with their seeds, for the member's verification list. */
export function recentSpins(db: Db, memberId: bigint, limit: number) {
  return db
    .selectFrom('spins')
    .innerJoin('spin_seeds', 'spin_seeds.id', 'spins.seed_id')
    .select(['spins.id', 'spins.slice_code', 'spins.slice_label', 'spins.weights', 'spins.nonce', 'spins.created_at', 'spin_seeds.server_seed', 'spin_seeds.server_seed_hash', 'spin_seeds.client_seed', 'spin_seeds.revealed_at'])
    .where('spins.member_id', '=', memberId)
    .orderBy('spins.created_at', 'desc')
    .orderBy('spins.nonce', 'desc')
    .limit(limit)
    .execute();
}

// ---------- Operator
/** Per slice of a campaign: spins that landed on it, coupons claimed and what they paid. */
export function campaignTallies(db: Db, campaignId: string) {
  return db
    .selectFrom('spins')
    .select((eb) => [
      'slice_position',
      eb.fn.countAll<string>().as('spins'),
      eb.fn.count<string>('claimed_at').as('claimed'),
      eb.fn.sum<string>(eb.case().when('status', '=', 'claimed').then(eb.ref('prize_amount')).else(0n).end()).as('paid'),
    ])
    .where('campaign_id', '=', campaignId)
    .groupBy('slice_position')
    .execute();
}

export function lockSpinById(trx: Db, id: string) {
  return trx.selectFrom('spins').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function voidCoupon(trx: Db, id: string, reason: string): Promise<void> {
  await trx.updateTable('spins').set({ status: 'voided', void_reason: reason }).where('id', '=', id).execute();
}

/**
 * Money prizes not yet claimed whose coupon expires after `now` and by `until`, among those that
 * were claimable for longer than `ahead` (a prize that lives a day or less needs no reminder).
 */
export function prizesEndingBy(db: Db, now: Date, until: Date, aheadSeconds: number) {
  return db
    .selectFrom('spins')
    .innerJoin('spin_campaigns', 'spin_campaigns.id', 'spins.campaign_id')
    .select(['spins.id', 'spins.member_id', 'spins.prize_amount', 'spin_campaigns.currency'])
    .where('spins.status', '=', 'claimable')
    .where('spins.prize_kind', 'in', ['cash', 'bonus'])
    .where('spins.prize_amount', '>', 0n)
    .where('spins.expires_at', '>', now)
    .where('spins.expires_at', '<=', until)
    .where(sql<boolean>`spins.created_at < spins.expires_at - make_interval(secs => ${aheadSeconds})`)
    .execute();
}
