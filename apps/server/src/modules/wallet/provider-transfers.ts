import { type Minor, type ProviderCredits, bahtToCredits, creditsPerBaht, creditsToBaht } from '@wallet/contract';
import crypto from 'node:crypto';
import { Counter, Histogram } from 'prom-client';
import { type GameProviderAdapter, ProviderUnavailableError } from '../../adapters/game-provider.js';
import { type Db, isUniqueViolation } from '../../db/database.js';
import { AppError, businessRule, forbidden } from '../../errors.js';
import type { IdempotencyClaim } from '../../db/idempotency-keys.js';
import { accounts } from '../ledger/accounts.js';
import type { MemberContext } from '../../http/context.js';
import type { Ledger } from '../ledger/ledger.service.js';
import { type Metrics, REQUEST_DURATION_BUCKETS } from '../../metrics.js';
import { currentRequestId } from '../../request-context.js';
import { createProviderCache } from './provider-cache.js';
import * as repo from './wallet.repository.js';

export type TransferState = 'posted' | 'voided' | 'pending';

/** Runs in the transaction that booked a member's game results: whatever it writes stands or falls with them. */
export type ResultsBooked = (trx: Db, memberId: bigint) => Promise<void>;

/**
 * Two-phase transfers to and from game providers (DESIGN §5), on the ledger's holds:
 *   1. one transaction: hold the amount in the provider's in-flight account, record it pending;
 *   2. call the provider with our transaction id (idempotent on their side);
 *   3. success → post to the destination; definite failure → void back; unknown → stays
 *      pending and the reconciler settles it from the provider's transaction status.
 * Lock order everywhere: game account row, then provider transfer row, then ledger accounts (a new
 * transfer's row is written after its hold: nothing else can hold a lock on a row not yet written).
 */
export function createProviderTransfers(deps: {
  db: Db;
  ledger: Ledger;
  provider: GameProviderAdapter;
  now: () => Date;
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
  /** Pending transfers younger than this are left to the request that started them. */
  reconcileAfterMs: number;
  /** A transfer the provider still does not know after this long never reached it. */
  notFoundGraceMs: number;
  /** How long a retry waits for the first attempt's answer: the provider call's own timeout. */
  duplicateWaitMs: number;
  metrics: Metrics;
}) {
  const { db, ledger, provider } = deps;
  const callDuration = new Histogram({
    name: 'wallet_provider_transfer_duration_seconds',
    help: 'A transfer call to a game provider, from asking to its answer or failure, by provider, direction and outcome.',
    labelNames: ['provider', 'direction', 'outcome'] as const,
    buckets: REQUEST_DURATION_BUCKETS,
    registers: [deps.metrics],
  });
  const transfers = new Counter({
    name: 'wallet_provider_transfers_total',
    help: 'Transfers asked of a game provider, by provider, direction and outcome: posted, refused (voided), unknown (left pending for the reconciler), error.',
    labelNames: ['provider', 'direction', 'outcome'] as const,
    registers: [deps.metrics],
  });
  const providers = createProviderCache(db);
  const onBooked: ResultsBooked[] = [];

  /**
   * Posts or voids a pending transfer once, and updates the card (`GET /api/wallet`) in the same
   * statement: to `credits` when the provider told us its new balance and no other transfer of the
   * account is pending (migration 055), else by the credits the posted transfer moved.
   */
  async function settle(
    transfer: { id: string; member_id: bigint; provider_code: string },
    outcome: 'posted' | 'voided',
    reason: string | null,
    credits?: bigint,
  ): Promise<'posted' | 'voided'> {
    const { id } = transfer;
    const status = await repo.settleProviderTransfer(db, {
      id,
      memberId: transfer.member_id,
      code: transfer.provider_code,
      status: outcome,
      reason,
      credits: credits ?? null,
      resolution: { key: `pt:${id}:${outcome}`, kind: outcome === 'posted' ? 'provider_post' : 'provider_void', reference: id },
      requestId: currentRequestId(),
    });
    if (status === undefined || status === 'pending') throw new Error(`provider transfer ${id} is ${status ?? 'unknown'} yet could not be settled`);
    return status;
  }

  async function drive(memberId: bigint, id: string, code: string, username: string, direction: 'deposit' | 'withdraw', credits: ProviderCredits): Promise<TransferState> {
    let outcome;
    const stopTimer = callDuration.startTimer({ provider: code, direction });
    const measured = (result: 'posted' | 'refused' | 'unknown' | 'error') => {
      stopTimer({ outcome: result });
      transfers.inc({ provider: code, direction, outcome: result });
    };
    try {
      outcome = await provider.transfer(code, { txId: id, username, direction, credits });
      measured(outcome.status === 'failed' ? 'refused' : 'posted');
    } catch (error) {
      measured(error instanceof ProviderUnavailableError ? 'unknown' : 'error');
      if (error instanceof ProviderUnavailableError) {
        deps.log.warn({ transferId: id, err: error }, 'provider transfer outcome unknown; left for the reconciler');
        return 'pending';
      }
      throw error;
    }
    const transfer = { id, member_id: memberId, provider_code: code };
    if (outcome.status === 'failed') return settle(transfer, 'voided', outcome.reason);
    // The provider answered its new balance: the card shows it at once.
    return settle(transfer, 'posted', null, outcome.credits);
  }

  /**
   * The state of an earlier attempt with the same key. While the first request is still talking
   * to the provider, a retry waits for its answer rather than reporting it pending.
   */
  async function stateOf(id: string): Promise<TransferState> {
    const deadline = Date.now() + deps.duplicateWaitMs;
    for (;;) {
      const transfer = await repo.findProviderTransfer(db, id);
      if (!transfer) throw new Error(`unknown provider transfer ${id}`);
      if (transfer.status !== 'pending') return transfer.status;
      if (Date.now() >= deadline) return reconcileOne(transfer, { force: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Asks the provider about one pending transfer and settles it when the answer is definite. */
  async function reconcileOne(
    transfer: NonNullable<Awaited<ReturnType<typeof repo.findProviderTransfer>>>,
    { force = false } = {},
  ): Promise<TransferState> {
    await repo.countAttempt(db, transfer.id);
    let status;
    try {
      status = await provider.transactionStatus(transfer.provider_code, transfer.id);
    } catch {
      return 'pending';
    }
    if (status === 'success') return settle(transfer, 'posted', null);
    if (status === 'failed') return settle(transfer, 'voided', 'PROVIDER_FAILED');
    const age = deps.now().getTime() - transfer.created_at.getTime();
    if (!force && age >= deps.notFoundGraceMs) return settle(transfer, 'voided', 'NOT_FOUND_AT_PROVIDER');
    return 'pending';
  }

  return {
    /** Enabled providers, from a cache an operator's change reaches within seconds. */
    providers,

    /**
     * Moves `amount` satang between the member's wallet and game account. With an idempotency
     * key, a retry answers the state of the first attempt and moves nothing again. A `claim` (the
     * call's Idempotency-Key, http/idempotency.ts) is made in the transfer's first statement.
     */
    async move(
      member: Pick<MemberContext, 'memberId' | 'currency'> & { sessionId?: string },
      code: string,
      direction: 'deposit' | 'withdraw',
      amount: Minor,
      idempotencyKey: string | null,
      claim: IdempotencyClaim | null = null,
    ): Promise<TransferState> {
      const { memberId } = member;
      const providerRow = await providers.get(code);
      if (!providerRow) throw new AppError('NO_GAME', 404);
      const credits = bahtToCredits(amount, creditsPerBaht(providerRow.ft_wallet_slot));
      const id = crypto.randomUUID();
      const [wallet, game] = [accounts.wallet(memberId), accounts.game(memberId, code)];
      const hold = {
        key: `pt:${id}:hold`,
        from: direction === 'deposit' ? wallet : game,
        via: accounts.providerInFlight(code),
        to: direction === 'deposit' ? game : wallet,
        amount,
        kind: 'provider_hold' as const,
        reference: id,
        memberCurrency: member.currency,
      };
      let username: string | typeof repo.MEMBER_INACTIVE | repo.ProtectionRefusal | undefined;
      try {
        // One statement: the game account's lock, the hold, the pending transfer with its hold id.
        username = await ledger.holdThrough(hold, (posting) =>
          repo.beginProviderTransfer(db, { id, memberId, code, direction, amount, credits, idempotencyKey, sessionId: member.sessionId ?? null }, posting, claim),
        );
      } catch (error) {
        // The same key again (a retry, or a double tap racing itself): the first one's transfer is the answer.
        if (idempotencyKey && isUniqueViolation(error)) {
          const first = await repo.findProviderTransferByKey(db, memberId, idempotencyKey);
          if (first) return stateOf(first.id);
        }
        throw error;
      }
      if (username === repo.MEMBER_INACTIVE) throw forbidden('INACTIVE_USER');
      if (typeof username === 'object') {
        const { code, limit, until } = username;
        throw businessRule(code, { ...(limit ? { limit } : {}), ...(until ? { until: until.getTime() } : {}) });
      }
      if (username === undefined) throw new AppError('SLOT_NO_ACCOUNT', 404);
      return drive(memberId, id, code, username, direction, credits);
    },

    /**
     * Reads the provider balance, shows it on the card and books the difference with our ledger as
     * game results (wins and losses), unless a transfer is pending, started or settled meanwhile.
     * Answers the credits.
     */
    async syncResults(memberId: bigint, code: string): Promise<ProviderCredits> {
      const providerRow = await providers.get(code);
      const before = await repo.findGameAccount(db, memberId, code);
      if (!providerRow || !before) throw new AppError('SLOT_NO_ACCOUNT', 404);
      const credits = await provider.balance(code, before.username);
      await db.transaction().execute(async (trx) => {
        const account = (await repo.lockGameAccount(trx, memberId, code))!;
        if (account.transfer_version !== before.transfer_version) return;
        // A pending transfer may or may not be in the provider's balance yet, and its settlement adds
        // it to the card: writing this balance now could count it twice, booking it as a result too.
        if (await repo.hasPendingTransfer(trx, memberId, code)) return;
        await repo.updateGameAccount(trx, memberId, code, { cached_credits: credits, balance_synced_at: deps.now() });
        const game = accounts.game(memberId, code);
        const booked = (await ledger.balances([game.code], trx)).get(game.code) ?? 0n;
        const difference = creditsToBaht(credits, creditsPerBaht(providerRow.ft_wallet_slot)) - booked;
        if (difference === 0n) return;
        const results = accounts.gameResults(code);
        await ledger.post(
          {
            key: `result:${memberId}:${code}:${crypto.randomUUID()}`,
            from: difference > 0n ? results : game,
            to: difference > 0n ? game : results,
            amount: difference > 0n ? difference : -difference,
            kind: 'game_result',
          },
          trx,
        );
        for (const handler of onBooked) await handler(trx, memberId);
      });
      return credits;
    },

    /** Other modules' part in booking game results (spin coins are earned on them). */
    onResultsBooked(handler: ResultsBooked): void {
      onBooked.push(handler);
    },

    /** Settles every pending transfer old enough; safe to run on several nodes at once. */
    async reconcile(): Promise<{ settled: number; stillPending: number }> {
      const before = new Date(deps.now().getTime() - deps.reconcileAfterMs);
      const pending = await repo.pendingTransfersOlderThan(db, before, 500);
      let settled = 0;
      for (const transfer of pending) {
        if ((await reconcileOne(transfer)) !== 'pending') settled += 1;
      }
      if (pending.length) deps.log.info({ settled, stillPending: pending.length - settled }, 'reconciled provider transfers');
      return { settled, stillPending: pending.length - settled };
    },
  };
}
export type ProviderTransfers = ReturnType<typeof createProviderTransfers>;
