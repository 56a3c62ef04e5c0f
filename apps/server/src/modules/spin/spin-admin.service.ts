import { type AdminSpinCampaign, type AdminSpinRow, type ConfigChange, type LocalizedText, type SpinCampaignBody, type SpinReport, minorOf, toMajor } from '@wallet/contract';
import type { Db, Trx } from '../../db/database.js';
import { businessRule, conflict, notFound } from '../../errors.js';
import { decideOnce } from '../../db/decide-once.js';
import type { AuditTrail } from '../audit/audit-writer.js';
import type { AdminContext } from '../../http/context.js';
import { campaignReasons, expectedPerCoin, thresholdsFor } from '../approvals/approvals.rules.js';
import type { ApprovalService, Outcome } from '../approvals/approvals.service.js';
import { type SettingsService, moneyRules } from '../settings/settings.service.js';
import { accounts } from '../ledger/accounts.js';
import type { Ledger } from '../ledger/ledger.service.js';
import { cleanHtml } from '../promotions/promotions-admin.service.js';
import { textIn } from '../promotions/promotions.rules.js';
import * as repo from './spin.repository.js';
import { couponStatus, prizeAmount } from './spin.service.js';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const cleanTexts = (texts: LocalizedText): LocalizedText => ({ th: cleanHtml(texts.th), lo: cleanHtml(texts.lo), en: cleanHtml(texts.en) });

const prizeOf = (slice: repo.SliceRow) => ({ weight: slice.weight, prizeKind: slice.prize_kind, prizeAmount: slice.prize_amount });
/** What one coin is expected to pay, in major units (null when a wheel pays a coin or more per spin: it never runs out). */
function wheelValue(slices: repo.SliceRow[]): number | null {
  const expected = expectedPerCoin(slices.map(prizeOf));
  return Number.isFinite(expected) ? Math.round(expected) / 100 : null;
}

function toAdminCampaign(campaign: repo.CampaignRow, slices: repo.SliceRow[], spins: number): AdminSpinCampaign {
  return {
    _id: campaign.id,
    name: campaign.name as LocalizedText,
    currency: campaign.currency,
    status: campaign.status,
    startsAt: iso(campaign.starts_at),
    endsAt: iso(campaign.ends_at),
    slices: slices.map((slice) => ({
      code: slice.code,
      label: slice.label as LocalizedText,
      description: slice.description as LocalizedText,
      bgColor: slice.bg_color,
      textColor: slice.text_color,
      weight: slice.weight,
      prizeKind: slice.prize_kind,
      prizeAmount: prizeAmount(slice.prize_kind, slice.prize_amount),
      successPercent: slice.success_percent,
      failPercent: slice.fail_percent,
      couponDays: slice.coupon_days,
    })),
    spins,
    createdAt: new Date(campaign.created_at).toISOString(),
    updatedAt: new Date(campaign.updated_at).toISOString(),
  };
}

/** The operator side of the spin wheel: campaigns, what they paid against their odds, members' spins. Every change is audited. */
export function createSpinAdminService(deps: {
  db: Db;
  auditTrail: AuditTrail;
  ledger: Pick<Ledger, 'balances'>;
  now: () => Date;
  settings: Pick<SettingsService, 'site'>;
  approvals: Pick<ApprovalService, 'propose' | 'onApprove'>;
}) {
  const { db, now } = deps;
  const audit = (actor: AdminContext, action: string, detail: unknown, trx: Trx) => deps.auditTrail.record(trx, actor, action, detail);

  /** The campaign locked for activation; null when it already runs. */
  async function lockActivatable(trx: Db, id: string): Promise<repo.CampaignRow | null> {
    const campaign = await repo.lockCampaign(trx, id);
    if (!campaign) throw notFound('NO_DATA');
    if (campaign.ends_at !== null && new Date(campaign.ends_at) <= now()) throw businessRule('KEY_INVALID');
    return campaign.status === 'active' ? null : campaign;
  }
  async function activateLocked(trx: Trx, actor: AdminContext, campaign: repo.CampaignRow): Promise<void> {
    const paused = await repo.pauseActive(trx, now(), campaign.currency);
    await repo.setStatus(trx, campaign.id, 'active', now());
    await audit(actor, 'spin.campaign.activate', { id: campaign.id, paused }, trx);
  }
  deps.approvals.onApprove('spin.activate', async (trx, approver, change) => {
    const campaign = await lockActivatable(trx, change.subject);
    if (campaign) await activateLocked(trx, approver, campaign);
  });

  async function campaignView(id: string, trx: Db = db): Promise<AdminSpinCampaign> {
    const campaign = await repo.findCampaign(trx, id);
    if (!campaign) throw notFound('NO_DATA');
    return toAdminCampaign(campaign, await repo.slicesOf(trx, id), await repo.spinCount(trx, id));
  }

  return {
    async campaigns(): Promise<AdminSpinCampaign[]> {
      const [campaigns, slices] = await Promise.all([repo.listCampaigns(db), repo.allSlices(db)]);
      return campaigns.map((campaign) =>
        toAdminCampaign(
          campaign,
          slices.filter((slice) => slice.campaign_id === campaign.id),
          Number(campaign.spin_count ?? 0),
        ),
      );
    },

    async create(actor: AdminContext, body: SpinCampaignBody): Promise<AdminSpinCampaign> {
      const at = now();
      const campaign = await db.transaction().execute(async (trx) => {
        const row = await repo.insertCampaign(
          trx,
          { name: JSON.stringify(body.name), currency: body.currency, starts_at: body.startsAt, ends_at: body.endsAt, created_at: at, updated_at: at },
          body.slices.map((slice, position) => ({
            position,
            code: slice.code,
            label: JSON.stringify(slice.label),
            description: JSON.stringify(cleanTexts(slice.description)),
            bg_color: slice.bgColor,
            text_color: slice.textColor,
            weight: slice.weight,
            prize_kind: slice.prizeKind,
            prize_amount: slice.prizeKind === 'coins' ? BigInt(slice.prizeAmount) : slice.prizeKind === 'none' ? 0n : minorOf(slice.prizeAmount),
            success_percent: slice.successPercent,
            fail_percent: slice.failPercent,
            coupon_days: slice.couponDays,
          })),
        );
        await audit(actor, 'spin.campaign.create', { id: row.id, name: body.name, slices: body.slices.map(({ code, weight, prizeKind, prizeAmount }) => ({ code, weight, prizeKind, prizeAmount })) }, trx);
        return row;
      });
      return campaignView(campaign.id);
    },

    /**
     * One active campaign per currency: activating one pauses the other, in one transaction. A wheel
     * with a prize above the threshold, or paying more per coin than a coin costs, waits for a
     * second operator (a draft pays nothing, so its activation is what is approved).
     */
    async activate(actor: AdminContext, id: string): Promise<Outcome<AdminSpinCampaign>> {
      const pending = await db.transaction().execute(async (trx): Promise<ConfigChange | null> => {
        const campaign = await lockActivatable(trx, id);
        if (!campaign) return null;
        const slices = await repo.slicesOf(trx, id);
        const site = await deps.settings.site(trx);
        const coinValue = minorOf(moneyRules(site, campaign.currency).spinCoinAmount);
        const reasons = campaignReasons(slices.map(prizeOf), coinValue, thresholdsFor(site, campaign.currency));
        if (reasons.length === 0) {
          await activateLocked(trx, actor, campaign);
          return null;
        }
        const running = await repo.activeCampaign(trx, now(), campaign.currency);
        const summary = async (row: repo.CampaignRow, rows: repo.SliceRow[]) => ({
          campaignId: row.id,
          name: (row.name as LocalizedText).en,
          coinValue: toMajor(coinValue),
          expectedPerCoin: wheelValue(rows),
          topPrize: Math.max(0, ...rows.filter((slice) => slice.prize_kind === 'cash' || slice.prize_kind === 'bonus').map((slice) => toMajor(slice.prize_amount))),
          slices: rows.map((slice) => ({ code: slice.code, weight: slice.weight, prizeKind: slice.prize_kind, prizeAmount: prizeAmount(slice.prize_kind, slice.prize_amount) })),
        });
        return deps.approvals.propose(trx, actor, {
          kind: 'spin.activate',
          subject: id,
          currency: campaign.currency,
          reasons,
          proposed: await summary(campaign, slices),
          previous: running ? await summary(running, await repo.slicesOf(trx, running.id)) : null,
        });
      });
      return pending ? { pending } : { applied: await campaignView(id) };
    },

    async pause(actor: AdminContext, id: string): Promise<AdminSpinCampaign> {
      await db.transaction().execute(async (trx) => {
        const campaign = await repo.lockCampaign(trx, id);
        if (!campaign) throw notFound('NO_DATA');
        if (campaign.status !== 'active') throw conflict('KEY_INVALID');
        await repo.setStatus(trx, id, 'paused', now());
        await audit(actor, 'spin.campaign.pause', { id }, trx);
      });
      return campaignView(id);
    },

    /** Prizes paid against the odds: per slice, the share the weights promise beside the share that landed. */
    async report(id: string, language: 'th' | 'lo' | 'en' = 'th'): Promise<SpinReport> {
      const campaign = await repo.findCampaign(db, id);
      if (!campaign) throw notFound('NO_DATA');
      const [slices, tallies] = await Promise.all([repo.slicesOf(db, id), repo.campaignTallies(db, id)]);
      const totalWeight = slices.reduce((sum, slice) => sum + slice.weight, 0);
      const byPosition = new Map(tallies.map((tally) => [tally.slice_position, tally]));
      const totalSpins = tallies.reduce((sum, tally) => sum + Number(tally.spins), 0);
      let paidMinor = 0n;
      let paidCoins = 0n;
      const rows = slices.map((slice) => {
        const tally = byPosition.get(slice.position);
        const spins = Number(tally?.spins ?? 0);
        const paid = BigInt(tally?.paid ?? 0);
        if (slice.prize_kind === 'coins') paidCoins += paid;
        else paidMinor += paid;
        return {
          code: slice.code,
          label: textIn(slice.label, language),
          prizeKind: slice.prize_kind,
          weight: slice.weight,
          expectedShare: totalWeight > 0 ? slice.weight / totalWeight : 0,
          spins,
          observedShare: totalSpins > 0 ? spins / totalSpins : 0,
          claimed: Number(tally?.claimed ?? 0),
          paid: prizeAmount(slice.prize_kind, paid),
        };
      });
      return { campaignId: id, spins: totalSpins, slices: rows, paidBaht: toMajor(paidMinor), paidCoins: Number(paidCoins) };
    },

    async memberSpins(memberId: bigint, page: number, limit: number) {
      const [{ rows, total }, balances] = await Promise.all([repo.spinsOf(db, memberId, page, limit, false), deps.ledger.balances([accounts.coins(memberId).code])]);
      const spins: AdminSpinRow[] = rows.map((spin) => ({
        _id: spin.id,
        campaignId: spin.campaign_id,
        campaignName: textIn(spin.campaign_name, 'th'),
        code: spin.slice_code,
        label: textIn(spin.slice_label, 'th'),
        kind: spin.prize_kind,
        amount: prizeAmount(spin.prize_kind, spin.prize_amount),
        draw: spin.draw,
        nonce: spin.nonce,
        status: couponStatus(spin, now()),
        expiresAt: new Date(spin.expires_at).toISOString(),
        claimedAt: iso(spin.claimed_at),
        createdAt: new Date(spin.created_at).toISOString(),
      }));
      return { coins: Number(balances.get(accounts.coins(memberId).code) ?? 0n), total, spins };
    },

    /** Withdraws an unclaimed prize (a mistake, abuse): the member's claim then answers INVALID_PRIZE_CODE. */
    async voidCoupon(actor: AdminContext, id: string, reason: string): Promise<{ message: string }> {
      await decideOnce(deps, {
        lock: async (trx) => {
          const spin = await repo.lockSpinById(trx, id);
          // A "try again" won nothing: there is no prize to withdraw.
          if (spin?.status === 'none') throw conflict('KEY_INVALID');
          return spin;
        },
        // Voided by another operator, or claimed by the member: decided either way.
        isOpen: (spin) => spin.status === 'claimable',
        decidedBy: () => null,
        apply: (trx) => repo.voidCoupon(trx, id, reason),
        audit: { actor, action: 'spin.coupon.void', detail: (spin) => ({ id, memberId: String(spin.member_id), reason }) },
      });
      return { message: 'SUCCESS' };
    },
  };
}
export type SpinAdminService = ReturnType<typeof createSpinAdminService>;
