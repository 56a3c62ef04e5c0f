import { z } from 'zod';
import { type CurrencyCode, parseDecimal } from '@wallet/contract';

/** One line of the operator's bank account statement. Minor units; the direction says which way. */
export interface StatementEntry {
  /** The bank's own reference for the line (a transfer's transRef, a payout's, a batch's). */
  bankRef: string;
  direction: 'credit' | 'debit';
  amount: bigint;
  currency: CurrencyCode;
  at: Date;
  /** The other side as the bank shows it: its account is often masked (`xxxxx1234x`), its name often unknown. */
  counterparty: { bank: string | null; account: string | null; name: string | null };
  description: string;
  /** The reference a PromptPay bill payment carried (its ref1), where the bank passes it on. */
  reference?: string | null;
  /** Several incoming transfers the bank booked as this one line: how many, and from when to when. */
  batch?: { count: number; from: Date; to: Date };
}

/**
 * The operator's bank account statement (DESIGN §7): what came into and went out of one of the
 * operator's accounts between two instants, oldest first, from the bank's corporate feed. Throws
 * BankStatementError when the feed cannot answer.
 */
export interface BankStatement {
  statement(accountNo: string, from: Date, to: Date): Promise<StatementEntry[]>;
}

export class BankStatementError extends Error {
  constructor(
    message: string,
    /** The feed's own answer when it gave one: its HTTP status, and when it said to come back (Retry-After, seconds), as in a maintenance window. */
    readonly answer?: { status: number; retryAfterSeconds: number | null },
  ) {
    super(message);
  }
}

const instant = z.string().refine((text) => !Number.isNaN(new Date(text).getTime()));
const feedAnswer = z.object({
  entries: z.array(
    z.object({
      bankRef: z.string().min(1),
      direction: z.enum(['credit', 'debit']),
      amount: z.string(),
      currency: z.enum(['THB', 'LAK']),
      at: instant,
      counterparty: z.object({ bank: z.string().nullable(), account: z.string().nullable(), name: z.string().nullable() }),
      description: z.string(),
      reference: z.string().nullable().optional(),
      batch: z.object({ count: z.number().int().min(2), from: instant, to: instant }).optional(),
    }),
  ),
});

export function createHttpBankStatement(options: { baseUrl: () => string; apiKey?: string; timeoutMs: number }): BankStatement {
  return {
    async statement(accountNo, from, to) {
      let response: Response;
      try {
        const query = new URLSearchParams({ accountNo, from: from.toISOString(), to: to.toISOString() });
        response = await fetch(`${options.baseUrl()}/statements?${query}`, {
          headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new BankStatementError(`bank unreachable: ${(error as Error).message}`);
      }
      if (!response.ok) {
        const said = await response.json().then((body: unknown) => (typeof body === 'object' && body && 'error' in body && typeof body.error === 'string' ? ` ${body.error}` : ''), () => '');
        const retryAfter = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
        throw new BankStatementError(`bank answered ${response.status}${said}`, { status: response.status, retryAfterSeconds: Number.isNaN(retryAfter) ? null : retryAfter });
      }
      const parsed = feedAnswer.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new BankStatementError('unreadable statement');
      return parsed.data.entries.map((entry) => {
        const amount = parseDecimal(entry.amount);
        if (amount === null || amount <= 0n) throw new BankStatementError(`unreadable amount ${entry.amount} on ${entry.bankRef}`);
        return {
          bankRef: entry.bankRef,
          direction: entry.direction,
          amount,
          currency: entry.currency,
          at: new Date(entry.at),
          counterparty: entry.counterparty,
          description: entry.description,
          ...(entry.reference ? { reference: entry.reference } : {}),
          ...(entry.batch ? { batch: { count: entry.batch.count, from: new Date(entry.batch.from), to: new Date(entry.batch.to) } } : {}),
        };
      });
    },
  };
}
