import crypto from 'node:crypto';
import { generate } from 'promptparse';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { z } from 'zod';
import { toMajor, toMinor } from '@wallet/contract';
import { VERIFY_STATUS } from '../adapters/slip-verifier.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/types.js';
import type { LookupService } from '../modules/lookup/lookup.service.js';

const VERIFY_OUTCOMES = ['OK', 'TRIPPLE_WRONG_CAPTCHA', 'UNKNOW_ERROR'] as const;

const transferBody = z.object({
  amount: z.number().positive().max(2_000_000),
  toAccountNo: z.string().regex(/^\d{6,15}$/),
  /** A bank key (KBANK) or its 3-digit slip code (004); KBANK when left out. */
  fromBankCode: z.string().regex(/^[A-Z0-9]{2,10}$/).optional(),
  fromAccountNo: z.string().regex(/^\d{6,15}$/).optional(),
  minutesAgo: z.number().int().min(0).max(60 * 24 * 30).optional(),
  /** What the verifier will answer about this transfer (testers reach its failure codes). */
  verifyOutcome: z.enum(VERIFY_OUTCOMES).optional(),
});

const pad = (value: number) => String(value).padStart(2, '0');

/** Bangkok wall-clock parts of an instant (UTC+7, no DST). */
function bangkokParts(at: Date) {
  const local = new Date(at.getTime() + 7 * 3600_000);
  return {
    date: `${local.getUTCFullYear()}${pad(local.getUTCMonth() + 1)}${pad(local.getUTCDate())}`,
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`,
    shown: `${pad(local.getUTCDate())}/${pad(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
  };
}

/** The way a bank prints an account on a slip: only the last four digits before the check digit. */
export function maskAccount(accountNo: string): string {
  const digits = accountNo.replace(/\D/g, '');
  return [...digits].map((digit, index) => (index >= digits.length - 5 && index < digits.length - 1 ? digit : 'x')).join('');
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A phone-sized slip image, like a banking app's "transfer successful" screen, with its mini-QR. */
export async function renderSlipImage(slip: { bankName: string; amount: bigint; at: Date; fromAccount: string; toAccount: string; transRef: string; miniQr: string }): Promise<Buffer> {
  const width = 720;
  const height = 1200;
  const qrSize = 220;
  const lines: Array<[number, string, number, string]> = [
    [150, 'Transfer successful', 40, '#0a7f3f'],
    [210, bangkokParts(slip.at).shown, 26, '#555'],
    [320, `From  ${slip.fromAccount}`, 30, '#222'],
    [380, `To    ${slip.toAccount}`, 30, '#222'],
    [500, `${toMajor(slip.amount).toLocaleString('en-US', { minimumFractionDigits: 2 })} THB`, 56, '#111'],
    [600, `Ref. ${slip.transRef}`, 24, '#555'],
  ];
  const text = lines
    .map(([y, content, size, color]) => `<text x="48" y="${y}" font-family="DejaVu Sans, sans-serif" font-size="${size}" fill="${color}">${escapeXml(content)}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#f4f6f8"/>
    <rect x="0" y="0" width="${width}" height="90" fill="#138f5a"/>
    <text x="48" y="60" font-family="DejaVu Sans, sans-serif" font-size="34" fill="#fff">${escapeXml(slip.bankName)}</text>
    <rect x="24" y="110" width="${width - 48}" height="${height - 150}" rx="24" fill="#fff"/>
    ${text}
    <text x="48" y="${height - 120}" font-family="DejaVu Sans, sans-serif" font-size="22" fill="#888">Scan to verify</text>
  </svg>`;
  const qr = await QRCode.toBuffer(slip.miniQr, { type: 'png', width: qrSize, margin: 2, errorCorrectionLevel: 'M' });
  return sharp(Buffer.from(svg))
    .composite([{ input: qr, left: width - qrSize - 56, top: height - qrSize - 80 }])
    .png()
    .toBuffer();
}

/**
 * The stand-in bank (DESIGN §7): it records transfers, issues slip images carrying a real
 * mini-QR for them, and answers the slip verifier's lookups the way SCB's API does.
 */
export function registerBankSandbox(app: App, db: Db, options: { now: () => Date; banks: Pick<LookupService, 'slipBank'> }): void {
  app.post('/sandbox/bank/transfers', { schema: { hide: true, body: transferBody } }, async (request, reply) => {
    const body = request.body;
    const amount = toMinor(body.amount);
    const bank = await options.banks.slipBank(body.fromBankCode ?? 'KBANK');
    if (amount === null || !bank?.slip_code) return reply.status(400).send({ message: 'KEY_INVALID' });
    const at = new Date(options.now().getTime() - (body.minutesAgo ?? 0) * 60_000);
    const transRef = `${bangkokParts(at).date.slice(2)}${crypto.randomBytes(7).toString('hex').toUpperCase()}`;
    await db
      .insertInto('sandbox_bank_transfers')
      .values({
        trans_ref: transRef,
        sending_bank: bank.slip_code,
        from_account_no: body.fromAccountNo ?? null,
        to_account_no: body.toAccountNo,
        amount,
        transferred_at: at,
        verify_outcome: body.verifyOutcome ?? 'OK',
      })
      .execute();
    const image = await renderSlipImage({
      bankName: bank.name_en,
      amount,
      at,
      fromAccount: body.fromAccountNo ? maskAccount(body.fromAccountNo) : 'xxx-x-xxxxx-x',
      toAccount: maskAccount(body.toAccountNo),
      transRef,
      miniQr: generate.slipVerify({ sendingBank: bank.slip_code, transRef }),
    });
    return { transRef, slip: `data:image/png;base64,${image.toString('base64')}` };
  });

  app.get(
    '/sandbox/bank/api/v1/payment/billpayment/transactions/:transRef',
    { schema: { hide: true, params: z.object({ transRef: z.string() }), querystring: z.object({ sendingBank: z.string() }) } },
    async (request) => {
      const transfer = await db
        .selectFrom('sandbox_bank_transfers')
        .selectAll()
        .where('trans_ref', '=', request.params.transRef)
        .where('sending_bank', '=', request.query.sendingBank)
        .executeTakeFirst();
      if (!transfer) return { status: { code: VERIFY_STATUS.notFound, description: 'Transaction not found' } };
      if (transfer.verify_outcome === 'TRIPPLE_WRONG_CAPTCHA') return { status: { code: VERIFY_STATUS.captcha, description: 'Captcha failed three times' } };
      if (transfer.verify_outcome === 'UNKNOW_ERROR') return { status: { code: 9999, description: 'Bank system unavailable' } };
      const when = bangkokParts(transfer.transferred_at);
      return {
        status: { code: VERIFY_STATUS.success, description: 'Success' },
        data: {
          transRef: transfer.trans_ref,
          sendingBank: transfer.sending_bank,
          transDate: when.date,
          transTime: when.time,
          amount: toMajor(transfer.amount).toFixed(2),
          sender: { account: { type: 'BANKAC', value: transfer.from_account_no ? maskAccount(transfer.from_account_no) : null } },
          receiver: { account: { type: 'BANKAC', value: maskAccount(transfer.to_account_no) } },
        },
      };
    },
  );
}
