import { CURRENCY_CODES, type CurrencyCode } from '@wallet/contract';
import type { ComponentPropsWithRef } from 'react';

export type CurrencyPickerProps = Omit<ComponentPropsWithRef<'select'>, 'children'> & {
  /** How the app names a currency in an option ("Baht (THB)"). */
  nameOf: (currency: CurrencyCode) => string;
  /** Fewer than the contract's wallet currencies (those a report has figures in); all of them when left out. */
  currencies?: readonly CurrencyCode[];
};

/**
 * Where a wallet currency is chosen (an offer's, a campaign's, a report's): the contract's
 * currencies, in its order, each option's value its code. Each app frames and styles it.
 */
export function CurrencyPicker({ nameOf, currencies = CURRENCY_CODES, ...select }: CurrencyPickerProps) {
  return (
    <select {...select}>
      {currencies.map((currency) => (
        <option key={currency} value={currency}>
          {nameOf(currency)}
        </option>
      ))}
    </select>
  );
}
