import type { CurrencyCode } from '@wallet/contract';
import type { ComponentPropsWithRef } from 'react';
import { amountKeyboard, cleanAmountText } from './amount';

export { type AmountReading, amountKeyboard, cleanAmountText, readAmount, wireAmount } from './amount';

export type AmountInputProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'inputMode'> & {
  /** The currency typed in: its keypad, and what `readAmount`/`wireAmount` read the text as. */
  currency: CurrencyCode;
};

/**
 * The one field where an amount of money is typed, in both apps. It holds the text as typed (a
 * field holds "12." on the way to "12.50"), cleaned to digits and points before `onChange` sees it,
 * so a controlled field's state and a form library's registered field read the same; read the
 * text with `readAmount` (minor units) or `wireAmount` (what a form sends). Each app frames it
 * (label, hint, error) and styles it through `className`.
 */
export function AmountInput({ currency, onChange, ...input }: AmountInputProps) {
  return (
    <input
      {...input}
      inputMode={amountKeyboard(currency)}
      onChange={(event) => {
        const cleaned = cleanAmountText(event.target.value);
        if (cleaned !== event.target.value) event.target.value = cleaned;
        onChange?.(event);
      }}
    />
  );
}
