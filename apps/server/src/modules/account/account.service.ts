import {
  OTP_RULES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  type BankNameChangeBody,
  type PasswordChangeBody,
  type ProfileResponse,
  type ProfileUpdateBody,
  type RegistrationBody,
  type RegistrationValidateBody,
  type SiteProfile,
  isEnglishName,
  isValidPhone,
  memberIdFromInviteCode,
  needsEnglishName,
} from '@wallet/contract';
import { type Db, isUniqueViolation } from '../../db/database.js';
import { badRequest, conflict, forbidden, notFound, tooMany } from '../../errors.js';
import type { AuthService } from '../auth/auth.service.js';
import type { MemberContext } from '../../http/context.js';
import type { PasswordHasher } from '../auth/password.js';
import type { AttemptLimiter } from '../limits/attempt-limiter.js';
import type { LookupService } from '../lookup/lookup.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import * as repo from './account.repository.js';

/** Old-password guesses a session may make: a stolen token must not become a password oracle. */
const OLD_PASSWORD_LIMIT = { max: 5, windowMs: 15 * 60_000 };

/** The phone-verification codes registration spends: a code verified within `since` is consumed once. */
export interface VerifiedPhones {
  consume(trx: Db, phone: string, since: Date, at: Date): Promise<boolean>;
}

export function createAccountService(deps: {
  db: Db;
  hasher: PasswordHasher;
  limiter: AttemptLimiter;
  settings: Pick<SettingsService, 'site'>;
  site: SiteProfile;
  lookup: Pick<LookupService, 'findBank' | 'findSource' | 'bank'>;
  sessions: Pick<AuthService, 'revokeOtherSessions' | 'memberChanged'>;
  verifiedPhones: VerifiedPhones;
  now: () => Date;
}) {
  const { db, hasher, site } = deps;

  function checkPhoneFormat(phone: string): void {
    if (!isValidPhone(phone, site.site)) throw badRequest(site.phoneErrorCode);
  }

  function checkPassword(password: string): void {
    if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) throw badRequest('PASSWORD_LENGTH');
  }

  async function checkBank(bankCode: string): Promise<void> {
    const bank = await deps.lookup.findBank(bankCode);
    if (!bank || bank.country !== site.country) throw badRequest('INVALID_BANK');
  }

  function checkAccountName(bankCode: string, name: string): void {
    if (needsEnglishName(bankCode) && !isEnglishName(name)) throw badRequest('BANK_ACCOUNT_NAME_ENG');
  }

  async function inviterIdOf(inviteCode: string | undefined): Promise<bigint | null> {
    if (!inviteCode) return null;
    const id = memberIdFromInviteCode(inviteCode);
    if (!id || !(await repo.memberExists(db, id))) throw badRequest('INVALID_USER_INFO');
    return BigInt(id);
  }

  /** Every check of DESIGN §6 that the given fields allow; fields absent are checked later. */
  async function validate(body: RegistrationValidateBody): Promise<void> {
    checkPhoneFormat(body.username);
    if (await repo.phoneExists(db, body.username)) throw conflict('EXISTING_USER');
    if (body.password !== undefined) checkPassword(body.password);
    if (body.sourceCode && !(await deps.lookup.findSource(body.sourceCode))) throw badRequest('KEY_INVALID');
    await inviterIdOf(body.inviteCode);
    if (body.bankCode !== undefined) {
      await checkBank(body.bankCode);
      if (body.bankAccountName !== undefined) checkAccountName(body.bankCode, body.bankAccountName);
      if (body.bankAccountNo !== undefined && (await repo.bankAccountExists(db, body.bankCode, body.bankAccountNo))) {
        throw conflict('EXISTING_BANK');
      }
    }
    if (body.currency !== undefined && !site.currencies.includes(body.currency)) throw badRequest('KEY_INVALID');
  }

  /** The member's registered details with their bank's names. */
  async function findProfile(memberId: bigint) {
    const row = await repo.findProfile(db, memberId);
    if (!row) return undefined;
    const bank = await deps.lookup.bank(row.bank_code);
    return { ...row, name_th: bank?.name_th ?? row.bank_code, name_en: bank?.name_en ?? row.bank_code, name_lo: bank?.name_lo ?? null };
  }

  async function profileOf(memberId: bigint) {
    const row = await findProfile(memberId);
    if (!row) throw notFound('NO_USER');
    return row;
  }

  return {
    validate,

    /** The member's registered details, for modules that pay out to or show them. */
    findMember: findProfile,

    /** Used by OTP sending: a number that is malformed or already a member gets no SMS. */
    async checkNewPhone(phone: string): Promise<void> {
      checkPhoneFormat(phone);
      if (await repo.phoneExists(db, phone)) throw conflict('EXISTING_USER');
    },

    /** `origin`: where the registration came from, kept for the invite overlap checks. */
    async register(body: RegistrationBody, origin: { ip: string | null; userAgent: string | null } = { ip: null, userAgent: null }): Promise<string> {
      await validate(body);
      const inviterId = await inviterIdOf(body.inviteCode);
      const passwordHash = await hasher.hash(body.password);
      const { registerOTP } = await deps.settings.site();
      const at = deps.now();
      try {
        const id = await db.transaction().execute(async (trx) => {
          if (registerOTP) {
            const verifiedSince = new Date(at.getTime() - OTP_RULES.verifiedUseMs);
            if (!(await deps.verifiedPhones.consume(trx, body.username, verifiedSince, at))) throw badRequest('UNVERIFIED_OTP');
          }
          return repo.insertMember(trx, {
            phone: body.username,
            name: body.name,
            passwordHash,
            bankCode: body.bankCode,
            bankAccountNo: body.bankAccountNo,
            bankAccountName: body.bankAccountName.toUpperCase(),
            currency: body.currency ?? site.currencies[0],
            sourceCode: body.sourceCode || null,
            inviterId,
            registeredIp: origin.ip,
            registeredUserAgent: origin.userAgent,
          });
        });
        return String(id);
      } catch (error) {
        // Two registrations racing past validate(): the database's unique keys decide.
        if (isUniqueViolation(error, 'members_phone_key')) throw conflict('EXISTING_USER');
        if (isUniqueViolation(error, 'members_bank_account_unique')) throw conflict('EXISTING_BANK');
        throw error;
      }
    },

    async profile(context: MemberContext): Promise<ProfileResponse> {
      const row = await profileOf(context.memberId);
      return {
        profile: { name: row.name, _id: String(row.id), createdAt: row.created_at.toISOString(), username: row.phone },
        bankAccount: {
          bank: { nameTH: row.name_th, nameEN: row.name_en, nameLO: row.name_lo ?? row.name_en },
          bankCode: row.bank_code,
          bankAccountName: row.bank_account_name,
          bankAccountNo: row.bank_account_no,
        },
      };
    },

    /**
     * The name can change; the bank account cannot from the member side, because withdrawals
     * go only to it (docs/adr/0013-profile-update-changes-the-display-name-only.md). Sending the current bank values back is fine.
     */
    async updateProfile(context: MemberContext, body: ProfileUpdateBody): Promise<void> {
      const row = await profileOf(context.memberId);
      const bankChanged =
        (body.bankCode !== undefined && body.bankCode !== row.bank_code) ||
        (body.bankAccountNo !== undefined && body.bankAccountNo !== row.bank_account_no) ||
        (body.bankAccountName !== undefined && body.bankAccountName.toUpperCase() !== row.bank_account_name);
      if (bankChanged) throw forbidden('BANK_CHANGE_NOT_ALLOWED');
      await repo.updateMember(db, context.memberId, { name: body.name });
    },

    /** SPEC §2 Profile: only KTB/TMB/BBL holders with a non-English name may fix it, to English. */
    async changeBankAccountName(context: MemberContext, body: BankNameChangeBody): Promise<void> {
      const row = await profileOf(context.memberId);
      if (body.bankCode !== row.bank_code || !needsEnglishName(row.bank_code)) throw badRequest('KEY_INVALID');
      const name = body.bankAccountName.trim().replace(/\s+/g, ' ');
      if (!isEnglishName(name)) throw badRequest('BANK_ACCOUNT_NAME_ENG');
      await repo.updateMember(db, context.memberId, { bank_account_name: name.toUpperCase() });
    },

    /** Other sessions are revoked; the one that changed the password stays signed in. */
    async changePassword(context: MemberContext, body: PasswordChangeBody): Promise<void> {
      const passwordHash = await repo.findPasswordHash(db, context.memberId);
      if (!passwordHash) throw notFound('NO_USER');
      checkPassword(body.newPassword);
      // Counted before the old password is checked, per member (not per token, which a thief can renew).
      const reserved = await deps.limiter.reserve([{ key: `changepwd:member:${context.memberId}`, ...OLD_PASSWORD_LIMIT }]);
      if (!reserved.ok) throw tooMany('REQUEST_LIMIT');
      if (!(await hasher.verify(passwordHash, body.oldPassword))) throw badRequest('WRONG_PASSWORD');
      await reserved.reservation.release();
      const newHash = await hasher.hash(body.newPassword);
      await db.transaction().execute(async (trx) => {
        await repo.updateMember(trx, context.memberId, { password_hash: newHash });
        await deps.sessions.revokeOtherSessions(trx, context);
      });
      await deps.sessions.memberChanged(context.memberId);
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
