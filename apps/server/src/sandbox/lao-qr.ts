import { encode, tag, withCrcTag } from 'promptparse';

/** LAO QR's application id in tag 38 (PAYMENTS.md; seen in public samples, not in a bank's document). */
export const LAO_QR_AID = 'A005266284662577';
/** ISO 4217 numeric code of the kip. */
export const LAK_NUMERIC = '418';

/**
 * A dynamic LAO QR (EMVCo merchant-presented) asking for an exact amount of kip, laid out as the
 * public samples are (docs/adr/0181-bcel-qr-laos-build.md): tag 38 holds the AID, the receiving bank's
 * IIN, payment type 002 and the receiver; 53 = 418, 58 = LA, the amount in whole kip, our
 * reference as the bill number, and the CRC in 63 as every EMVCo QR has it.
 */
export function laoQrPayload(options: { bankIin: string; receiverId: string; amountKip: bigint; billNumber: string }): string {
  const payload = encode([
    tag('00', '01'),
    tag('01', '12'),
    tag('38', encode([tag('00', LAO_QR_AID), tag('01', options.bankIin), tag('02', '002'), tag('03', options.receiverId)])),
    tag('52', '0000'),
    tag('53', LAK_NUMERIC),
    tag('54', String(options.amountKip)),
    tag('58', 'LA'),
    tag('62', encode([tag('01', options.billNumber)])),
  ]);
  return withCrcTag(payload, '63');
}
