import { z } from 'zod';
import { currencyCode, moneyAmount } from './money-schemas.js';

const accountCode = z
  .string({ error: (issue) => (issue.input === undefined ? 'KEY_MISSING' : 'KEY_INVALID') })
  .trim()
  .min(1, { error: 'KEY_MISSING' })
  .max(20, { error: 'KEY_INVALID' })
  .regex(/^[A-Z0-9]+$/, { error: 'KEY_INVALID' });

export const slotCodeParams = z.object({ slotCode: accountCode });

export const slot = z.object({
  code: z.string(),
  name: z.string(),
  category: z.enum(['slot', 'sport', 'lotto']),
  isActive: z.boolean(),
  /** Provider balance in provider units; the card shows amount × ftWalletSlot. */
  amount: z.number(),
  ftWalletSlot: z.number(),
  logo: z.string(),
  background: z.string(),
  web: z.string().nullable(),
  android: z.string().nullable(),
  ios: z.string().nullable(),
  username: z.string().nullable(),
  /** Never sent in the list; GET /api/wallet/account/{slotCode} gives it on demand. */
  password: z.null(),
  /** A login form to post for JOKER, SLOTXO and UFABET (SPEC §7). */
  loginForm: z.boolean(),
  balanceSyncedAt: z.string().nullable(),
});
export type Slot = z.infer<typeof slot>;

export const walletResponse = z.object({
  profile: z.object({ name: z.string(), username: z.string(), coin: z.number(), _id: z.string() }),
  bankAccount: z.object({
    bank: z.object({ nameTH: z.string(), nameEN: z.string(), nameLO: z.string() }),
    bankCode: z.string(),
    bankAccountName: z.string(),
    bankAccountNo: z.string(),
  }),
  /** `currency` is what the wallet holds: every amount the member sees is in it. */
  wallet: z.object({ amount: z.number(), currency: currencyCode }),
  invite: z.object({ amount: z.number(), success: z.number(), fail: z.number() }),
  slots: z.array(slot),
});
export type WalletResponse = z.infer<typeof walletResponse>;

export const refreshResponse = z.object({ message: z.string(), failed: z.array(z.string()) });

export const gameAccountResponse = z.object({
  username: z.string(),
  password: z.string(),
  event: z.object({ action: z.string(), method: z.literal('POST') }).nullable(),
});
export type GameAccountResponse = z.infer<typeof gameAccountResponse>;

export const resetPasswordResponse = z.object({ message: z.string(), password: z.string() });

export const transferBody = z.object({ from: accountCode, to: accountCode, amount: moneyAmount });
export type TransferBody = z.infer<typeof transferBody>;
export const transferAllBody = z.object({ to: accountCode });
export const transferResponse = z.object({ message: z.enum(['SUCCESS', 'TRANSFER_PENDING']) });
export const transferAllResponse = z.object({ message: z.enum(['SUCCESS', 'TRANSFER_PENDING']), failed: z.array(z.string()) });

export const autoLoginResponse = z.object({ link: z.string() });
