import crypto from 'node:crypto';
import os from 'node:os';
import pLimit from 'p-limit';
import { type Minor, type SlipRecord, toMajor, walletCurrencyOf } from '@wallet/contract';
import { type SlipVerifier, accountMatches } from '../../adapters/slip-verifier.js';
import type { UploadStorage } from '../../adapters/upload-storage.js';
import type { Db } from '../../db/database.js';
import { AppError, badRequest, busy, forbidden, notFound } from '../../errors.js';
import type { AuditActor, AuditTrail } from '../audit/audit-writer.js';
import { decideOnce } from '../../db/decide-once.js';
import { claimIdempotencyKey } from '../../db/idempotency-keys.js';
import type { MemberContext } from '../../http/context.js';
import type { Members } from '../account/members.js';
import type { SlipCodes } from '../lookup/slip-codes.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { DepositCredit } from './deposit-credit.js';
import { parseMiniQr } from './mini-qr.rules.js';
import type { QrReader } from './qr-reader.js';
import { type SlipReading, readStoredSlip, reencodeAndReadSlip } from './slip-image.js';
import { isSlipTooOld, isSlipUploadOpen } from './slip.rules.js';
import * as bankFeedRepo from './bank-feed.repository.js';
import * as repo from './slip.repository.js';
import type { SlipRow } from './slip.repository.js';

/** Slips the verifier could not settle wait for an operator, who decides each once. */
const awaitsReview = (row: SlipRow) => row.status === 'in_progress' && row.needs_review;

const IMAGE_LINK_LIFETIME_MS = 15 * 60_000;
/**
 * Reading images is the costliest work the server does: a few at a time, in arrival order, so a
 * burst of uploads queues (each answered in turn) instead of slowing every upload and every
 * other call on the node together.
 */
const IMAGE_WORK_AT_ONCE = os.availableParallelism();
const BUSY_RETRY_AFTER_SECONDS = 2;

export interface SlipServiceDeps {
  db: Db;
  auditTrail: AuditTrail;
  deposits: Pick<DepositCredit, 'credit' | 'refusal'>;
  settings: Pick<SettingsService, 'site'>;
  /** The member a slip is matched against: their currency and registered bank account. */
  members: Pick<Members, 'find' | 'findMany'>;
  slipCodes: Pick<SlipCodes, 'ofBank'>;
  storage: UploadStorage;
  qrReader: QrReader;
  verifier: SlipVerifier;
  now: () => Date;
  /** Signs the short-lived image addresses (the browser opens them without our bearer token). */
  linkSecret: string;
  log: { warn(object: object, message: string): void };
  /**
   * Uploads the node holds at once, queued or being read. One more is answered 503 BUSY before
   * anything of it is kept: a longer queue would outlast the member's patience, and a retry after
   * Retry-After may find another node or a shorter queue.
   */
  uploadsAtOnce: number;
  /** An upload's own request checks it at once; the sweep takes slips undecided this long (a crash left them). */
  unfinishedAfterMs: number;
}

/**
 * DESIGN §6 slip upload: images only, checked by content and re-encoded; the mini-QR read and
 * parsed; one live slip per bank transfer; the verifier asked for amount, receiver, sender and
 * time; credited once through the ledger; what the verifier cannot settle waits for an operator.
 */
export function createSlipService(deps: SlipServiceDeps) {
  const { db, storage } = deps;
  const imageWork = pLimit(IMAGE_WORK_AT_ONCE);
  let uploadsHeld = 0;

  const sign = (reference: string, expires: number) => crypto.createHmac('sha256', deps.linkSecret).update(`${reference}.${expires}`).digest('base64url');

  function imageLink(reference: string): string {
    // Rounded to the minute so a list asked for twice gives the same addresses (browser cache).
    const expires = Math.ceil((deps.now().getTime() + IMAGE_LINK_LIFETIME_MS) / 60_000) * 60_000;
    return `/api/slips/image/${reference}?expires=${expires}&signature=${sign(reference, expires)}`;
  }

  const toRecord = (row: SlipRow): SlipRecord => ({
    createdAt: row.created_at.toISOString(),
    amount: row.amount === null ? 0 : toMajor(row.amount),
    status: row.status,
    note: row.note as SlipRecord['note'],
    link: imageLink(row.reference),
    reference: row.reference,
  });

  /** Credits a locked, undecided slip's amount once: the deposit and the ledger are keyed by the bank transfer. */
  async function creditSlip(trx: Db, row: SlipRow, amount: bigint, operator: string | null, transferredAt: Date | null): Promise<SlipRow> {
    const externalRef = row.trans_ref ? `slip:${row.sending_bank}:${row.trans_ref}` : `slip:${row.id}`;
    const credited = await deps.deposits.credit(trx, { memberId: row.member_id, method: 'SLIP', amount, externalRef, paidAt: transferredAt ?? row.transferred_at ?? row.created_at });
    // The feed may have read this transfer before and left its line waiting (no name on it): no longer.
    if (credited && row.trans_ref) await bankFeedRepo.settleBySlip(trx, { bankRef: row.trans_ref, amount, memberId: row.member_id, depositId: credited.depositId, operator });
    return repo.markSlipCredited(trx, row.id, { amount, transferredAt: transferredAt ?? row.transferred_at, decidedBy: operator });
  }

  /** The member's registered account as a slip names it: the bank's slip code, the account number, and the wallet's currency. */
  async function memberBankAccount(memberId: bigint) {
    const member = await deps.members.find(db, memberId);
    if (!member) throw new Error(`slip of member ${memberId}, who does not exist`);
    return { bank_account_no: member.bank_account_no, slip_code: (await deps.slipCodes.ofBank(db, member.bank_code)) ?? null, currency: member.currency };
  }

  /** The verifier's settled answer: credited unless the slip was decided meanwhile. */
  function creditVerified(id: string, amount: bigint, transferredAt: Date): Promise<SlipRow | null> {
    return db.transaction().execute(async (trx) => {
      const row = await repo.lockSlip(trx, id);
      return row?.status === 'in_progress' ? creditSlip(trx, row, amount, null, transferredAt) : null;
    });
  }

  /** The stored image read again, for a check that did not read it as it was uploaded. */
  async function readStored(row: SlipRow): Promise<SlipReading | null> {
    const image = await storage.get(row.image_key);
    return image ? imageWork(() => readStoredSlip(deps.qrReader, image)) : null;
  }

  /**
   * Takes a stored, undecided slip as far as it can go. Safe to run again on the same slip.
   * `uploaded`: what reading the upload found, when the check follows it.
   */
  async function check(row: SlipRow, uploaded?: SlipReading): Promise<SlipRow> {
    const reading = uploaded ?? (await readStored(row));
    if (!reading) return repo.refuseSlip(db, row.id, 'UPLOADED_FILE_NOT_EXIST');
    if (reading.tooSmallToRead) return repo.refuseSlip(db, row.id, 'IMG_SIZE_UNABLE_TO_PROCESS');
    const payload = reading.qr;
    if (!payload) return repo.refuseSlip(db, row.id, 'CANNOT_READ_CROPPED_IMAGE');
    const miniQr = parseMiniQr(payload);
    if (miniQr.kind === 'unstable') return repo.refuseSlip(db, row.id, 'UNSTABLE_REFNO_ON_SLIP');
    if (miniQr.kind === 'not-a-slip') return repo.refuseSlip(db, row.id, 'INVALID_SLIP');
    const { sendingBank, transRef } = miniQr;
    if (!(await repo.claimTransfer(db, row.id, sendingBank, transRef))) return repo.refuseSlip(db, row.id, 'SLIP_REFNO_DUPLICATED', { sendingBank, transRef });
    const member = await memberBankAccount(row.member_id);
    // A Lao bank's proof is read (a second upload of it is caught above) but nothing confirms it: an operator does.
    if (miniQr.kind === 'lao-slip') return member.currency === 'LAK' ? repo.holdForReview(db, row.id, null) : repo.refuseSlip(db, row.id, 'DEST_ACC_INVALID');
    // A Thai slip moves baht, into the operator's Thai accounts: never into a kip wallet.
    if (member.currency === 'LAK') return repo.refuseSlip(db, row.id, 'DEST_ACC_INVALID');

    const answer = await deps.verifier.verify(sendingBank, transRef);
    if (answer.outcome === 'not_found') return repo.refuseSlip(db, row.id, 'INVALID_SLIP');
    if (answer.outcome === 'unsettled') return repo.holdForReview(db, row.id, answer.reason);

    const [ownAccounts, site] = await Promise.all([repo.enabledDepositAccountNumbers(db), deps.settings.site()]);
    if (!ownAccounts.some((accountNo) => accountMatches(answer.receiverAccount, accountNo))) return repo.refuseSlip(db, row.id, 'DEST_ACC_INVALID');
    // Deposits come from the member's own registered account, the one withdrawals go back to.
    const fromMember = answer.senderAccount === null || (sendingBank === member.slip_code && accountMatches(answer.senderAccount, member.bank_account_no));
    if (!fromMember) return repo.refuseSlip(db, row.id, 'NOT_MATCH');
    if (isSlipTooOld(answer.transferredAt, row.created_at, site.slipMaxAgeMinutes)) return repo.refuseSlip(db, row.id, 'EXPIRED_SLIP');
    return (await creditVerified(row.id, answer.amount, answer.transferredAt)) ?? repo.getSlip(db, row.id);
  }

  async function uploadSlip(context: MemberContext, bytes: Buffer | null, idempotencyKey: string | null): Promise<SlipRecord> {
    const site = await deps.settings.site();
    if (!isSlipUploadOpen(site, deps.now())) throw forbidden('SLIP_UPLOAD_CLOSED');
    // Refused while paused, on a break, or with nothing of a deposit limit left; a slip's amount is
    // read later, and one past what is left is credited and flagged (its money has arrived).
    const refused = await deps.deposits.refusal(db, context.memberId, { amount: 1n, replacingMethod: null, slip: true });
    if (refused) throw refused;
    if (!bytes || bytes.length === 0) throw badRequest('SLIP_NO_FILE');
    let reference = crypto.randomBytes(18).toString('base64url');
    if (idempotencyKey !== null) {
      const owner = `member:${context.memberId}`;
      const fingerprint = crypto.createHash('sha256').update('POST /api/wallet/slip').update(crypto.createHash('sha256').update(bytes).digest()).digest('base64url');
      await claimIdempotencyKey(db, { owner, key: idempotencyKey, fingerprint });
      reference = crypto.createHash('sha256').update(`slip:${owner}:${idempotencyKey}`).digest().subarray(0, 18).toString('base64url');
      const first = await repo.findMemberSlip(db, context.memberId, reference);
      if (first) return toRecord(first);
    }
    const upload = await imageWork(() => reencodeAndReadSlip(deps.qrReader, bytes));
    if (!upload.ok) throw badRequest('SLIP_INVALID_FILE');
    const imageKey = `slips/${reference}.jpg`;
    try {
      await storage.put(imageKey, upload.image);
    } catch (error) {
      deps.log.warn({ err: error }, 'slip image could not be stored');
      throw new AppError('SLIP_UPLOAD_FAIL', 503);
    }
    // Upload time by the same clock as the window and the hour rule.
    const row = await repo.insertSlip(db, { reference, memberId: context.memberId, imageKey, uploadedAt: deps.now() });
    // The same key at the same moment: the other attempt made the slip; its answer is this one's.
    if (!row) return toRecord((await repo.findMemberSlip(db, context.memberId, reference))!);
    return toRecord(await check(row, upload.reading));
  }

  return {
    /**
     * `idempotencyKey`: a retry of an upload whose answer was lost sends the same key
     * with the same file and is answered with the slip the first made, not a second slip (which its
     * bank reference would refuse as a duplicate of the first). The key names the slip: its
     * reference is derived from the member and the key, so two attempts at once make one row. A key
     * used before for another file is refused (409 KEY_INVALID), as on every call.
     */
    async upload(context: MemberContext, bytes: Buffer | null, idempotencyKey: string | null = null): Promise<SlipRecord> {
      if (uploadsHeld >= deps.uploadsAtOnce) throw busy(BUSY_RETRY_AFTER_SECONDS);
      uploadsHeld += 1;
      try {
        return await uploadSlip(context, bytes, idempotencyKey);
      } finally {
        uploadsHeld -= 1;
      }
    },

    /** The sweep (at start and every minute): finishes slips a crash or restart left undecided. */
    async resumeUnfinished(): Promise<number> {
      const now = deps.now();
      const rows = await repo.claimUnfinished(db, new Date(now.getTime() - deps.unfinishedAfterMs), now, 50);
      for (const row of rows) await check(row);
      return rows.length;
    },

    async list(context: MemberContext, page: number, limit: number) {
      const { total, rows } = await repo.memberSlipPage(db, context.memberId, page, limit);
      return { total, slips: rows.map(toRecord) };
    },

    /** Only the owner may see a slip; anyone else is told there is no such slip. */
    async imageUrl(context: MemberContext, reference: string): Promise<{ url: string }> {
      const row = await repo.findMemberSlip(db, context.memberId, reference);
      if (!row) throw notFound('NO_DATA');
      return { url: imageLink(reference) };
    },

    async image(reference: string, expires: number, signature: string): Promise<Buffer> {
      const expected = Buffer.from(sign(reference, expires));
      const given = Buffer.from(signature);
      const valid = given.length === expected.length && crypto.timingSafeEqual(given, expected) && expires > deps.now().getTime();
      if (!valid) throw forbidden('KEY_INVALID');
      const row = await repo.findByReference(db, reference);
      const image = row && (await storage.get(row.image_key));
      if (!image) throw notFound('NO_DATA');
      return image;
    },

    async listForOperator(status: 'pending' | 'SUCCESS' | 'FAILED' | 'all', page: number, limit: number, memberId?: bigint) {
      const { total, totalCapped, rows } = await repo.operatorSlipPage(db, status, page, limit, memberId);
      const members = await deps.members.findMany(db, rows.map((row) => row.member_id));
      return {
        total,
        totalCapped,
        slips: rows.map((row) => {
          const member = members.get(row.member_id)!;
          return {
            ...toRecord(row),
            _id: row.id,
            currency: walletCurrencyOf(member.currency),
            username: member.phone,
            memberName: member.name,
            sendingBank: row.sending_bank,
            transRef: row.trans_ref,
            decidedBy: row.decided_by,
          };
        }),
      };
    },

    /** An operator who has checked the bank credits a waiting slip; the amount is theirs when the bank gave none. */
    async approve(id: string, givenAmount: Minor | undefined, operator: AuditActor): Promise<SlipRecord> {
      const credited = await decideOnce(deps, {
        lock: (trx) => repo.lockSlip(trx, id),
        isOpen: awaitsReview,
        decidedBy: (_trx, row) => row.decided_by,
        apply: (trx, row) => {
          const amount = givenAmount ?? row.amount;
          if (amount === null) throw badRequest('KEY_MISSING');
          return creditSlip(trx, row, amount, operator.username, null);
        },
        audit: { actor: operator, action: 'slip.approve', detail: (_row, slip) => ({ id, amount: String(slip.amount) }) },
      });
      return toRecord(credited);
    },

    async fail(id: string, reason: string, operator: AuditActor): Promise<SlipRecord> {
      const refused = await decideOnce(deps, {
        lock: (trx) => repo.lockSlip(trx, id),
        isOpen: awaitsReview,
        decidedBy: (_trx, row) => row.decided_by,
        apply: (trx) => repo.failReviewedSlip(trx, id, { reason, decidedBy: operator.username }),
        audit: { actor: operator, action: 'slip.fail', detail: () => ({ id, reason }) },
      });
      return toRecord(refused);
    },
  };
}
export type SlipService = ReturnType<typeof createSlipService>;
