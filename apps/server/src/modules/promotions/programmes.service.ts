import { type Language, type RefundCheck, minor, percentOf, toMajor } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { businessRule } from '../../errors.js';
import type { MemberContext } from '../auth/auth.service.js';
import type { ConditionService } from '../conditions/conditions.service.js';
import type { CreditedDeposit } from '../deposit/deposit-credit.js';
import type { SettingsService, SiteSettings } from '../settings/settings.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { bannerUrl } from './banner-images.js';
import { type InviteSignal, inviteVerdict, refundOwed, sameAccountName, textIn } from './promotions.rules.js';
import * as repo from './promotions.repository.js';
import type { Rewards } from './rewards.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const CHECK_VIOLATION = '23514';

/** What the member may claim now: the wallet's `invite` block (SPEC §3 Wallet response). Needs no other module, so the wallet can show it. */
export function createInviteSummary(deps: { db: Db; settings: Pick<SettingsService, 'site'> }) {
  return async (memberId: bigint) => {
    const [amount, site] = await Promise.all([repo.accruedTotal(deps.db, memberId), deps.settings.site()]);
    return { amount: toMajor(amount), success: site.inviteSuccessPercent, fail: site.inviteFailPercent };
  };
}

/** The invite and refund programmes (SPEC §2 Invite and refund, §7; DESIGN §6 Refund, Invite). */
export function createProgrammeService(deps: {
  db: Db;
  rewards: Rewards;
  settings: Pick<SettingsService, 'site'>;
  conditions: Pick<ConditionService, 'active'>;
  wallet: Pick<WalletService, 'refreshAll'>;
}) {
  const { db, rewards } = deps;

  /** How an invitee overlaps their inviter (issue 12 §2): recorded on every accrual. */
  async function overlapSignals(trx: Db, inviter: NonNullable<Awaited<ReturnType<typeof repo.findMember>>>, invitee: NonNullable<Awaited<ReturnType<typeof repo.findMember>>>, site: SiteSettings): Promise<InviteSignal[]> {
    const signals: InviteSignal[] = [];
    if (inviter.bank_account_no === invitee.bank_account_no) signals.push('same_bank_account');
    if (sameAccountName(inviter.bank_account_name, invitee.bank_account_name)) signals.push('same_account_name');
    if (invitee.registered_ip) {
      const since = new Date(new Date(invitee.created_at).getTime() - site.inviteOverlapDays * DAY_MS);
      const seen = [{ ip: inviter.registered_ip, user_agent: inviter.registered_user_agent }, ...(await repo.sessionFingerprints(trx, inviter.id, since))];
      const sameAddress = seen.filter((place) => place.ip === invitee.registered_ip);
      if (sameAddress.length > 0) signals.push('same_address');
      // The same browser build on the same address: as near to "the same phone" as the server can tell.
      if (invitee.registered_user_agent && sameAddress.some((place) => place.user_agent === invitee.registered_user_agent)) signals.push('same_device');
    }
    return signals;
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
      const invitee = await repo.findMember(trx, deposit.memberId);
      if (!invitee?.inviter_id || invitee.inviter_id === invitee.id) return;
      const inviter = await repo.findMember(trx, invitee.inviter_id);
      if (!inviter) return;
      const amount = percentOf(minor(deposit.amount), site.inviteRatePercent);
      if (amount <= 0n) return;
      const signals = await overlapSignals(trx, inviter, invitee, site);
      await repo.insertAccrual(trx, { inviter_id: inviter.id, invitee_id: invitee.id, deposit_id: deposit.depositId, amount, status: inviteVerdict(signals), signals });
    },

    async inviteInfo(language: Language) {
      const site = await deps.settings.site();
      return { inviteSuccess: site.inviteSuccessPercent, inviteFail: site.inviteFailPercent, ratePercent: site.inviteRatePercent, enabled: site.inviteEnabled, info: textIn(site.inviteInfo, language) };
    },

    async invites(context: MemberContext, page: number, limit: number) {
      const { total, rows } = await repo.accrualsPage(db, context.memberId, page, limit);
      return { total, invites: rows.map((row) => ({ from: { name: row.name }, amount: toMajor(row.amount), createdAt: new Date(row.created_at).toISOString(), status: row.status })) };
    },

    /** GET /api/invite/bonus: every accrued reward at once, once (the accruals are locked and marked in the same transaction). */
    async claimInvite(context: MemberContext, idempotencyKey: string | null) {
      const site = await deps.settings.site();
      if (!site.inviteEnabled) throw businessRule('INVITE_INACTIVE');
      return db.transaction().execute(async (trx) => {
        const { replay } = await rewards.begin(trx, context.memberId, idempotencyKey);
        if (replay) return { message: 'INVITE_BONUS_SUCCESS' as const, amount: toMajor(replay.amount) };
        const accruals = await repo.lockClaimableAccruals(trx, context.memberId);
        const amount = accruals.reduce((total, accrual) => total + accrual.amount, 0n);
        if (amount <= 0n) {
          const held = await repo.inviteStanding(trx, context.memberId);
          // Nobody invited yet; rewards only waiting for an operator's check; or simply nothing new.
          throw businessRule(held.invitees === 0 ? 'NO_INVITEE_PLAY_INFO' : held.inReview > 0 ? 'INVITE_COLLECT' : 'NO_INVITE_BONUS');
        }
        const claim = await rewards.pay(trx, {
          memberId: context.memberId,
          kind: 'invite',
          offerCode: null,
          source: 'INVITE',
          amount: minor(amount),
          depositAmount: 0n,
          condition: site.inviteHasCondition ? { successPercent: site.inviteSuccessPercent, failPercent: site.inviteFailPercent, clearMode: 'remaining' } : null,
          idempotencyKey,
        });
        await repo.markAccrualsClaimed(trx, accruals.map((accrual) => accrual.id), claim.id);
        return { message: 'INVITE_BONUS_SUCCESS' as const, amount: toMajor(amount) };
      }).catch((error: unknown) => {
        // The ledger refusing the payment (a kip wallet before kip expense accounts exist, issue 15).
        if ((error as { code?: string }).code === CHECK_VIOLATION) throw businessRule('INVITE_BONUS_FAIL');
        throw error;
      });
    },

    /** SPEC §3 Refund check: game results are brought up to date first, so the loss is today's. */
    async checkRefund(context: MemberContext, language: Language): Promise<RefundCheck> {
      const site = await deps.settings.site();
      await deps.wallet.refreshAll(context).catch(() => undefined);
      const [total, mark, active] = await Promise.all([repo.netGameLoss(db, context.memberId), repo.lastRefundMark(db, context.memberId), deps.conditions.active(db, context.memberId)]);
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
      const site = await deps.settings.site();
      if (!site.refundEnabled) throw businessRule('REFUND_INACTIVE');
      await deps.wallet.refreshAll(context).catch(() => undefined);
      return db.transaction().execute(async (trx) => {
        const { replay } = await rewards.begin(trx, context.memberId, idempotencyKey, 'refund');
        if (replay) return { message: 'REFUND_SUCCESS' as const, amount: toMajor(replay.amount) };
        const total = await repo.netGameLoss(trx, context.memberId);
        // Never played: there is no refund to speak of; played, but nothing lost since the last one: not above 0.
        if (!(await repo.hasGameResults(trx, context.memberId))) throw businessRule('NO_REFUND');
        const owed = refundOwed(total, await repo.lastRefundMark(trx, context.memberId), site.refundRatePercent);
        if (owed.amount <= 0n) throw businessRule('REFUND_MINIMUM');
        const claim = await rewards.pay(trx, {
          memberId: context.memberId,
          kind: 'refund',
          offerCode: null,
          source: 'REFUND',
          amount: owed.amount,
          depositAmount: 0n,
          condition: site.refundHasCondition ? { successPercent: site.refundSuccessPercent, failPercent: site.refundFailPercent, clearMode: 'remaining' } : null,
          idempotencyKey,
        });
        await repo.insertRefundMark(trx, { claim_id: claim.id, member_id: context.memberId, net_loss_total: total });
        return { message: 'REFUND_SUCCESS' as const, amount: toMajor(owed.amount) };
      });
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
