import { parse } from 'promptparse';
import { slipVerify } from 'promptparse/validate';

export type MiniQr =
  | { kind: 'slip'; sendingBank: string; transRef: string }
  /** A BCEL One transfer proof: readable, but no bank service confirms it to us (docs/adr/0182-lao-slips-laos-build.md). */
  | { kind: 'lao-slip'; sendingBank: 'BCEL'; transRef: string }
  | { kind: 'unstable' }
  | { kind: 'not-a-slip' };

/** BCEL One's "One Proof" QR: tag 33 names BCEL (or ONEPROOF), with the ticket in 03 and the bank's reference in 04. */
function bcelOneProof(payload: string): MiniQr | null {
  const qr = parse(payload, true);
  const issuer = qr?.getTagValue('33', '00');
  if (issuer !== 'BCEL' && issuer !== 'ONEPROOF') return null;
  const reference = qr?.getTagValue('33', '04') ?? qr?.getTagValue('33', '03');
  return reference && /^[0-9A-Za-z]{6,40}$/.test(reference) ? { kind: 'lao-slip', sendingBank: 'BCEL', transRef: reference } : { kind: 'unstable' };
}

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
  const laoSlip = bcelOneProof(payload);
  if (laoSlip) return laoSlip;
  const looseParse = parse(payload, false);
  return looseParse?.getTagValue('00', '00') === '000001' ? { kind: 'unstable' } : { kind: 'not-a-slip' };
}
