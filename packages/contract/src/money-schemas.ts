import { z } from 'zod';
import { MAX_MAJOR_AMOUNT, toMinor } from './money.js';

/**
 * The money schemas, apart from money.ts so that a screen needing only the arithmetic (the member
 * app's home) does not bring zod with it.
 */
export const currencyCode = z.enum(['THB', 'LAK']);

/**
 * A positive money amount on the wire, parsed straight into satang: a route's handler receives a
 * `Minor`. KEY_MISSING when absent, KEY_INVALID unless it converts exactly.
 */
export const moneyAmount = z
  .number({ error: (issue) => (issue.input === undefined ? 'KEY_MISSING' : 'KEY_INVALID') })
  .gt(0, { error: 'KEY_INVALID' })
  .max(MAX_MAJOR_AMOUNT, { error: 'KEY_INVALID' })
  // What the transform checks, for the published document.
  .meta({ multipleOf: 0.01 })
  .transform((value, context) => {
    const amount = toMinor(value);
    if (amount === null) {
      context.addIssue({ code: 'custom', message: 'KEY_INVALID', input: value });
      return z.NEVER;
    }
    return amount;
  });

