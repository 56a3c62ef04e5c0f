import crypto from 'node:crypto';
import { type ErrorCode, type Language, OTP_RULES, type OtpSendResponse } from '@wallet/contract';
import type { SmsSender } from '../../adapters/sms.js';
import type { Db } from '../../db/database.js';
import { AppError, badRequest, conflict, tooMany } from '../../errors.js';
import type { AttemptLimit, AttemptLimiter } from '../limits/attempt-limiter.js';
import * as repo from './otp.repository.js';

const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomRef(): string {
  return Array.from({ length: 4 }, () => REF_ALPHABET[crypto.randomInt(REF_ALPHABET.length)]).join('');
}

function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

/**
 * Registration takes the phone's verified code, once, in its own transaction: a code verified
 * within `since` is consumed and cannot register a second member.
 */
export const verifiedPhones = {
  consume: (trx: Db, phone: string, since: Date, at: Date): Promise<boolean> => repo.consumeVerified(trx, phone, since, at),
};

export function createOtpService(deps: {
  db: Db;
  sms: SmsSender;
  /** Server secret that peppers code hashes: a leaked table alone cannot be brute-forced. */
  pepper: string;
  now: () => Date;
  limiter: AttemptLimiter;
  /** SMS sends one address may ask for in an hour, whatever numbers it names. */
  sendsPerAddressPerHour: number;
  checkPhone: (phone: string) => Promise<void>;
  log: { warn(object: object, message: string): void };
}) {
  const { db, now } = deps;
  const codeHash = (tokenHash: string, code: string) =>
    crypto.createHmac('sha256', deps.pepper).update(`${tokenHash}:${code}`).digest('hex');

  async function refuseIfBlocked(phone: string): Promise<void> {
    if (await repo.findBlock(db, phone, now())) throw tooMany('OTP_BLOCK');
  }

  const hour = 60 * 60_000;
  /** In this order: the gap is reported before the hourly limits, as a member would expect. */
  const sendLimits = (phone: string, address: string): Array<AttemptLimit & { refusal: ErrorCode }> => [
    { key: `otp-send-gap:phone:${phone}`, max: 1, windowMs: OTP_RULES.resendGapMs, refusal: 'REQUEST_LIMIT_1MIN' },
    { key: `otp-send:phone:${phone}`, max: OTP_RULES.maxSendsPerHour, windowMs: hour, refusal: 'REQUEST_LIMIT' },
    { key: `otp-send:address:${address}`, max: deps.sendsPerAddressPerHour, windowMs: hour, refusal: 'REQUEST_LIMIT' },
  ];
  const wrongCodeLimit = (phone: string): AttemptLimit => ({
    key: `otp-verify:phone:${phone}`,
    max: OTP_RULES.maxWrongCodes,
    windowMs: OTP_RULES.blockMs,
  });

  /** A new code, stored as hashes only; the token is the key registration's verify finds it by. */
  async function store(phone: string, purpose: 'register' | 'password-reset', at: Date) {
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
      purpose,
    });
    return { id, otpToken, otpCode, otpRef };
  }

  /**
   * Compares a code with a request's. Counted before the code is compared, so a burst of guesses
   * gets no more than the limit compared; the wrong code that reaches the limit blocks the phone
   * (for sends too). Wrong codes are counted per phone, whatever the code was for.
   */
  async function compareCode(request: { id: string; phone: string; token_hash: string; code_hash: string }, otpCode: string, at: Date): Promise<void> {
    const reserved = await deps.limiter.reserve([wrongCodeLimit(request.phone)]);
    if (!reserved.ok) throw tooMany('OTP_BLOCK');
    const expected = Buffer.from(request.code_hash, 'hex');
    const given = Buffer.from(codeHash(request.token_hash, otpCode.trim()), 'hex');
    if (!crypto.timingSafeEqual(expected, given)) {
      await repo.countWrongCode(db, request.id);
      if (reserved.reservation.attempts[0]! >= OTP_RULES.maxWrongCodes) {
        await repo.blockPhone(db, request.phone, new Date(at.getTime() + OTP_RULES.blockMs));
        throw tooMany('OTP_BLOCK');
      }
      throw badRequest('OTP_CODE_INVALID');
    }
    await reserved.reservation.release();
  }

  return {
    /**
     * DESIGN §6: 6 digits, valid 5 minutes, one per 60 s, five per hour, sent by SMS; and no more
     * than the configured number per hour from one address. The send is counted before it is made.
     */
    async send(phone: string, lang: Language, address: string): Promise<OtpSendResponse> {
      await deps.checkPhone(phone);
      await refuseIfBlocked(phone);
      const at = now();
      const lastHour = await repo.recentRequests(db, phone, new Date(at.getTime() - hour));
      const usable = lastHour.find(
        (request) =>
          request.verified_at &&
          !request.used_at &&
          request.verified_at.getTime() > at.getTime() - OTP_RULES.verifiedUseMs,
      );
      if (usable) return { otpRef: usable.ref, otpToken: '', code: 'OTP_VERIFIED' };
      const reserved = await deps.limiter.reserve(sendLimits(phone, address));
      if (!reserved.ok) throw tooMany(reserved.refused.refusal);

      const { id, otpToken, otpCode, otpRef } = await store(phone, 'register', at);
      try {
        await deps.sms.send(phone, smsText(lang, otpCode, otpRef));
      } catch (error) {
        // Not sent, so it must not count against the member's or the address's allowance.
        await repo.deleteRequest(db, id);
        await reserved.reservation.release();
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
      await compareCode(request, otpCode, at);
      if (!(await repo.markVerified(db, request.id, at))) throw conflict('OTP_VERIFIED');
    },

    /**
     * A code for a new password (docs/adr/0307-the-same-limits-shared-counters.md): the same block and send
     * limits as registration's, taken whether or not the phone is a member's, so the answer tells
     * nothing. With `deliver` false (no such member) the code is stored and nobody is told it, so a
     * guess against it goes the way it would for a member. The SMS goes out after the answer, so
     * its time tells nothing either; one that fails gives the sends back (the member asks again).
     */
    async sendResetCode(phone: string, lang: Language, address: string, deliver: boolean): Promise<{ otpRef: string }> {
      await refuseIfBlocked(phone);
      const reserved = await deps.limiter.reserve(sendLimits(phone, address));
      if (!reserved.ok) throw tooMany(reserved.refused.refusal);
      const { id, otpCode, otpRef } = await store(phone, 'password-reset', now());
      if (deliver) {
        void deps.sms.send(phone, resetSmsText(lang, otpCode, otpRef)).catch(async (error: unknown) => {
          deps.log.warn({ err: error }, 'password-reset SMS failed');
          await repo.deleteRequest(db, id).catch(() => undefined);
          await reserved.reservation.release().catch(() => undefined);
        });
      }
      return { otpRef };
    },

    /**
     * The phone's newest reset code under the reference, checked and counted as registration's
     * codes are; answers the request to spend with `spendResetCode` once the new password is set.
     */
    async checkResetCode(phone: string, otpRef: string, otpCode: string): Promise<string> {
      await refuseIfBlocked(phone);
      const request = await repo.findResetRequest(db, phone, otpRef.trim().toUpperCase());
      if (!request) throw badRequest('OTP_NOT_EXIST');
      if (request.used_at) throw conflict('OTP_VERIFIED');
      const at = now();
      if (request.expires_at.getTime() <= at.getTime()) throw badRequest('OTP_EXPIRED');
      await compareCode(request, otpCode, at);
      return request.id;
    },

    /** OTP_BLOCK while the phone is blocked: asked before anything is counted. */
    refuseIfBlocked,

    /** In the transaction that sets the new password: false when a concurrent call spent the code first. */
    spendResetCode: (trx: Db, requestId: string) => repo.markUsed(trx, requestId, now()),
  };
}
export type OtpService = ReturnType<typeof createOtpService>;

function smsText(lang: Language, code: string, ref: string): string {
  switch (lang) {
    case 'th':
      return `รหัส OTP ของคุณคือ ${code} (Ref: ${ref}) ใช้ได้ภายใน 5 นาที ห้ามบอกรหัสนี้กับผู้อื่น`;
    case 'lo':
      return `ລະຫັດ OTP ຂອງທ່ານແມ່ນ ${code} (Ref: ${ref}) ໃຊ້ໄດ້ພາຍໃນ 5 ນາທີ ຢ່າບອກລະຫັດນີ້ໃຫ້ຜູ້ອື່ນ`;
    default:
      return `Your OTP is ${code} (Ref: ${ref}), valid for 5 minutes. Never share this code.`;
  }
}

/** Says what the code is for, so a member who did not ask for a new password knows to ignore it. */
function resetSmsText(lang: Language, code: string, ref: string): string {
  switch (lang) {
    case 'th':
      return `รหัสสำหรับตั้งรหัสผ่านใหม่คือ ${code} (Ref: ${ref}) ใช้ได้ภายใน 5 นาที ห้ามบอกรหัสนี้กับผู้อื่น หากคุณไม่ได้ขอ ไม่ต้องทำอะไร`;
    case 'lo':
      return `ລະຫັດສຳລັບຕັ້ງລະຫັດຜ່ານໃໝ່ແມ່ນ ${code} (Ref: ${ref}) ໃຊ້ໄດ້ພາຍໃນ 5 ນາທີ ຢ່າບອກລະຫັດນີ້ໃຫ້ຜູ້ອື່ນ ຖ້າທ່ານບໍ່ໄດ້ຂໍ ບໍ່ຕ້ອງເຮັດຫຍັງ`;
    default:
      return `Your code to set a new password is ${code} (Ref: ${ref}), valid for 5 minutes. Never share it. If you did not ask for it, do nothing.`;
  }
}
