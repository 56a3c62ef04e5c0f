import crypto from 'node:crypto';
import { type CurrencyCode, type Language, type MemberBankChangeBody, type MemberDetail, type SiteProfile, inviteCodeOf, toMajor, walletCurrencyOf } from '@wallet/contract';
import type { SmsSender } from '../../adapters/sms.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/database.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import type { AuditActor, AuditTrail } from '../audit/audit-writer.js';
import type { AuthService } from '../auth/auth.service.js';
import type { PasswordHasher } from '../auth/password.js';
import { type ConditionService, successTarget } from '../conditions/conditions.service.js';
import { accounts } from '../ledger/accounts.js';
import type { Ledger } from '../ledger/ledger.service.js';
import type { LookupService } from '../lookup/lookup.service.js';
import * as repo from './account.repository.js';

type SummaryRow = Awaited<ReturnType<typeof repo.searchMembers>>['rows'][number];

const toSummary = (row: SummaryRow, wallet: bigint) => ({
  _id: String(row.id),
  phone: row.phone,
  name: row.name,
  status: row.status,
  bankCode: row.bank_code,
  bankAccountNo: row.bank_account_no,
  inviteCode: inviteCodeOf(String(row.id)),
  createdAt: row.created_at.toISOString(),
  wallet: toMajor(wallet),
});

/**
 * The decision on a change of a member's bank account (the risk module's, bound once it exists):
 * `decide` runs in the change's transaction, under the member's lock, after the row has changed (it
 * reads who else shares the new account), and throws to refuse it; `run` wraps the transaction and
 * answers a refusal found in it.
 */
export interface BankChangeDecision {
  decide(trx: Db, change: { memberId: bigint; currency: CurrencyCode; account: string }): Promise<void>;
  run<T>(transaction: () => Promise<T>): Promise<T>;
}

/** An operator's one-time password: enough entropy for the hours it lives, easy to type from an SMS. */
const temporaryPassword = () => crypto.randomBytes(6).toString('base64url').replace(/[-_]/g, 'x');

function temporaryPasswordText(language: Language, password: string): string {
  switch (language) {
    case 'th':
      return `รหัสผ่านใหม่ของคุณคือ ${password} เข้าสู่ระบบแล้วเปลี่ยนรหัสผ่านทันที ห้ามบอกรหัสนี้กับผู้อื่น`;
    case 'lo':
      return `ລະຫັດຜ່ານໃໝ່ຂອງທ່ານແມ່ນ ${password} ເຂົ້າສູ່ລະບົບແລ້ວປ່ຽນລະຫັດຜ່ານທັນທີ ຢ່າບອກລະຫັດນີ້ໃຫ້ຜູ້ອື່ນ`;
    default:
      return `Your new password is ${password}. Sign in and change it at once. Never share it.`;
  }
}

/**
 * The operator's view of members: find them, see everything about them, and act:
 * block and unblock, end their sessions, change the registered bank account, reset the password.
 * Every action is audited in its own transaction, with the reason given.
 */
export function createMemberAdminService(deps: {
  db: Db;
  auditTrail: AuditTrail;
  site: SiteProfile;
  hasher: PasswordHasher;
  sms: SmsSender;
  ledger: Pick<Ledger, 'memberBalances' | 'lines' | 'balances'>;
  sessions: Pick<AuthService, 'revokeAllSessions' | 'liveSessions' | 'memberChanged'>;
  conditions: Pick<ConditionService, 'active' | 'ownDeposits'>;
  lookup: Pick<LookupService, 'findBank' | 'bank'>;
  bankChanges: { current(): BankChangeDecision | null };
}) {
  const { db } = deps;

  /** Members listed with their wallet balances, read from the ledger in one query. */
  async function withWallets(rows: SummaryRow[]) {
    const wallets = await deps.ledger.balances(rows.map((row) => accounts.wallet(row.id).code));
    return rows.map((row) => toSummary(row, wallets.get(accounts.wallet(row.id).code) ?? 0n));
  }

  async function locked(trx: Db, memberId: bigint) {
    const member = await repo.lockMember(trx, memberId);
    if (!member) throw notFound('NO_USER');
    return member;
  }

  return {
    async search(text: string, page: number, limit: number) {
      const memberId = /^\d{1,18}$/.test(text) ? BigInt(text) : /^PR\d{1,12}$/i.test(text) ? BigInt(text.slice(2)) : null;
      const { total, totalCapped, rows } = await repo.searchMembers(db, { text, memberId }, page, limit);
      return { total, totalCapped, members: await withWallets(rows) };
    },

    async detail(memberId: bigint): Promise<MemberDetail> {
      const row = await repo.memberForOperator(db, memberId);
      if (!row) throw notFound('NO_USER');
      const [balances, condition, sessions, bank] = await Promise.all([
        deps.ledger.memberBalances(memberId),
        deps.conditions.active(db, memberId),
        deps.sessions.liveSessions(memberId),
        deps.lookup.bank(row.bank_code),
      ]);
      const wallet = balances.find((account) => account.kind === 'member_wallet')?.balance ?? 0n;
      // The member's own deposits made under the condition raise its target by as much (DESIGN §6).
      const ownDeposits = condition ? await deps.conditions.ownDeposits(db, condition.id) : 0n;
      return {
        ...toSummary(row, wallet),
        bankAccountName: row.bank_account_name,
        bankName: bank?.name_en ?? row.bank_code,
        currency: row.currency,
        sourceCode: row.source_code,
        inviter: row.inviter_id === null ? null : { _id: String(row.inviter_id), phone: row.inviter_phone!, name: row.inviter_name! },
        invitees: Number(row.invitees),
        // The wallet is listed even before its first movement creates its ledger account.
        accounts: [
          ...(balances.some((account) => account.kind === 'member_wallet') ? [] : [{ code: accounts.wallet(memberId).code, kind: 'member_wallet' as const, providerCode: null, balance: 0 }]),
          ...balances
            .filter((account) => account.kind !== 'operator')
            .map((account) => ({ code: account.code, kind: account.kind as 'member_wallet' | 'member_game', providerCode: account.provider_code, balance: toMajor(account.balance) })),
        ],
        condition: condition
          ? {
              kind: condition.kind,
              source: condition.source,
              baseAmount: toMajor(condition.base_amount),
              successTarget: toMajor(successTarget(condition, ownDeposits)),
              createdAt: condition.created_at.toISOString(),
            }
          : null,
        sessions: sessions.map((session) => ({
          _id: session.id,
          createdAt: session.created_at.toISOString(),
          expiresAt: session.expires_at.toISOString(),
          ip: session.ip,
          userAgent: session.user_agent,
        })),
      };
    },

    async ledgerLines(memberId: bigint, account: string | undefined, page: number, limit: number) {
      const own = (await deps.ledger.memberBalances(memberId)).map((row) => row.code);
      const codes = account ? own.filter((code) => code === account) : own;
      if (codes.length === 0) return { total: 0, lines: [] };
      const { total, rows } = await deps.ledger.lines(codes, page, limit);
      return {
        total,
        lines: rows.map((row) => {
          const incoming = codes.includes(row.credit_code);
          return {
            _id: String(row.id),
            createdAt: row.created_at.toISOString(),
            account: incoming ? row.credit_code : row.debit_code,
            counterpart: incoming ? row.debit_code : row.credit_code,
            kind: row.kind,
            reference: row.reference,
            amount: toMajor(incoming ? row.amount : -row.amount),
            requestId: row.request_id,
          };
        }),
      };
    },

    async invitees(memberId: bigint, page: number, limit: number) {
      const { total, rows } = await repo.inviteesOf(db, memberId, page, limit);
      return { total, invitees: await withWallets(rows) };
    },

    /**
     * A blocked member is refused at login and on every call (403 INACTIVE_USER: sessions check
     * the member's status on each call), so the app can say why; unblocking lets the same sessions in.
     */
    async setBlocked(operator: AuditActor, memberId: bigint, blocked: boolean, reason: string) {
      await db.transaction().execute(async (trx) => {
        const member = await locked(trx, memberId);
        const status = blocked ? 'blocked' : 'active';
        if (member.status === status) throw conflict('KEY_INVALID');
        await repo.setMemberStatus(trx, memberId, status);
        await deps.auditTrail.record(trx, operator, blocked ? 'member.block' : 'member.unblock', { memberId: String(memberId), reason, before: { status: member.status }, after: { status } });
      });
      await deps.sessions.memberChanged(memberId);
    },

    async endSessions(operator: AuditActor, memberId: bigint, reason: string) {
      await db.transaction().execute(async (trx) => {
        await locked(trx, memberId);
        const ended = await deps.sessions.revokeAllSessions(trx, memberId);
        await deps.auditTrail.record(trx, operator, 'member.end-sessions', { memberId: String(memberId), reason, ended });
      });
      await deps.sessions.memberChanged(memberId);
    },

    /**
     * The registered account withdrawals go to. A KTB, TMB or BBL account may be given with a
     * name that is not in English: the member's profile then offers the bank-name edit of SPEC §2.
     * The risk rules decide the change (docs/adr/0372): a block refuses it (422 RISK_BLOCKED, nothing
     * changed); a review makes it and holds the member's withdrawals until an operator releases it.
     */
    async changeBankAccount(operator: AuditActor, memberId: bigint, change: MemberBankChangeBody) {
      const bank = await deps.lookup.findBank(change.bankCode);
      if (!bank || bank.country !== deps.site.country) throw badRequest('INVALID_BANK');
      const name = change.bankAccountName.trim().replace(/\s+/g, ' ').toUpperCase();
      const decision = deps.bankChanges.current();
      const changed = () =>
        db.transaction().execute(async (trx) => {
          const before = await locked(trx, memberId);
          await repo.setBankAccount(trx, memberId, { bankCode: change.bankCode, bankAccountNo: change.bankAccountNo, bankAccountName: name });
          await decision?.decide(trx, { memberId, currency: walletCurrencyOf(before.currency), account: `${change.bankCode}:${change.bankAccountNo}` });
          await deps.auditTrail.record(trx, operator, 'member.bank-account', {
            memberId: String(memberId),
            reason: change.reason,
            before: { bankCode: before.bank_code, bankAccountNo: before.bank_account_no, bankAccountName: before.bank_account_name },
            after: { bankCode: change.bankCode, bankAccountNo: change.bankAccountNo, bankAccountName: name },
          });
        });
      try {
        await (decision ? decision.run(changed) : changed());
      } catch (error) {
        if (isUniqueViolation(error, 'members_bank_account_unique')) throw conflict('EXISTING_BANK');
        throw error;
      }
    },

    /** A new password by SMS, usable at once; every session ends. The password itself is never stored or logged. */
    async resetPassword(operator: AuditActor, memberId: bigint, reason: string) {
      const password = temporaryPassword();
      const passwordHash = await deps.hasher.hash(password);
      const phone = await db.transaction().execute(async (trx) => {
        const member = await locked(trx, memberId);
        await repo.updateMember(trx, memberId, { password_hash: passwordHash });
        await deps.sessions.revokeAllSessions(trx, memberId);
        await deps.auditTrail.record(trx, operator, 'member.password-reset', { memberId: String(memberId), reason });
        return member.phone;
      });
      await deps.sessions.memberChanged(memberId);
      try {
        await deps.sms.send(phone, temporaryPasswordText(deps.site.defaultLanguage, password));
      } catch {
        // The old password is gone already: the operator sees the failure and resets again.
        throw new AppError('OTP_SEND_FAIL', 503);
      }
    },
  };
}
export type MemberAdminService = ReturnType<typeof createMemberAdminService>;
