import type { Db } from '../../db/database.js';
import { AppError, businessRule } from '../../errors.js';
import type { AccountRef, TransferKind } from './accounts.js';
import * as repo from './ledger.repository.js';

export interface TransferRequest {
  /** Caller-chosen and unique: posting the same key twice moves the money once. */
  key: string;
  from: AccountRef;
  to: AccountRef;
  amount: bigint;
  kind: TransferKind;
  reference?: string;
}

export interface PostedTransfer {
  id: bigint;
  replayed: boolean;
}

const CHECK_VIOLATION = '23514';

/**
 * The only code that writes balances (DESIGN §5). Every movement is one immutable transfer
 * between two accounts, with the two balance updates in the same SQL transaction.
 */
export function createLedger(db: Db) {
  async function postIn(trx: Db, request: TransferRequest): Promise<PostedTransfer> {
    if (request.amount <= 0n) throw new AppError('TRANSFER_MINIMUM', 422);
    if (request.from.code === request.to.code) throw new AppError('KEY_INVALID', 400);

    const existing = await repo.findTransferByKey(trx, request.key);
    if (existing) return replayOf(existing, request);

    const ids = await repo.ensureAccounts(trx, [request.from, request.to]);
    const debitId = ids.get(request.from.code)!;
    const creditId = ids.get(request.to.code)!;
    const locked = await repo.lockAccounts(trx, [debitId, creditId]);
    const debit = locked.find((account) => account.id === debitId)!;
    if (debit.kind !== 'operator' && debit.balance < request.amount) throw businessRule('MONEY_NOT_ENOUGH');

    const id = await repo.insertTransfer(trx, {
      key: request.key,
      debitId,
      creditId,
      amount: request.amount,
      kind: request.kind,
      reference: request.reference ?? null,
    });
    if (id === undefined) {
      // The same key committed by a concurrent caller between our check and our insert.
      const winner = await repo.findTransferByKey(trx, request.key);
      return replayOf(winner!, request);
    }
    try {
      await repo.moveBalance(trx, debitId, creditId, request.amount);
    } catch (error) {
      if ((error as { code?: string }).code === CHECK_VIOLATION) throw businessRule('MONEY_NOT_ENOUGH');
      throw error;
    }
    return { id, replayed: false };
  }

  function replayOf(
    existing: NonNullable<Awaited<ReturnType<typeof repo.findTransferByKey>>>,
    request: TransferRequest,
  ): PostedTransfer {
    const same =
      existing.amount === request.amount && existing.debit_code === request.from.code && existing.credit_code === request.to.code;
    // A reused key with different content is a caller bug, never a second movement.
    if (!same) throw new AppError('KEY_INVALID', 409);
    return { id: existing.id, replayed: true };
  }

  return {
    /** Posts inside the caller's transaction, or in one of its own. */
    post(request: TransferRequest, trx?: Db): Promise<PostedTransfer> {
      if (trx) return postIn(trx, request);
      return db.transaction().execute((own) => postIn(own, request));
    },
    balances: (codes: string[], trx: Db = db) => repo.balancesOf(trx, codes),
    /** Transfers touching these accounts, newest first, paged (the operator's member page). */
    lines: (accountCodes: string[], page: number, limit: number) => repo.linesOf(db, accountCodes, page, limit),
    memberBalances: (memberId: bigint, trx: Db = db) => repo.memberBalances(trx, memberId),
    /** Checks every invariant of DESIGN §5; `ok` is false when any is broken. */
    async verify(trx: Db = db) {
      const report = await repo.invariantReport(trx);
      return {
        ...report,
        ok: report.sumOfBalances === 0n && report.mismatches.length === 0 && report.negativeMemberAccounts.length === 0,
      };
    },
  };
}
export type Ledger = ReturnType<typeof createLedger>;
