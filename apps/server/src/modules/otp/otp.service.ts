import crypto from 'node:crypto';
import { OTP_RULES, type OtpSendResponse, type Site } from '@wallet/contract';
import type { SmsSender } from '../../adapters/sms.js';
import type { Db } from '../../db/database.js';
import { AppError, badRequest, conflict, tooMany } from '../../errors.js';
import * as repo from './otp.repository.js';

const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomRef(): string {
  return Array.from({ length: 4 }, () => REF_ALPHABET[crypto.randomInt(REF_ALPHABET.length)]).join('');
}

function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

export function createOtpService(deps: {
  db: Db;
  sms: SmsSender;
  /** Server secret that peppers code hashes: a leaked table alone cannot be brute-forced. */
  pepper: string;
  site: Site;
  now: () => Date;
  checkPhone: (phone: string) => Promise<void>;
  log: { warn(object: object, message: string): void };
}) {
  const { db, now } = deps;
  const codeHash = (tokenHash: string, code: string) =>
    crypto.createHmac('sha256', deps.pepper).update(`${tokenHash}:${code}`).digest('hex');

  async function refuseIfBlocked(phone: string): Promise<void> {
    if (await repo.findBlock(db, phone, now())) throw tooMany('OTP_BLOCK');
  }

  return {
    /** DESIGN §6: 6 digits, valid 5 minutes, one per 60 s, five per hour, sent by SMS. */
    async send(phone: string, lang: 'th' | 'lo' | 'en'): Promise<OtpSendResponse> {
      await deps.checkPhone(phone);
      await refuseIfBlocked(phone);
      const at = now();
      const lastHour = await repo.recentRequests(db, phone, new Date(at.getTime() - 60 * 60_000));
      const usable = lastHour.find(
        (request) =>
          request.verified_at &&
          !request.used_at &&
          request.verified_at.getTime() > at.getTime() - OTP_RULES.verifiedUseMs,
      );
      if (usable) return { otpRef: usable.ref, otpToken: '', code: 'OTP_VERIFIED' };
      const newest = lastHour[0];
      if (newest && at.getTime() - newest.created_at.getTime() < OTP_RULES.resendGapMs) {
        throw tooMany('REQUEST_LIMIT_1MIN');
      }
      if (lastHour.length >= OTP_RULES.maxSendsPerHour) throw tooMany('REQUEST_LIMIT');

      const otpToken = crypto.randomBytes(32).toString('base64url');
      const tokenHash = sha256(otpToken);
      const otpCode = String(crypto.randomInt(0, 10 ** OTP_RULES.length)).padStart(OTP_RULES.length, '0');
      const otpRef = randomRef();
      const id = await repo.insertRequest(db, {
        phone,
        tokenHash,
        ref: otpRef,
        codeHash: codeHash(tokenHash, otpCode),
        expiresAt: new Date(at.getTime() + OTP_RULES.validMs),
      });
      try {
        await deps.sms.send(phone, smsText(lang, otpCode, otpRef));
      } catch (error) {
        // Not sent, so it must not count against the member's hourly allowance.
        await repo.deleteRequest(db, id);
        deps.log.warn({ err: error }, 'OTP SMS failed');
        throw new AppError('OTP_SEND_FAIL', 502);
      }
      return { otpRef, otpToken, code: 'OTP_SENT' };
    },

    async verify(otpToken: string, otpCode: string): Promise<void> {
      const tokenHash = sha256(otpToken);
      const request = await repo.findByTokenHash(db, tokenHash);
      if (!request) throw badRequest('OTP_TOKEN_INVALID');
      await refuseIfBlocked(request.phone);
      if (request.verified_at) throw conflict('OTP_VERIFIED');
      const at = now();
      if (request.expires_at.getTime() <= at.getTime()) throw badRequest('OTP_EXPIRED');
      const expected = Buffer.from(request.code_hash, 'hex');
      const given = Buffer.from(codeHash(tokenHash, otpCode.trim()), 'hex');
      if (!crypto.timingSafeEqual(expected, given)) {
        const windowStart = new Date(at.getTime() - OTP_RULES.blockMs);
        const wrong = await repo.recordWrongCode(db, request.id, request.phone, windowStart);
        if (wrong >= OTP_RULES.maxWrongCodes) {
          await repo.blockPhone(db, request.phone, new Date(at.getTime() + OTP_RULES.blockMs));
          throw tooMany('OTP_BLOCK');
        }
        throw badRequest('OTP_CODE_INVALID');
      }
      if (!(await repo.markVerified(db, request.id, at))) throw conflict('OTP_VERIFIED');
    },
  };
}
export type OtpService = ReturnType<typeof createOtpService>;

function smsText(lang: 'th' | 'lo' | 'en', code: string, ref: string): string {
  switch (lang) {
    case 'th':
      return `รหัส OTP ของคุณคือ ${code} (Ref: ${ref}) ใช้ได้ภายใน 5 นาที ห้ามบอกรหัสนี้กับผู้อื่น`;
    case 'lo':
      return `ລະຫັດ OTP ຂອງທ່ານແມ່ນ ${code} (Ref: ${ref}) ໃຊ້ໄດ້ພາຍໃນ 5 ນາທີ ຢ່າບອກລະຫັດນີ້ໃຫ້ຜູ້ອື່ນ`;
    default:
      return `Your OTP is ${code} (Ref: ${ref}), valid for 5 minutes. Never share this code.`;
  }
}
