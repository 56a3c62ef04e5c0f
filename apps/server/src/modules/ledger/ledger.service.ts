import QuickLRU from 'quick-lru';
import { Counter, Histogram, Registry } from 'prom-client';
import { type Db, isUniqueViolation } from '../../db/database.js';
import { type Metrics, REQUEST_DURATION_BUCKETS } from '../../metrics.js';
import { REFUSALS, raisedRefusal } from '../../db/refusals.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import { type AccountRef, type TransferKind, inCurrency } from './accounts.js';
import { type Members, createMembers } from '../account/members.js';
import { currentRequestId } from '../../request-context.js';
import * as repo from './ledger.repository.js';

export interface TransferRequest {
  /** Caller-chosen and unique: posting the same key twice moves the money once. */
  key: string;
  from: AccountRef;
  to: AccountRef;
  amount: bigint;
  kind: TransferKind;
  reference?: string;
  /**
   * The member's wallet currency, when the caller has read it from the database already (the
   * session check does): it names the operator accounts without reading it again. A wrong one
   * moves nothing: a transfer across currencies is refused (its accounts' foreign keys, migration 050).
   */
  memberCurrency?: string;
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

/**
 * What a caller's SQL function passes on to `ledger_post` for a hold (see holdThrough): the accounts
 * by code, which the function looks up in the same statement.
 */
export interface HoldArguments {
  key: string;
  debitCode: string;
  viaCode: string;
  holdToCode: string;
  amount: bigint;
  kind: TransferKind;
  reference: string | null;
  /** The request or job run that causes the hold (request-context.ts), recorded on its transfer. */
  requestId: string | null;
}

/** A holdThrough writer's answer when an account it was given does not exist yet: nothing was written. */
export const ACCOUNTS_MISSING = Symbol('ledger accounts missing');

export interface ResolveRequest {
  key: string;
  /** The hold's transfer id, as hold() answered it. */
  holdId: bigint;
  kind: TransferKind;
  reference?: string;
}

export interface ReverseRequest {
  key: string;
  transferId: bigint;
  /** Why, kept as the reversal's reference (an operator's correction, a bank's return). */
  reason: string;
}

/** One row that breaks an invariant: which row, and how. */
export interface InvariantProblem {
  id: string;
  problem: string;
}

/**
 * An invariant of money the ledger's report holds, kept by the module that owns the tables it reads
 * (an invite reward within its programme's terms): the report runs every registered check and is
 * not `ok` while any answers a problem. Its problems appear in the report under its name.
 */
export interface InvariantCheck {
  name: string;
  /** Up to 100 rows that break it; none when it holds. */
  problems(db: Db): Promise<InvariantProblem[]>;
}

/** The invariant report: the ledger's own figures, and each registered check's problems under its name. */
export type InvariantReport = Awaited<ReturnType<typeof repo.invariantReport>> & { ok: boolean } & { readonly [check: string]: unknown };

/** A refusal the ledger's SQL raised, in the API's words; anything else as it came. */
function refusalOf(error: unknown): unknown {
  return raisedRefusal(error) ?? inLedgerTerms(error);
}

const FOREIGN_KEY_VIOLATION = '23503';
/** Each side of a transfer is a foreign key to an account in the transfer's currency (migration 050). */
const CURRENCY_KEYS = new Set(['ledger_transfers_debit_currency_fkey', 'ledger_transfers_credit_currency_fkey', 'ledger_transfers_hold_to_currency_fkey']);

/** A refusal the database made, said in the ledger's words: a bug in the caller, never a member's mistake. */
function inLedgerTerms(error: unknown): unknown {
  const pgError = error as { code?: string; constraint?: string };
  if (pgError.code === FOREIGN_KEY_VIOLATION && CURRENCY_KEYS.has(pgError.constraint ?? '')) {
    return new Error(`ledger transfer across currencies (or to an account that does not exist): ${pgError.constraint}`, { cause: error });
  }
  return error;
}

/**
 * The only code that writes balances (DESIGN §5). Every movement is one immutable transfer
 * between two accounts, with the two balance updates in the same SQL transaction.
 */
/** The ledger's own metrics: each posting counted by kind and outcome, and timed by operation. */
function measurePostings(metrics: Metrics) {
  const postings = new Counter({
    name: 'wallet_ledger_postings_total',
    help: 'Ledger postings by kind (deposit, withdrawal, game transfer…), operation (transfer, hold, resolve, reversal) and outcome (posted, replayed, refused).',
    labelNames: ['kind', 'operation', 'outcome'] as const,
    registers: [metrics],
  });
  const duration = new Histogram({
    name: 'wallet_ledger_posting_duration_seconds',
    help: 'Time to write one ledger posting (its statements, inside the caller\'s transaction), by operation.',
    labelNames: ['operation'] as const,
    buckets: REQUEST_DURATION_BUCKETS,
    registers: [metrics],
  });
  return async <T>(operation: 'transfer' | 'hold' | 'resolve' | 'reversal', kind: string, work: () => Promise<T>): Promise<T> => {
    const stopTimer = duration.startTimer({ operation });
    try {
      const posted = await work();
      const replayed = typeof posted === 'object' && posted !== null && (posted as { replayed?: unknown }).replayed === true;
      postings.inc({ kind, operation, outcome: replayed ? 'replayed' : 'posted' });
      return posted;
    } catch (error) {
      postings.inc({ kind, operation, outcome: 'refused' });
      throw error;
    } finally {
      stopTimer();
    }
  };
}

export function createLedger(db: Db, members: Pick<Members, 'lock' | 'walletCurrency'> = createMembers(), metrics: Metrics = new Registry()) {
  const measured = measurePostings(metrics);
  // Kept by the members port once read: a wallet's currency is fixed at registration (ADR 0438).
  async function walletCurrency(trx: Db, memberId: bigint): Promise<string> {
    const currency = await members.walletCurrency(trx, memberId);
    if (!currency) throw new AppError('NO_DATA', 404);
    return currency;
  }

  /** Names each operator account given without a currency in the currency of the member's side. */
  async function inOneCurrency<T extends TransferRequest>(trx: Db, request: T, sides: (keyof T & string)[]): Promise<T> {
    const refs = sides.map((side) => request[side] as AccountRef);
    if (!refs.some((ref) => ref.kind === 'operator' && ref.currency === undefined)) return request;
    const member = refs.find((ref) => ref.memberId !== undefined && ref.currency !== 'COIN');
    const currency = member ? (request.memberCurrency ?? (await walletCurrency(trx, member.memberId!))) : 'THB';
    const settled = { ...request };
    for (const side of sides) {
      const ref = request[side] as AccountRef;
      if (ref.kind === 'operator' && ref.currency === undefined) (settled as Record<string, unknown>)[side] = inCurrency(ref, currency);
    }
    return settled;
  }

  const invariantChecks: InvariantCheck[] = [];

  // An account's id never changes once committed: ids are remembered so a posting is one round trip
  // (between 100,000 and 200,000 of them, the most recently used).
  const accountIds = new QuickLRU<string, bigint>({ maxSize: 100_000 });

  async function idsOf(trx: Db, refs: AccountRef[]): Promise<bigint[]> {
    const missing = refs.filter((ref) => !accountIds.has(ref.code));
    if (missing.length) {
      const ensured = await repo.ensureAccounts(trx, missing, (memberId) => walletCurrency(trx, memberId));
      for (const ref of missing) {
        const account = ensured.get(ref.code)!;
        if (!account.settled) return refs.map((each) => accountIds.get(each.code) ?? ensured.get(each.code)!.id);
        accountIds.set(ref.code, account.id);
      }
    }
    return refs.map((ref) => accountIds.get(ref.code)!);
  }

  async function postIn(trx: Db, request: TransferRequest, options: { reverses?: bigint; holdTo?: AccountRef } = {}): Promise<PostedTransfer & { holdId: bigint | null }> {
    if (request.amount <= 0n) throw new AppError('TRANSFER_MINIMUM', 422);
    if (request.from.code === request.to.code) throw new AppError('KEY_INVALID', 400);
    const [debitId, creditId, holdToId] = await idsOf(trx, [request.from, request.to, ...(options.holdTo ? [options.holdTo] : [])]);
    let posting;
    try {
      posting = await repo.post(trx, {
        key: request.key,
        debitId: debitId!,
        creditId: creditId!,
        amount: request.amount,
        kind: request.kind,
        reference: request.reference ?? null,
        ...(options.reverses !== undefined ? { reverses: options.reverses } : {}),
        ...(holdToId !== undefined ? { holdToId } : {}),
        requestId: currentRequestId(),
      });
    } catch (error) {
      throw refusalOf(error);
    }
    if (posting.outcome === 'insufficient') throw REFUSALS.insufficient();
    if (posting.outcome === 'replayed') {
      const same = posting.amount === request.amount && posting.debit_account_id === debitId && posting.credit_account_id === creditId;
      // A reused key with different content is a caller bug, never a second movement.
      if (!same) throw new AppError('KEY_INVALID', 409);
    }
    return { id: posting.transfer_id!, replayed: posting.outcome === 'replayed', holdId: posting.hold_id };
  }

  /** Runs in the caller's transaction, or in one of its own. */
  const within = <T>(trx: Db | undefined, work: (trx: Db) => Promise<T>): Promise<T> => (trx ? work(trx) : db.transaction().execute(work));

  async function holdIn(trx: Db, request: HoldRequest): Promise<{ holdId: bigint; transferId: bigint; replayed: boolean }> {
    const { via, ...transfer } = request;
    const posted = await postIn(trx, { ...transfer, to: via }, { holdTo: request.to });
    // The key was used for a plain transfer.
    if (posted.holdId === null) throw new AppError('KEY_INVALID', 409);
    return { holdId: posted.holdId, transferId: posted.id, replayed: posted.replayed };
  }

  /** Posts or voids a hold once; the same key again replays, any other resolution is refused (409). */
  async function resolveIn(trx: Db, request: ResolveRequest, status: 'posted' | 'voided'): Promise<PostedTransfer> {
    const resolved = await repo.resolve(trx, { holdId: request.holdId, key: request.key, status, kind: request.kind, reference: request.reference ?? null, requestId: currentRequestId() });
    if (resolved.outcome !== 'posted' && resolved.outcome !== 'replayed') throw REFUSALS[resolved.outcome]();
    return { id: resolved.transfer_id!, replayed: resolved.outcome === 'replayed' };
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
      const { id, replayed } = await postIn(trx, { key: request.key, from: from!, to: to!, amount: original.amount, kind: 'reversal', reference: request.reason }, { reverses: request.transferId });
      return { id, replayed };
    } catch (error) {
      // Reversed by a concurrent caller with another key: the unique link decides.
      if (isUniqueViolation(error)) throw new AppError('KEY_INVALID', 409);
      throw error;
    }
  }

  return {
    /** Posts inside the caller's transaction, or in one of its own. */
    post(request: TransferRequest, trx?: Db): Promise<PostedTransfer> {
      return within(trx, (own) =>
        measured('transfer', request.kind, async () => {
          const { id, replayed } = await postIn(own, await inOneCurrency(own, request, ['from', 'to']));
          return { id, replayed };
        }),
      );
    },

    /**
     * Reserves `amount` of `from` for `to`: it moves into `via` now, so it can be neither spent
     * twice nor lost, and the answer's hold id is resolved later, once, by postHold or voidHold.
     */
    hold(request: HoldRequest, trx?: Db): Promise<{ holdId: bigint; transferId: bigint; replayed: boolean }> {
      return within(trx, (own) => measured('hold', request.kind, async () => holdIn(own, await inOneCurrency(own, request, ['from', 'via', 'to']))));
    },
    /**
     * A hold written by the caller's own SQL function, which looks the accounts up by code and
     * calls `ledger_post` in the same statement as its other writes (a provider transfer's first
     * step is one round trip: migrations 042, 048). An account used for the first time is opened
     * when the writer answers ACCOUNTS_MISSING, and the writer called again. Refusals read as hold().
     */
    async holdThrough<T>(request: HoldRequest, write: (posting: HoldArguments) => Promise<T | typeof ACCOUNTS_MISSING>): Promise<T> {
      const { from, via, to, ...rest } = await inOneCurrency(db, request, ['from', 'via', 'to']);
      if (rest.amount <= 0n) throw new AppError('TRANSFER_MINIMUM', 422);
      if (from.code === via.code) throw new AppError('KEY_INVALID', 400);
      const posting = { key: rest.key, debitCode: from.code, viaCode: via.code, holdToCode: to.code, amount: rest.amount, kind: rest.kind, reference: rest.reference ?? null, requestId: currentRequestId() };
      return measured('hold', rest.kind, async () => {
        try {
          const written = await write(posting);
          if (written !== ACCOUNTS_MISSING) return written;
          await idsOf(db, [from, via, to]);
          const again = await write(posting);
          if (again === ACCOUNTS_MISSING) throw new Error(`ledger accounts ${from.code}, ${via.code}, ${to.code} were opened yet not found`);
          return again;
        } catch (error) {
          throw refusalOf(error);
        }
      });
    },
    /** Opens accounts ahead of their first transfer (a game account's, when the member activates the game). */
    async open(refs: AccountRef[]): Promise<void> {
      await idsOf(db, refs);
    },
    /** The held amount goes on to its destination. */
    postHold(request: ResolveRequest, trx?: Db): Promise<PostedTransfer> {
      return within(trx, (own) => measured('resolve', request.kind, () => resolveIn(own, request, 'posted')));
    },
    /** The held amount goes back to where it came from. */
    voidHold(request: ResolveRequest, trx?: Db): Promise<PostedTransfer> {
      return within(trx, (own) => measured('resolve', request.kind, () => resolveIn(own, request, 'voided')));
    },
    /**
     * Corrects a transfer by a new one in the opposite direction, linked to it; a transfer is
     * reversed at most once, and never past what a member's account holds.
     */
    reverse(request: ReverseRequest, trx?: Db): Promise<PostedTransfer> {
      return within(trx, (own) => measured('reversal', 'reversal', () => reverseIn(own, request)));
    },
    balances: (codes: string[], trx: Db = db) => repo.balancesOf(trx, codes),
    /** Transfers touching these accounts, newest first, paged (the operator's member page). */
    lines: (accountCodes: string[], page: number, limit: number) => repo.linesOf(db, accountCodes, page, limit),
    memberBalances: (memberId: bigint, trx: Db = db) => repo.memberBalances(trx, memberId),
    /** What the member holds in money: the wallet and every game account (never spin coins). */
    async memberTotal(memberId: bigint, trx: Db = db): Promise<bigint> {
      return (await repo.memberBalances(trx, memberId)).reduce((total, account) => total + account.balance, 0n);
    },
    /** What games kept of the member's money, net of wins, ever (refunds and coins are measured on it). */
    netGameLoss: async (memberId: bigint, trx: Db = db) => (await repo.gameResultTotals(trx, memberId)).netLoss,
    /** The member's game-result totals in one read: the net loss, ever, and whether any result was booked at all. */
    gameResults: (memberId: bigint, trx: Db = db) => repo.gameResultTotals(trx, memberId),
    /**
     * What the member holds in money (wallet and every game account), as a scalar subquery for the
     * caller's own statement: read beside other owners' figures, all come from one snapshot.
     */
    memberMoneySubquery: (memberId: bigint) => repo.memberMoneySubquery(memberId),
    /**
     * Holds the member's wallet still for the caller's transaction: a rule that reads what the member
     * holds and then pays (a reward's claim, ending a condition) sees no deposit, transfer or
     * withdrawal slip in between. Taken after the member's row and condition, as every path does.
     */
    lockWallet: (memberId: bigint, trx: Db) => repo.lockWallet(trx, memberId),
    /**
     * The first lock of a transaction that moves a member's money. `byMember`: the member's own call,
     * refused (403 INACTIVE_USER) once they are blocked, so a block and a movement never overlap.
     */
    async lockMember(memberId: bigint, trx: Db, actor: 'byMember' | 'byOperator'): Promise<void> {
      const member = await members.lock(trx, memberId);
      if (member === undefined) throw notFound('NO_USER');
      if (actor === 'byMember' && member.status !== 'active') throw forbidden('INACTIVE_USER');
    },
    /** Holds the invariant report to another module's check, over the tables that module owns. */
    addInvariantCheck(check: InvariantCheck): void {
      if (invariantChecks.some((each) => each.name === check.name)) throw new Error(`invariant check ${check.name} registered twice`);
      invariantChecks.push(check);
    },
    /** Holds of one kind still pending, for the module whose rows wait on them to check against its own. */
    pendingHolds: (trx: Db, kind: TransferKind) => repo.pendingHolds(trx, kind),
    /** What members hold per currency: wallets, game accounts, and pending holds out of them. */
    playerFunds: (trx: Db = db) => repo.playerFunds(trx),
    /**
     * Checks every invariant of DESIGN §5, the ledger's own and the registered ones; `ok` is false
     * when any is broken. Without a transaction it opens a repeatable-read one: every figure is read
     * in one snapshot, so money moving meanwhile never looks like a hold without its owner's row.
     */
    async verify(trx?: Db): Promise<InvariantReport> {
      if (!trx) return db.transaction().setIsolationLevel('repeatable read').execute((snapshot) => verifyIn(snapshot));
      return verifyIn(trx);
    },
  };

  async function verifyIn(trx: Db): Promise<InvariantReport> {
    const report = await repo.invariantReport(trx);
    const checked: [string, InvariantProblem[]][] = [];
    for (const check of invariantChecks) {
      if (check.name === 'ok' || check.name in report) throw new Error(`invariant check ${check.name}: the report has a figure of that name already`);
      checked.push([check.name, await check.problems(trx)]);
    }
    return {
      ...report,
      ...Object.fromEntries(checked),
      ok:
        Object.values(report.sumOfBalances).every((sum) => sum === 0n) &&
        report.transfersAcrossCurrencies === 0 &&
        report.mismatches.length === 0 &&
        report.negativeMemberAccounts.length === 0 &&
        checked.every(([, problems]) => problems.length === 0),
    };
  }
}
export type Ledger = ReturnType<typeof createLedger>;
