import crypto from 'node:crypto';
import { toMajor } from '@wallet/contract';
import type { TrueMoney } from '../../adapters/truemoney.js';
import type { Db } from '../../db/database.js';
import { AppError, badRequest, conflict } from '../../errors.js';
import type { MemberContext } from '../../http/context.js';
import type { DepositCredit } from './deposit-credit.js';
import * as repo from './truelink.repository.js';
import type { RedemptionRow } from './truelink.repository.js';

const GIFT_LINK = /^https:\/\/gift\.truemoney\.com\/campaign\/\?v=([0-9A-Za-z]+)$/;
const ALREADY_USED = new Set(['VOUCHER_OUT_OF_STOCK', 'TARGET_USER_REDEEMED']);

/**
 * SPEC §7: the client encrypts the link with the shared secret: AES-256-GCM, key = SHA-256 of the
 * secret, base64 of iv(12) ‖ ciphertext ‖ tag(16). It only obfuscates (the secret ships in the
 * web app); TLS is what protects the link.
 */
export function decryptTruelink(encrypted: string, secret: string): string | null {
  const raw = Buffer.from(encrypted, 'base64');
  if (raw.length < 12 + 16 + 1) return null;
  try {
    const key = crypto.createHash('sha256').update(secret).digest();
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export interface TruelinkDeps {
  db: Db;
  deposits: Pick<DepositCredit, 'credit' | 'refusal'>;
  trueMoney: TrueMoney;
  secret: string;
  receivingMobile: string;
  now: () => Date;
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
  /** How long a request calling TrueMoney holds its intent: the adapter's timeout and a margin. */
  leaseMs: number;
  /** Open intents untouched this long are the reconciler's. */
  reconcileAfterMs: number;
  /** An intent whose voucher is still redeemable this long after it was opened is closed (nothing moved). */
  giveUpAfterMs: number;
}

/**
 * Gift links (DESIGN §6), crash-safe like provider transfers (DESIGN §5): the intent is recorded
 * before TrueMoney is called; the credit (deposit, ledger post keyed by the voucher, intent marked
 * credited) is one transaction; an intent a crash or an unknown answer left open is finished by
 * the member sending the link again or by the reconciler, from the voucher's status at TrueMoney.
 */
export function createTruelinkService(deps: TruelinkDeps) {
  const { db, trueMoney } = deps;
  const mobile = deps.receivingMobile;
  const lease = () => new Date(deps.now().getTime() + deps.leaseMs);

  /** Credits a voucher TrueMoney put into our number, once, to the member whose redemption it was. */
  async function credit(hash: string, memberId: bigint, amount: bigint): Promise<RedemptionRow> {
    return db.transaction().execute(async (trx) => {
      const row = (await repo.lockIntent(trx, hash))!;
      if (row.state === 'credited') return row;
      // A gift link is paid when the member hands it in: its intent's creation.
      await deps.deposits.credit(trx, { memberId, method: 'TRUEMONEY', amount, externalRef: `truemoney:${hash}`, paidAt: row.created_at });
      return repo.markCredited(trx, hash, memberId, amount);
    });
  }

  /**
   * Takes an intent this caller holds as far as TrueMoney's answers allow. A fresh request redeems
   * at once; a member sending the link again (`resend`) and the reconciler first ask the voucher's
   * status, since an earlier attempt may have redeemed it. Only a member's request redeems: the
   * reconciler records what happened and never moves money at TrueMoney on its own. Redeeming again
   * is safe: TrueMoney gives a number one ticket of a voucher, and answers TARGET_USER_REDEEMED after.
   */
  async function finish(intent: RedemptionRow, mode: 'request' | 'resend' | 'reconcile'): Promise<RedemptionRow> {
    const hash = intent.voucher_hash;
    // Redeemed and recorded before this code existed, but never credited.
    if (intent.status_code === 'SUCCESS' && intent.amount !== null) return credit(hash, intent.member_id, intent.amount);
    let step = mode === 'request' ? 'redeem' : 'status';
    for (let round = 0; round < 3; round += 1) {
      if (step === 'status') {
        const status = await trueMoney.status(hash, mobile);
        if (status.kind === 'ours') return credit(hash, intent.member_id, status.amount);
        if (status.kind === 'gone') return repo.markFailed(db, hash, status.code);
        if (status.kind === 'unknown') return repo.markUnknown(db, hash, status.code);
        if (mode === 'reconcile') {
          // Still redeemable, so nothing moved: once no attempt can still land, the member keeps the link.
          const old = deps.now().getTime() - intent.created_at.getTime() >= deps.giveUpAfterMs;
          return old ? repo.markFailed(db, hash, intent.status_code === 'PENDING' ? 'NOT_REDEEMED' : intent.status_code) : repo.markUnknown(db, hash, intent.status_code);
        }
        step = 'redeem';
        continue;
      }
      const outcome = await trueMoney.redeem(hash, mobile);
      if (outcome.kind === 'redeemed') return credit(hash, intent.member_id, outcome.amount);
      if (outcome.kind === 'unknown') {
        deps.log.warn({ voucher: hash, code: outcome.code }, 'TrueMoney redemption outcome unknown; left for the reconciler');
        return repo.markUnknown(db, hash, outcome.code);
      }
      // Our number has its ticket already (an attempt a crash cut short): the status says how much.
      if (outcome.code !== 'TARGET_USER_REDEEMED') return repo.markFailed(db, hash, outcome.code);
      step = 'status';
    }
    return repo.markFailed(db, hash, 'TARGET_USER_REDEEMED');
  }

  /** What the member who sent the link is told about the intent it ended in. */
  function answer(row: RedemptionRow, memberId: bigint, heldByThisRequest: boolean): { amount: number } {
    if (row.state === 'credited') {
      if (heldByThisRequest && row.member_id === memberId) return { amount: toMajor(row.amount!) };
      throw conflict('TRUELINK_DUPLICATE');
    }
    if (row.state === 'redeeming') throw new AppError('TRUELINK_INVALID', 502);
    if (ALREADY_USED.has(row.status_code)) throw conflict('TRUELINK_DUPLICATE');
    throw badRequest('TRUELINK_INVALID');
  }

  /**
   * A link sent again while its intent is open: waits for the attempt in progress, then finishes it
   * here. `repeat`: the same request again (its Idempotency-Key seen before): the member who was
   * credited is told the credit again, as the first answer said, instead of TRUELINK_DUPLICATE.
   */
  async function resume(hash: string, memberId: bigint, repeat: boolean): Promise<{ amount: number }> {
    for (;;) {
      const row = await repo.findIntent(db, hash);
      if (!row) throw new Error(`intent ${hash} vanished`);
      // Another member's redemption of this voucher is under way: the link is theirs.
      if (row.state === 'redeeming' && row.member_id !== memberId) throw conflict('TRUELINK_DUPLICATE');
      if (row.state !== 'redeeming') return answer(row, memberId, repeat);
      const now = deps.now();
      if (!row.lease_until || row.lease_until < now) {
        const held = await repo.takeOver(db, hash, now, lease());
        if (held) return answer(await finish(held, 'resend'), memberId, true);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    async redeem(context: MemberContext, encryptedLink: string, options: { repeat?: boolean } = {}): Promise<{ amount: number }> {
      // A gift link holds baht: it never pays into a kip wallet.
      if (context.currency !== 'THB') throw badRequest('KEY_INVALID');
      const link = decryptTruelink(encryptedLink, deps.secret);
      const hash = link ? GIFT_LINK.exec(link.trim())?.[1] : undefined;
      if (!hash) throw badRequest('TRUELINK_INVALID');
      // The voucher's amount is known once it is redeemed: refused while nothing of a limit is left.
      const refused = await deps.deposits.refusal(db, context.memberId, { amount: 1n, replacingMethod: null });
      if (refused) throw refused;
      const intent = await repo.openIntent(db, { hash, memberId: context.memberId, at: deps.now(), leaseUntil: lease() });
      if (!intent) return resume(hash, context.memberId, options.repeat ?? false);
      return answer(await finish(intent, 'request'), context.memberId, true);
    },

    /** The reconciler's sweep: finishes intents a crash or an unknown answer left open. Safe on several nodes. */
    async reconcile(): Promise<{ credited: number; failed: number; stillOpen: number }> {
      const now = deps.now();
      const claimed = await repo.claimStale(db, new Date(now.getTime() - deps.reconcileAfterMs), now, lease(), 200);
      const counts = { credited: 0, failed: 0, stillOpen: 0 };
      for (const intent of claimed) {
        const row = await finish(intent, 'reconcile');
        if (row.state === 'credited') counts.credited += 1;
        else if (row.state === 'failed') counts.failed += 1;
        else counts.stillOpen += 1;
      }
      if (claimed.length) deps.log.info(counts, 'reconciled gift-link redemptions');
      return counts;
    },
  };
}
export type TruelinkService = ReturnType<typeof createTruelinkService>;
