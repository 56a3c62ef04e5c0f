import type { Members, MemberRow } from '../account/members.js';
import type { SignIns } from '../auth/sign-ins.js';
import { type Language, type RefundCheck, type RewardPreview, minor, percentOf, toMajor, walletCurrencyOf } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { type AppError, businessRule } from '../../errors.js';
import type { MemberContext } from '../../http/context.js';
import type { ConditionService } from '../conditions/conditions.service.js';
import type { CreditedDeposit } from '../deposit/deposit-credit.js';
import type { SettingsService, SiteSettings } from '../settings/settings.service.js';
import type { Ledger } from '../ledger/ledger.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { bannerUrl } from './banner-images.js';
import { keepingBlocked } from '../risk/keep-blocked.js';
import type { RiskService } from '../risk/risk.service.js';
import { type InviteSignal, inviteVerdict, refundOwed, sameAccountName, stricterVerdict, textIn } from './promotions.rules.js';
import * as repo from './promotions.repository.js';
import { type RewardQuote, type RewardTerms, type Rewards, toRewardPreview } from './rewards.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the member may claim now: the wallet's `invite` block (SPEC §3 Wallet response). Needs no other module, so the wallet can show it. */
export function createInviteSummary(deps: { db: Db; settings: Pick<SettingsService, 'site'> }) {
  return async (memberId: bigint) => {
    const [amount, site] = await Promise.all([repo.accruedTotal(deps.db, memberId), deps.settings.site()]);
    return { amount: toMajor(amount), success: site.inviteSuccessPercent, fail: site.inviteFailPercent };
  };
}

/** The invite and refund programmes (SPEC §2 Invite and refund, §7; DESIGN §6 Refund, Invite). */
export function createProgrammeService(deps: {
  members: Pick<Members, 'find' | 'findMany' | 'inviteeCount' | 'registered'>;
  signIns: Pick<SignIns, 'placesSince'>;
  db: Db;
  rewards: Rewards;
  ledger: Pick<Ledger, 'netGameLoss' | 'gameResults'>;
  settings: Pick<SettingsService, 'site'>;
  conditions: Pick<ConditionService, 'active'>;
  wallet: Pick<WalletService, 'refreshAll'>;
  risk: Pick<RiskService, 'decide' | 'keepBlocked'>;
}) {
  const { db, rewards } = deps;

  /** How an invitee overlaps their inviter: recorded on every accrual. */
  async function overlapSignals(trx: Db, inviter: MemberRow, invitee: MemberRow, site: SiteSettings): Promise<InviteSignal[]> {
    const signals: InviteSignal[] = [];
    if (inviter.bank_account_no === invitee.bank_account_no) signals.push('same_bank_account');
    if (sameAccountName(inviter.bank_account_name, invitee.bank_account_name)) signals.push('same_account_name');
    if (invitee.registered_ip) {
      const since = new Date(new Date(invitee.created_at).getTime() - site.inviteOverlapDays * DAY_MS);
      const seen = [{ ip: inviter.registered_ip, user_agent: inviter.registered_user_agent }, ...(await deps.signIns.placesSince(trx, inviter.id, since))];
      const sameAddress = seen.filter((place) => place.ip === invitee.registered_ip);
      if (sameAddress.length > 0) signals.push('same_address');
      // The same browser build on the same address: as near to "the same phone" as the server can tell.
      if (invitee.registered_user_agent && sameAddress.some((place) => place.user_agent === invitee.registered_user_agent)) signals.push('same_device');
    }
    return signals;
  }

  const inviteTerms = (site: SiteSettings, amount: bigint): RewardTerms => ({
    kind: 'invite',
    amount: minor(amount),
    qualifyingDeposit: 0n,
    condition: site.inviteHasCondition ? { successPercent: site.inviteSuccessPercent, failPercent: site.inviteFailPercent, clearMode: 'remaining' } : null,
  });
  const refundTerms = (site: SiteSettings, amount: bigint): RewardTerms => ({
    kind: 'refund',
    amount: minor(amount),
    qualifyingDeposit: 0n,
    condition: site.refundHasCondition ? { successPercent: site.refundSuccessPercent, failPercent: site.refundFailPercent, clearMode: 'remaining' } : null,
  });

  /** Whether the accrued invite rewards may be claimed now, and the quote when they may. */
  async function evaluateInvite(trx: Db, context: MemberContext, accruals: { amount: bigint }[]): Promise<{ quote?: RewardQuote; refusal: AppError | null }> {
    const site = await deps.settings.site(trx);
    if (!site.inviteEnabled) return { refusal: businessRule('INVITE_INACTIVE') };
    const amount = accruals.reduce((total, accrual) => total + accrual.amount, 0n);
    if (amount <= 0n) {
      const [invitees, inReview] = await Promise.all([deps.members.inviteeCount(trx, context.memberId), repo.accrualsInReview(trx, context.memberId)]);
      // Nobody invited yet; rewards only waiting for an operator's check; or simply nothing new.
      return { refusal: businessRule(invitees === 0 ? 'NO_INVITEE_PLAY_INFO' : inReview > 0 ? 'INVITE_COLLECT' : 'NO_INVITE_BONUS') };
    }
    const quote = await rewards.quote(trx, context, inviteTerms(site, amount));
    return { quote, refusal: quote.refusal };
  }

  /** Whether a refund is owed now, and the quote when it is. */
  async function evaluateRefund(trx: Db, context: MemberContext): Promise<{ quote?: RewardQuote; refusal: AppError | null; lossTotal: bigint }> {
    const site = await deps.settings.site(trx);
    const { netLoss: lossTotal, played } = await deps.ledger.gameResults(context.memberId, trx);
    if (!site.refundEnabled) return { refusal: businessRule('REFUND_INACTIVE'), lossTotal };
    // Never played: there is no refund to speak of; played, but nothing lost since the last one: not above 0.
    if (!played) return { refusal: businessRule('NO_REFUND'), lossTotal };
    const owed = refundOwed(lossTotal, await repo.lastRefundMark(trx, context.memberId), site.refundRatePercent);
    if (owed.amount <= 0n) return { refusal: businessRule('REFUND_MINIMUM'), lossTotal };
    const quote = await rewards.quote(trx, context, refundTerms(site, owed.amount));
    return { quote, refusal: quote.refusal, lossTotal };
  }

  return {
    /**
     * The deposit credit's on-credited hook: the inviter of the depositing member accrues the
     * operator's rate of it, once per deposit (the deposit id is unique among accruals). Runs in the
     * deposit's transaction. Deposits are only real money in: bonus money never passes here.
     */
    async accrueInvite(trx: Db, deposit: CreditedDeposit): Promise<void> {
      const site = await deps.settings.site(trx);
      if (!site.inviteEnabled || site.inviteRatePercent <= 0) return;
      // Who invited a member is a registered fact the node keeps: most members were invited by nobody, and their deposits read no row here.
      const registered = await deps.members.registered(trx, deposit.memberId);
      if (!registered?.inviterId || registered.inviterId === deposit.memberId) return;
      const invitee = await deps.members.find(trx, deposit.memberId);
      if (!invitee?.inviter_id) return;
      const inviter = await deps.members.find(trx, invitee.inviter_id);
      if (!inviter) return;
      // A reward is paid in the inviter's currency: a friend whose wallet holds another earns nothing
      // (no rate converts kip into baht; the invite screen says so).
      if (walletCurrencyOf(inviter.currency) !== walletCurrencyOf(invitee.currency)) return;
      const amount = percentOf(minor(deposit.amount), site.inviteRatePercent);
      if (amount <= 0n) return;
      const signals = await overlapSignals(trx, inviter, invitee, site);
      const risk = await deps.risk.decide(trx, {
        movement: 'invite',
        memberId: inviter.id,
        amount,
        currency: walletCurrencyOf(inviter.currency),
        subject: deposit.depositId,
        invite: { sharesWithInviter: signals.some((signal) => signal !== 'same_address'), loop: inviter.inviter_id === invitee.id },
      });
      await repo.insertAccrual(trx, {
        inviter_id: inviter.id,
        invitee_id: invitee.id,
        deposit_id: deposit.depositId,
        amount,
        rate_percent: String(site.inviteRatePercent),
        status: stricterVerdict(inviteVerdict(signals), risk.outcome),
        signals,
      });
    },

    async inviteInfo(language: Language) {
      const site = await deps.settings.site();
      return {
        inviteSuccess: site.inviteSuccessPercent,
        inviteFail: site.inviteFailPercent,
        ratePercent: site.inviteRatePercent,
        enabled: site.inviteEnabled,
        info: textIn(site.inviteInfo, language),
        sameCurrencyOnly: true as const,
      };
    },

    async invites(context: MemberContext, page: number, limit: number) {
      const { total, rows } = await repo.accrualsPage(db, context.memberId, page, limit);
      const invitees = await deps.members.findMany(db, rows.map((row) => row.invitee_id));
      return { total, invites: rows.map((row) => ({ from: { name: invitees.get(row.invitee_id)!.name }, amount: toMajor(row.amount), createdAt: new Date(row.created_at).toISOString(), status: row.status })) };
    },

    /** GET /api/invite/bonus: every accrued reward at once, once (the accruals are locked and marked in the same transaction). */
    async claimInvite(context: MemberContext, idempotencyKey: string | null) {
      return keepingBlocked(deps.risk, () =>
        db.transaction().execute(async (trx) => {
          const { replay } = await rewards.begin(trx, context.memberId, idempotencyKey);
          if (replay) return { message: 'INVITE_BONUS_SUCCESS' as const, amount: toMajor(replay.amount) };
          const accruals = await repo.lockClaimableAccruals(trx, context.memberId);
          const { quote, refusal } = await evaluateInvite(trx, context, accruals);
          if (refusal || !quote) throw refusal ?? businessRule('NO_INVITE_BONUS');
          const claim = await rewards.pay(trx, { memberId: context.memberId, currency: context.currency, offerCode: null, source: 'INVITE', quote, idempotencyKey });
          await repo.markAccrualsClaimed(trx, accruals.map((accrual) => accrual.id), claim.id);
          return { message: 'INVITE_BONUS_SUCCESS' as const, amount: toMajor(quote.amount) };
        }),
      );
    },

    /** What claiming the invite rewards would do now, in money. */
    async previewInvite(context: MemberContext): Promise<RewardPreview> {
      const accruals = await repo.claimableAccruals(db, context.memberId);
      const active = await rewards.activeRefusal(db, context.memberId);
      const { quote, refusal } = await evaluateInvite(db, context, accruals);
      return toRewardPreview('INVITE', context.currency, quote ?? (await rewards.quote(db, context, inviteTerms(await deps.settings.site(), 0n))), active ?? refusal);
    },

    /** SPEC §3 Refund check: game results are brought up to date first, so the loss is today's. */
    async checkRefund(context: MemberContext, language: Language): Promise<RefundCheck> {
      const site = await deps.settings.site();
      await deps.wallet.refreshAll(context).catch(() => undefined);
      const [total, mark, active] = await Promise.all([deps.ledger.netGameLoss(context.memberId), repo.lastRefundMark(db, context.memberId), deps.conditions.active(db, context.memberId)]);
      const owed = refundOwed(total, mark, site.refundRatePercent);
      return {
        result: site.refundEnabled && owed.amount > 0n,
        bonus: active !== undefined,
        info: textIn(site.refundInfo, language),
        refundAmount: toMajor(owed.amount),
        refundSuccess: site.refundSuccessPercent,
        refundFail: site.refundFailPercent,
        netLoss: toMajor(owed.netLoss),
        ratePercent: site.refundRatePercent,
      };
    },

    /** Pays the refund owed now, once: the mark of the loss it covers is written with the claim. */
    async claimRefund(context: MemberContext, idempotencyKey: string | null) {
      await deps.wallet.refreshAll(context).catch(() => undefined);
      return keepingBlocked(deps.risk, () =>
        db.transaction().execute(async (trx) => {
          const { replay } = await rewards.begin(trx, context.memberId, idempotencyKey, 'refund');
          if (replay) return { message: 'REFUND_SUCCESS' as const, amount: toMajor(replay.amount) };
          const { quote, refusal, lossTotal } = await evaluateRefund(trx, context);
          if (refusal || !quote) throw refusal ?? businessRule('REFUND_MINIMUM');
          const claim = await rewards.pay(trx, { memberId: context.memberId, currency: context.currency, offerCode: null, source: 'REFUND', quote, idempotencyKey });
          await repo.insertRefundMark(trx, { claim_id: claim.id, member_id: context.memberId, net_loss_total: lossTotal });
          return { message: 'REFUND_SUCCESS' as const, amount: toMajor(quote.amount) };
        }),
      );
    },

    /** What claiming the refund would do now, in money (game results booked first, as the claim does). */
    async previewRefund(context: MemberContext): Promise<RewardPreview> {
      await deps.wallet.refreshAll(context).catch(() => undefined);
      const active = await rewards.activeRefusal(db, context.memberId, 'refund');
      const { quote, refusal } = await evaluateRefund(db, context);
      return toRewardPreview('REFUND', context.currency, quote ?? (await rewards.quote(db, context, refundTerms(await deps.settings.site(), 0n))), active ?? refusal);
    },

    async refunds(context: MemberContext, page: number, limit: number) {
      const { total, rows } = await repo.refundsPage(db, context.memberId, page, limit);
      return { total, refunds: rows.map((row) => ({ refundAmount: toMajor(row.amount), createdAt: new Date(row.created_at).toISOString() })) };
    },

    async banners(placement: 'invite' | 'refund', language: Language) {
      const rows = await repo.listBanners(db, { placement });
      return { banners: rows.map((banner) => ({ image: bannerUrl(banner.image_file), html: textIn(banner.html, language) })) };
    },
  };
}
export type ProgrammeService = ReturnType<typeof createProgrammeService>;
