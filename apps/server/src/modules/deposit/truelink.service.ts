import crypto from 'node:crypto';
import { toMajor } from '@wallet/contract';
import type { TrueMoney } from '../../adapters/truemoney.js';
import type { Db } from '../../db/database.js';
import { AppError, badRequest, conflict } from '../../errors.js';
import type { MemberContext } from '../auth/auth.service.js';
import { accounts } from '../ledger/accounts.js';
import type { Ledger } from '../ledger/ledger.service.js';

const GIFT_LINK = /^https:\/\/gift\.truemoney\.com\/campaign\/\?v=([0-9A-Za-z]+)$/;
const ALREADY_USED = new Set(['VOUCHER_OUT_OF_STOCK', 'TARGET_USER_REDEEMED']);

/**
 * SPEC §7: the client encrypts the link with the shared secret: AES-256-GCM, key = SHA-256 of the
 * secret, base64 of iv(12) ‖ ciphertext ‖ tag(16). It only obfuscates (the secret ships in the
 * web app); TLS is what protects the link.
 */
export function decryptTruelink(encrypted: string, secret: string): string | null {
  const raw = Buffer.from(encrypted, 'base64');
  if (raw.length < 12 + 16 + 1) return null;
  try {
    const key = crypto.createHash('sha256').update(secret).digest();
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export function createTruelinkService(deps: { db: Db; ledger: Ledger; trueMoney: TrueMoney; secret: string; receivingMobile: string }) {
  const { db, ledger } = deps;

  async function record(memberId: bigint, hash: string, code: string, amount: bigint | null): Promise<void> {
    await db
      .insertInto('truemoney_redemptions')
      .values({ voucher_hash: hash, member_id: memberId, status_code: code, amount })
      .onConflict((oc) => oc.column('voucher_hash').doUpdateSet({ status_code: code, amount, member_id: memberId }).where('truemoney_redemptions.status_code', '!=', 'SUCCESS'))
      .execute();
  }

  return {
    async redeem(context: MemberContext, encryptedLink: string): Promise<{ amount: number }> {
      const link = decryptTruelink(encryptedLink, deps.secret);
      const hash = link ? GIFT_LINK.exec(link.trim())?.[1] : undefined;
      if (!hash) throw badRequest('TRUELINK_INVALID');
      const earlier = await db.selectFrom('truemoney_redemptions').select('status_code').where('voucher_hash', '=', hash).executeTakeFirst();
      if (earlier?.status_code === 'SUCCESS') throw conflict('TRUELINK_DUPLICATE');

      const outcome = await deps.trueMoney.redeem(hash, deps.receivingMobile);
      if (!('amount' in outcome)) {
        await record(context.memberId, hash, outcome.code, null);
        if (ALREADY_USED.has(outcome.code)) throw conflict('TRUELINK_DUPLICATE');
        throw outcome.code === 'INTERNAL_ERROR' ? new AppError('TRUELINK_INVALID', 502) : badRequest('TRUELINK_INVALID');
      }
      await record(context.memberId, hash, 'SUCCESS', outcome.amount);
      await db.transaction().execute(async (trx) => {
        const deposit = await trx
          .insertInto('deposits')
          .values({ member_id: context.memberId, method: 'TRUEMONEY', amount: outcome.amount, external_ref: `truemoney:${hash}` })
          .onConflict((oc) => oc.column('external_ref').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!deposit) return;
        await ledger.post(
          { key: `deposit:truemoney:${hash}`, from: accounts.depositClearing('TRUEMONEY'), to: accounts.wallet(context.memberId), amount: outcome.amount, kind: 'deposit', reference: deposit.id },
          trx,
        );
      });
      return { amount: toMajor(outcome.amount) };
    },
  };
}
export type TruelinkService = ReturnType<typeof createTruelinkService>;
