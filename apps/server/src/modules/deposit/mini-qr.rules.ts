import { parse } from 'promptparse';
import { slipVerify } from 'promptparse/validate';

export type MiniQr = { kind: 'slip'; sendingBank: string; transRef: string } | { kind: 'unstable' } | { kind: 'not-a-slip' };

/**
 * Reads a bank's slip mini-QR (PAYMENTS.md). A payload laid out as one whose checksum or
 * reference does not hold up is "unstable" (SPEC §8 UNSTABLE_REFNO_ON_SLIP); anything else
 * (a PromptPay QR, a web address) is not a slip at all.
 */
export function parseMiniQr(payload: string): MiniQr {
  const verified = slipVerify(payload);
  if (verified && /^\d{3}$/.test(verified.sendingBank) && /^[0-9A-Za-z]{6,40}$/.test(verified.transRef)) {
    return { kind: 'slip', sendingBank: verified.sendingBank, transRef: verified.transRef };
  }
  const looseParse = parse(payload, false);
  return looseParse?.getTagValue('00', '00') === '000001' ? { kind: 'unstable' } : { kind: 'not-a-slip' };
}
