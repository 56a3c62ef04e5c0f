import fc from 'fast-check';
import { encode, generate, tag, withCrcTag } from 'promptparse';
import { describe, expect, it } from 'vitest';
import { parseMiniQr } from './mini-qr.rules.js';

describe('a slip mini-QR', () => {
  it('names the sending bank and the transfer reference', () => {
    expect(parseMiniQr(generate.slipVerify({ sendingBank: '014', transRef: '2611220ABC0000001' }))).toEqual({ kind: 'slip', sendingBank: '014', transRef: '2611220ABC0000001' });
  });

  it('reads back every bank code and reference a bank can print', () => {
    const reference = fc.stringMatching(/^[0-9A-Za-z]{6,40}$/);
    fc.assert(
      fc.property(fc.stringMatching(/^\d{3}$/), reference, (sendingBank, transRef) => {
        expect(parseMiniQr(generate.slipVerify({ sendingBank, transRef }))).toEqual({ kind: 'slip', sendingBank, transRef });
      }),
    );
  });

  it('is unstable when laid out as a slip but its checksum does not hold (SPEC §8 UNSTABLE_REFNO_ON_SLIP)', () => {
    const payload = generate.slipVerify({ sendingBank: '004', transRef: '0041234567890ABCDEF1' });
    expect(parseMiniQr(`${payload.slice(0, -4)}0000`)).toEqual({ kind: 'unstable' });
  });

  it("reads a BCEL One proof's reference, and calls one without a readable reference unstable", () => {
    const proof = (fields: Array<[string, string]>) =>
      withCrcTag(encode([tag('00', '01'), tag('01', '11'), tag('33', encode(fields.map(([id, value]) => tag(id, value)))), tag('58', 'LA')]), '63');
    expect(parseMiniQr(proof([['00', 'BCEL'], ['02', 'TRF'], ['03', '1234567'], ['04', 'FT25329ABCD12']]))).toEqual({ kind: 'lao-slip', sendingBank: 'BCEL', transRef: 'FT25329ABCD12' });
    expect(parseMiniQr(proof([['00', 'BCEL'], ['02', 'TRF'], ['04', 'ref with spaces']]))).toEqual({ kind: 'unstable' });
    expect(parseMiniQr(proof([['00', 'OTHERBANK'], ['04', 'FT25329ABCD12']]))).toEqual({ kind: 'not-a-slip' });
  });

  it('is not a slip when it is a payment QR or a web address', () => {
    expect(parseMiniQr(generate.anyId({ type: 'MSISDN', target: '0812345678', amount: 100 }))).toEqual({ kind: 'not-a-slip' });
    expect(parseMiniQr('https://example.com/slip/123')).toEqual({ kind: 'not-a-slip' });
    expect(parseMiniQr('')).toEqual({ kind: 'not-a-slip' });
  });
});
