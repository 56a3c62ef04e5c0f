import { Gauge, Histogram } from 'prom-client';
import { type BankAutoFiguresResponse, type CurrencyCode, type SiteProfile, walletCurrencyOf } from '@wallet/contract';
import type { BankStatement, StatementEntry } from '../../adapters/bank-statement.js';
import type { Db } from '../../db/database.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import type { AdminContext } from '../../http/context.js';
import { type Metrics, WAIT_BUCKETS, sharedRead } from '../../metrics.js';
import type { Members, MemberRow } from '../account/members.js';
import type { AuditTrail } from '../audit/audit-writer.js';
import { dayStartIn, periodStarts } from '../figures/figures.service.js';
import type { LookupService } from '../lookup/lookup.service.js';
import * as repo from './bank-feed.repository.js';
import type { DepositCredit } from './deposit-credit.js';
import { markQrPaid } from './deposit.repository.js';
import { OWN_QR_LATE_PAYMENT_MS } from './deposit.service.js';

/** A read looks this far back from where the last one ended: a feed posts some transfers late, under their own time. */
const OVERLAP_MS = 60 * 60_000;
/** A node's claim on an account's read lapses after this, should it die mid-read. */
const LEASE_SECONDS = 120;
const FIRST_READ_HOURS = 24;
const CANDIDATES = 10;

/**
 * The bank transfer's key among deposits: the same one a slip of it is credited under
 * (`slip:<sending bank's slip code>:<transaction reference>`), so the feed and a slip uploaded for the
 * same transfer credit it once, whichever comes first.
 */
export const bankTransferRef = (slipCode: string, bankRef: string) => `slip:${slipCode}:${bankRef}`;

/**
 * Bank deposits without staff (SPEC's AUTO mode): each run reads the statement of every AUTO bank
 * account since the last read (with an overlap for late postings), and credits each incoming line to
 * the member whose registered account sent it: the whole number at the sending bank, or the masked
 * number with the holder's name where exactly one member fits. A line that fits nobody, several
 * members, a batch or another currency waits for operators: one proposes a member, another credits it.
 * Every line is written once per bank reference, in the transaction that credits it.
 */
export function createBankFeed(deps: {
  db: Db;
  statement: BankStatement;
  credit: Pick<DepositCredit, 'credit'>;
  members: Pick<Members, 'bySender' | 'lock' | 'findMany'>;
  banks: Pick<LookupService, 'slipBank'>;
  auditTrail: AuditTrail;
  log: { warn(object: object, message: string): void };
  metrics: Metrics;
  site: Pick<SiteProfile, 'timeZone'>;
  now: () => Date;
}) {
  const { db } = deps;
  const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: deps.site.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  // An operator's credit may come hours or a day after the transfer.
  const transferToCredit = new Histogram({
    name: 'wallet_bank_deposit_transfer_to_credit_seconds',
    help: 'From the member’s bank transfer (the statement line’s time) to its credit, by who credited the line: the feed itself, or operators.',
    labelNames: ['by'] as const,
    buckets: [...WAIT_BUCKETS, 4 * 3600, 24 * 3600],
    registers: [deps.metrics],
  });
  const observeCredit = (by: 'feed' | 'operators', bookedAt: Date) => transferToCredit.observe({ by }, Math.max(0, deps.now().getTime() - bookedAt.getTime()) / 1000);

  type SenderBank = Awaited<ReturnType<LookupService['slipBank']>>;
  /** The member a line is credited to, with the sending bank's slip code; and the QR of our own it pays, if any. */
  type Match = { member: MemberRow; slipCode: string; qr?: { id: string; method: string } } | { reason: repo.WaitingReason; candidates: MemberRow[] };
  type FeedAccount = { id: bigint; currency: string; promptpay_biller_id: string | null };

  /**
   * The member who sent the line: the whole number at the sending bank, or a masked number whose
   * holder's name fits exactly one member; else why it waits, with the members it could be.
   */
  async function match(trx: Db, entry: StatementEntry, bank: SenderBank | undefined, currency: CurrencyCode): Promise<Match> {
    if (entry.batch) return { reason: 'batch', candidates: [] };
    if (entry.currency !== currency) return { reason: 'currency', candidates: [] };
    const account = entry.counterparty.account;
    if (!bank?.slip_code || !account) return { reason: 'no_sender', candidates: [] };
    const sender = { bankCode: bank.code, account, name: null };
    const inCurrency = (members: MemberRow[]) => members.filter((member) => walletCurrencyOf(member.currency) === entry.currency);
    const byNumber = inCurrency(await deps.members.bySender(trx, sender, CANDIDATES));
    if (!/[xX*]/.test(account)) return byNumber.length === 1 ? { member: byNumber[0]!, slipCode: bank.slip_code } : { reason: 'no_member', candidates: [] };
    // A masked number alone is not the member: the holder's name must say which of them it is.
    if (entry.counterparty.name === null) return { reason: byNumber.length === 0 ? 'no_member' : 'no_name', candidates: byNumber };
    const byName = inCurrency(await deps.members.bySender(trx, { ...sender, name: entry.counterparty.name }, CANDIDATES));
    if (byName.length === 1) return { member: byName[0]!, slipCode: bank.slip_code };
    return { reason: byName.length === 0 ? 'no_member' : 'several_members', candidates: byName.length === 0 ? byNumber : byName };
  }

  /**
   * The member whose QR of our own the line pays (ADR 0410): a QR names its member, but the money must
   * still come from their registered account where the line shows the sender (closed loop); the
   * line's sending bank keys the credit as for any transfer.
   */
  async function matchQr(trx: Db, entry: StatementEntry, bank: SenderBank | undefined, currency: CurrencyCode, qr: { id: string; member_id: bigint; method: string }): Promise<Match> {
    if (entry.currency !== currency) return { reason: 'currency', candidates: [] };
    const member = (await deps.members.findMany(trx, [qr.member_id])).get(qr.member_id);
    if (!member) return { reason: 'no_member', candidates: [] };
    if (!bank?.slip_code) return { reason: 'no_sender', candidates: [member] };
    const account = entry.counterparty.account;
    if (account) {
      const senders = await deps.members.bySender(trx, { bankCode: bank.code, account, name: null }, CANDIDATES);
      if (!senders.some((sender) => sender.id === member.id)) return { reason: 'other_sender', candidates: [member] };
    }
    return { member, slipCode: bank.slip_code, qr: { id: qr.id, method: qr.method } };
  }

  /** One incoming line, in its own transaction: credited, known before, or waiting. */
  async function take(account: FeedAccount, entry: StatementEntry): Promise<repo.Outcome['status'] | 'repeat'> {
    const status = await takeOnce(account, entry);
    // Observed once the credit is committed: a line another read wrote first is not counted twice.
    if (status === 'credited') observeCredit('feed', entry.at);
    return status;
  }

  async function takeOnce(account: FeedAccount, entry: StatementEntry): Promise<repo.Outcome['status'] | 'repeat'> {
    const bank = entry.counterparty.bank ? await deps.banks.slipBank(entry.counterparty.bank) : undefined;
    return db
      .transaction()
      .execute(async (trx) => {
        const currency = walletCurrencyOf(account.currency);
        const qr =
          account.promptpay_biller_id !== null && !entry.batch
            ? await repo.qrOfLine(trx, account.id, { reference: entry.reference ?? null, amount: entry.amount, at: entry.at }, OWN_QR_LATE_PAYMENT_MS)
            : undefined;
        const found = qr ? await matchQr(trx, entry, bank, currency, qr) : await match(trx, entry, bank, currency);
        let outcome: repo.Outcome;
        if ('reason' in found) {
          // The member's slip of this transfer may have credited it already (the line names nobody, its slip did): a duplicate, not a wait.
          const bySlip = !entry.batch && bank?.slip_code ? await repo.creditedUnder(trx, bankTransferRef(bank.slip_code, entry.bankRef)) : undefined;
          outcome =
            bySlip && bySlip.amount === entry.amount
              ? { status: 'duplicate', memberId: bySlip.member_id }
              : { status: 'waiting', reason: found.reason, candidates: found.candidates.map((member) => member.id) };
        } else {
          // The member's lock first, as every movement of their money takes it.
          await deps.members.lock(trx, found.member.id);
          // A QR's payment is its method's deposit, as a gateway's QR payment is.
          const method = found.qr?.method ?? 'BANK';
          const credited = await deps.credit.credit(trx, { memberId: found.member.id, method, amount: entry.amount, externalRef: bankTransferRef(found.slipCode, entry.bankRef), paidAt: entry.at });
          if (credited && found.qr) await markQrPaid(trx, found.qr.id, credited.depositId);
          outcome = credited ? { status: 'credited', memberId: found.member.id, depositId: credited.depositId } : { status: 'duplicate', memberId: found.member.id };
        }
        const line = {
          accountId: account.id,
          bankRef: entry.bankRef,
          amount: entry.amount,
          currency: entry.currency,
          bookedAt: entry.at,
          senderBank: entry.counterparty.bank,
          senderAccount: entry.counterparty.account,
          senderName: entry.counterparty.name,
          batchCount: entry.batch?.count ?? null,
        };
        // Another read wrote the line first: this one's credit, if any, rolls back with it.
        if (!(await repo.insertCredit(trx, line, outcome))) throw new RepeatedLine();
        return outcome.status;
      })
      .catch((error: unknown) => {
        if (error instanceof RepeatedLine) return 'repeat' as const;
        throw error;
      });
  }

  async function readAccount(account: FeedAccount & { account_no: string }) {
    const readUntil = await repo.claimRead(db, account.id, LEASE_SECONDS, FIRST_READ_HOURS);
    if (!readUntil) return null;
    const to = deps.now();
    const counts = { credited: 0, duplicate: 0, waiting: 0, repeat: 0 };
    try {
      const entries = (await deps.statement.statement(account.account_no, new Date(readUntil.getTime() - OVERLAP_MS), to)).filter((entry) => entry.direction === 'credit');
      // Asked once for the whole read: most lines are the overlap's, written by the read before.
      const written = await repo.knownRefs(db, account.id, [...new Set(entries.map((entry) => entry.bankRef))]);
      for (const entry of entries) {
        if (written.has(entry.bankRef)) {
          counts.repeat += 1;
          continue;
        }
        const status = await take(account, entry);
        counts[status] += 1;
        written.add(entry.bankRef);
      }
    } catch (error) {
      await repo.releaseRead(db, account.id);
      deps.log.warn({ err: error, account: account.account_no }, 'bank statement read failed; the next run reads again');
      return { error: (error as Error).message };
    }
    await repo.finishRead(db, account.id, to);
    return counts;
  }

  /**
   * The interbank code of a line's sending bank: a line is credited only under its transfer's own key,
   * the one its slip would carry, so a batch or a line from a bank we cannot name has none.
   */
  async function slipCodeOf(line: { batch_count: number | null; sender_bank: string | null }): Promise<string | null> {
    if (line.batch_count !== null || !line.sender_bank) return null;
    return (await deps.banks.slipBank(line.sender_bank))?.slip_code ?? null;
  }

  async function autoFigures(): Promise<BankAutoFiguresResponse> {
    const today = dayFormat.format(deps.now());
    const starts = periodStarts(today);
    const periods = await Promise.all(
      (['today', 'days30'] as const).map(async (period) => {
        const from = dayStartIn(starts[period], deps.site.timeZone);
        const figures = await repo.autoFigures(db, from);
        return { period, from: from.getTime(), ...figures, shareByItself: shareOf(figures) };
      }),
    );
    return { timeZone: deps.site.timeZone, today, periods };
  }

  const readShares = sharedRead(autoFigures);
  new Gauge({
    name: 'wallet_bank_deposits_without_staff_ratio',
    help: 'Of the bank transfers into AUTO accounts (by the statement line’s time), the share credited without staff, today and over the last 30 days (site calendar days); absent while none came in.',
    labelNames: ['period'] as const,
    registers: [deps.metrics],
    async collect() {
      this.reset();
      for (const { period, shareByItself } of (await readShares()).periods) if (shareByItself !== null) this.set({ period }, shareByItself);
    },
  });

  return {
    /** One run over every AUTO account (a reconciler job; several nodes may run it, each account read by one at a time). */
    async read(): Promise<Record<string, unknown>> {
      const results: Record<string, unknown> = {};
      for (const account of await repo.feedAccounts(db)) {
        const result = await readAccount(account);
        if (result) results[account.account_no] = result;
      }
      return results;
    },

    /** Waiting lines with their candidates, and whether an operator may assign each (as `assign` decides it). */
    async waiting(page: number, limit: number) {
      const rows = await repo.waitingPage(db, page, limit);
      const [members, slipCodes] = await Promise.all([
        deps.members.findMany(db, [...new Set(rows.flatMap((row) => row.candidates))]),
        Promise.all(rows.map((row) => slipCodeOf(row))),
      ]);
      return rows.map((row, index) => ({
        row,
        candidates: row.candidates.map((id) => members.get(id)).filter((member): member is MemberRow => member !== undefined),
        assignable: slipCodes[index] !== null,
      }));
    },

    /**
     * An operator's answer to a waiting line: the first names the member (audited), a second one
     * credits it to that member (audited; the same one: 403 FOUR_EYES); naming another member
     * replaces the proposal. The member's wallet currency must be the line's.
     */
    async assign(id: string, memberId: bigint, operator: AdminContext): Promise<'PROPOSED' | 'SUCCESS'> {
      const seen = await repo.creditById(db, id);
      if (!seen) throw notFound('NO_DATA');
      // Only under the transfer's own key, the one its slip would carry: a batch, or a line whose
      // sending bank is unknown, is credited by the member's slip instead, never twice.
      const slipCode = await slipCodeOf(seen);
      if (!slipCode) throw badRequest('KEY_INVALID');
      const answer = await db.transaction().execute(async (trx) => {
        const member = await deps.members.lock(trx, memberId);
        if (!member) throw notFound('NO_USER');
        const line = await repo.lockCredit(trx, id);
        if (!line) throw notFound('NO_DATA');
        if (line.status !== 'waiting') throw new AppError('ALREADY_DECIDED', 409, { decidedBy: line.assigned_by ?? 'bank feed' });
        if (walletCurrencyOf(member.currency) !== line.currency) throw badRequest('KEY_INVALID');
        const detail = { id, bankRef: line.bank_ref, amount: String(line.amount), currency: line.currency, memberId: String(memberId) };
        if (line.proposed_by === null || line.proposed_member_id !== memberId) {
          await repo.propose(trx, id, memberId, operator.username);
          await deps.auditTrail.record(trx, operator, 'bank_credit.propose', { ...detail, before: line.proposed_member_id === null ? null : String(line.proposed_member_id) });
          return 'PROPOSED';
        }
        if (line.proposed_by === operator.username) throw forbidden('FOUR_EYES');
        const credited = await deps.credit.credit(trx, { memberId, method: 'BANK', amount: line.amount, externalRef: bankTransferRef(slipCode, line.bank_ref), paidAt: line.booked_at });
        // The member's slip of this transfer was credited meanwhile.
        if (!credited) throw new AppError('ALREADY_DECIDED', 409, { decidedBy: 'slip' });
        await repo.assign(trx, id, { memberId, depositId: credited.depositId, by: operator.username });
        await deps.auditTrail.record(trx, operator, 'bank_credit.assign', { ...detail, proposedBy: line.proposed_by });
        return 'SUCCESS' as const;
      });
      if (answer === 'SUCCESS') observeCredit('operators', seen.booked_at);
      return answer;
    },

    /**
     * Money in without staff, today and over the last 30 days (the site's calendar days, today's
     * included), by when the member transferred: lines received, credited without staff or by
     * operators, still waiting, and the transfer-to-credit seconds of each kind.
     */
    autoFigures,

    /** Over 30 days: lines credited by themselves, by operators, and waiting. */
    async figures() {
      const shares = await repo.shares(db, 30);
      const byItself = (shares.get('credited') ?? 0) + (shares.get('duplicate') ?? 0);
      const byOperators = shares.get('assigned') ?? 0;
      return { days: 30, byItself, byOperators, waiting: shares.get('waiting') ?? 0, shareByItself: byItself + byOperators === 0 ? null : byItself / (byItself + byOperators) };
    },
  };
}
export type BankFeed = ReturnType<typeof createBankFeed>;

/** Without staff of all received; null when nothing came in. */
const shareOf = (figures: { received: number; byItself: number }) => (figures.received === 0 ? null : figures.byItself / figures.received);

class RepeatedLine extends Error {}
