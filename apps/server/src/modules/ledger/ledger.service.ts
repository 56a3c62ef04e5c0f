import { type Db, isUniqueViolation } from '../../db/database.js';
import { AppError, businessRule } from '../../errors.js';
import { type AccountRef, type TransferKind, inCurrency } from './accounts.js';
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

/** A two-phase transfer: `from` → `via` now; later `via` → `to` (postHold) or back to `from` (voidHold). */
export interface HoldRequest extends TransferRequest {
  /** The holding account the amount waits in (a provider's in-flight account, withdrawals payable). */
  via: AccountRef;
}

export interface ResolveRequest {
  key: string;
  holdId: string;
  kind: TransferKind;
  reference?: string;
}

export interface ReverseRequest {
  key: string;
  transferId: bigint;
  /** Why, kept as the reversal's reference (an operator's correction, a bank's return). */
  reason: string;
}

const CHECK_VIOLATION = '23514';

/**
 * The only code that writes balances (DESIGN §5). Every movement is one immutable transfer
 * between two accounts, with the two balance updates in the same SQL transaction.
 */
export function createLedger(db: Db) {
  // A member's wallet currency is fixed at registration, so remembering it is exact.
  const walletCurrencies = new Map<bigint, string>();
  const MAX_REMEMBERED = 50_000;

  async function walletCurrency(trx: Db, memberId: bigint): Promise<string> {
    const known = walletCurrencies.get(memberId);
    if (known) return known;
    const currency = await repo.walletCurrencyOf(trx, memberId);
    if (!currency) throw new AppError('NO_DATA', 404);
    if (walletCurrencies.size >= MAX_REMEMBERED) walletCurrencies.clear();
    walletCurrencies.set(memberId, currency);
    return currency;
  }

  /** Names each operator account given without a currency in the currency of the member's side. */
  async function inOneCurrency<T extends TransferRequest>(trx: Db, request: T, sides: (keyof T & string)[]): Promise<T> {
    const refs = sides.map((side) => request[side] as AccountRef);
    if (!refs.some((ref) => ref.kind === 'operator' && ref.currency === undefined)) return request;
    const member = refs.find((ref) => ref.memberId !== undefined && ref.currency !== 'COIN');
    const currency = member ? await walletCurrency(trx, member.memberId!) : 'THB';
    const settled = { ...request };
    for (const side of sides) {
      const ref = request[side] as AccountRef;
      if (ref.kind === 'operator' && ref.currency === undefined) (settled as Record<string, unknown>)[side] = inCurrency(ref, currency);
    }
    return settled;
  }

  async function postIn(trx: Db, request: TransferRequest, reverses?: bigint): Promise<PostedTransfer> {
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
      ...(reverses !== undefined ? { reverses } : {}),
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

  /** Runs in the caller's transaction, or in one of its own. */
  const within = <T>(trx: Db | undefined, work: (trx: Db) => Promise<T>): Promise<T> => (trx ? work(trx) : db.transaction().execute(work));

  async function holdIn(trx: Db, request: HoldRequest): Promise<{ holdId: string; transferId: bigint; replayed: boolean }> {
    const { via, ...transfer } = request;
    const posted = await postIn(trx, { ...transfer, to: via });
    if (posted.replayed) {
      const hold = await repo.holdOfTransfer(trx, posted.id);
      if (!hold) throw new AppError('KEY_INVALID', 409); // the key was used for a plain transfer
      return { holdId: hold.id, transferId: posted.id, replayed: true };
    }
    const ids = await repo.ensureAccounts(trx, [request.from, via, request.to]);
    const holdId = await repo.insertHold(trx, { fromId: ids.get(request.from.code)!, viaId: ids.get(via.code)!, toId: ids.get(request.to.code)!, amount: request.amount, holdTransferId: posted.id });
    return { holdId, transferId: posted.id, replayed: false };
  }

  /** Posts or voids a hold once; the same key again replays, any other resolution is refused (409). */
  async function resolveIn(trx: Db, request: ResolveRequest, outcome: 'posted' | 'voided'): Promise<PostedTransfer> {
    const hold = await repo.lockHold(trx, request.holdId);
    if (!hold) throw new AppError('NO_DATA', 404);
    if (hold.status !== 'pending') {
      if (hold.resolution_key === request.key && hold.status === outcome) return { id: hold.resolution_transfer_id!, replayed: true };
      throw new AppError('KEY_INVALID', 409);
    }
    const [via, destination] = await refsOf(trx, [hold.via_code, outcome === 'posted' ? hold.to_code : hold.from_code]);
    const posted = await postIn(trx, { key: request.key, from: via!, to: destination!, amount: hold.amount, kind: request.kind, ...(request.reference ? { reference: request.reference } : {}) });
    await repo.resolveHold(trx, hold.id, outcome, posted.id);
    return posted;
  }

  /** The existing accounts behind codes, as references postIn takes. */
  async function refsOf(trx: Db, codes: string[]): Promise<AccountRef[]> {
    const rows = await repo.accountsByCode(trx, codes);
    return codes.map((code) => {
      const row = rows.find((candidate) => candidate.code === code)!;
      return { code, kind: row.kind, ...(row.member_id !== null ? { memberId: row.member_id } : {}), ...(row.provider_code !== null ? { providerCode: row.provider_code } : {}), currency: row.currency };
    });
  }

  async function reverseIn(trx: Db, request: ReverseRequest): Promise<PostedTransfer> {
    const original = await repo.findTransferById(trx, request.transferId);
    if (!original) throw new AppError('NO_DATA', 404);
    const earlier = await repo.findReversalOf(trx, request.transferId);
    if (earlier) {
      if (earlier.idempotency_key === request.key) return { id: earlier.id, replayed: true };
      throw new AppError('KEY_INVALID', 409);
    }
    const [from, to] = await refsOf(trx, [original.credit_code, original.debit_code]);
    try {
      return await postIn(trx, { key: request.key, from: from!, to: to!, amount: original.amount, kind: 'reversal', reference: request.reason }, request.transferId);
    } catch (error) {
      // Reversed by a concurrent caller with another key: the unique link decides.
      if (isUniqueViolation(error)) throw new AppError('KEY_INVALID', 409);
      throw error;
    }
  }

  return {
    /** Posts inside the caller's transaction, or in one of its own. */
    post(request: TransferRequest, trx?: Db): Promise<PostedTransfer> {
      return within(trx, async (own) => postIn(own, await inOneCurrency(own, request, ['from', 'to'])));
    },

    /**
     * Reserves `amount` of `from` for `to`: it moves into `via` now, so it can be neither spent
     * twice nor lost, and the answer's hold id is resolved later, once, by postHold or voidHold.
     */
    hold(request: HoldRequest, trx?: Db): Promise<{ holdId: string; transferId: bigint; replayed: boolean }> {
      return within(trx, async (own) => holdIn(own, await inOneCurrency(own, request, ['from', 'via', 'to'])));
    },
    /** The held amount goes on to its destination. */
    postHold(request: ResolveRequest, trx?: Db): Promise<PostedTransfer> {
      return within(trx, (own) => resolveIn(own, request, 'posted'));
    },
    /** The held amount goes back to where it came from. */
    voidHold(request: ResolveRequest, trx?: Db): Promise<PostedTransfer> {
      return within(trx, (own) => resolveIn(own, request, 'voided'));
    },
    /**
     * Corrects a transfer by a new one in the opposite direction, linked to it; a transfer is
     * reversed at most once, and never past what a member's account holds.
     */
    reverse(request: ReverseRequest, trx?: Db): Promise<PostedTransfer> {
      return within(trx, (own) => reverseIn(own, request));
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
        ok:
          Object.values(report.sumOfBalances).every((sum) => sum === 0n) &&
          report.transfersAcrossCurrencies === 0 &&
          report.mismatches.length === 0 &&
          report.negativeMemberAccounts.length === 0,
      };
    },
  };
}
export type Ledger = ReturnType<typeof createLedger>;
