import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type CurrencyCode, CURRENCY_CODES } from '@wallet/contract';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AmountInput, amountKeyboard, cleanAmountText, readAmount, wireAmount } from './AmountInput';
import { CurrencyPicker } from './CurrencyPicker';

describe('reading a typed amount', () => {
  it('reads baht to the satang, in minor units', () => {
    expect(readAmount('25.5', 'THB')).toEqual({ amount: 2550n, payable: true });
    expect(readAmount('0.01', 'THB')).toEqual({ amount: 1n, payable: true });
    expect(readAmount('100', 'THB')).toEqual({ amount: 10_000n, payable: true });
    expect(readAmount(' 007 ', 'THB')).toEqual({ amount: 700n, payable: true });
  });

  it('reads what a keyboard leaves half typed as the amount it shows', () => {
    expect(readAmount('12.', 'THB').amount).toBe(1200n);
    expect(readAmount('.5', 'THB').amount).toBe(50n);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', ' ', '.', '1.2.3', '1.234', '12a', '-5', '1,000', '1e3', '1234567890123']) {
      expect(readAmount(text, 'THB'), text).toEqual({ amount: null, payable: false });
    }
  });

  it('refuses more than a member may move at once', () => {
    expect(readAmount('100000000', 'THB').amount).toBe(10_000_000_000n);
    expect(readAmount('100000000.01', 'THB').amount).toBeNull();
  });

  it('moves kip whole: a fraction of a kip is read, and is not payable', () => {
    expect(readAmount('100000', 'LAK')).toEqual({ amount: 10_000_000n, payable: true });
    expect(readAmount('100.5', 'LAK')).toEqual({ amount: 10_050n, payable: false });
    expect(readAmount('100.', 'LAK')).toEqual({ amount: 10_000n, payable: true });
  });

  it('gives a form the wire’s major units, NaN for the schema to refuse', () => {
    expect(wireAmount('25.5', 'THB')).toBe(25.5);
    expect(wireAmount('0.3', 'THB')).toBe(0.3);
    expect(wireAmount('300000000', 'LAK')).toBe(300_000_000);
    expect(wireAmount('10.5', 'LAK')).toBe(10.5);
    expect(wireAmount('', 'THB')).toBeNaN();
    expect(wireAmount('1.2.3', 'THB')).toBeNaN();
  });

  it('keeps digits and points of what is typed or pasted', () => {
    expect(cleanAmountText('฿ 1,250.50')).toBe('1250.50');
    expect(cleanAmountText('100.5 kip')).toBe('100.5');
  });

  it('asks phones for a keypad with a point only where a currency has fractions', () => {
    expect(amountKeyboard('THB')).toBe('decimal');
    expect(amountKeyboard('LAK')).toBe('numeric');
  });
});

function Controlled({ currency, seen }: { currency: CurrencyCode; seen: (text: string) => void }) {
  const [text, setText] = useState('');
  return (
    <label>
      amount
      <AmountInput
        currency={currency}
        className="styled"
        name="amount"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          seen(event.target.value);
        }}
      />
    </label>
  );
}

describe('AmountInput', () => {
  it('keeps only digits and points, with the app’s name and styling', async () => {
    const seen = vi.fn();
    render(<Controlled currency="THB" seen={seen} />);
    const input = screen.getByLabelText('amount');
    await userEvent.setup().type(input, '1,2a5.5');
    expect(input).toHaveValue('125.5');
    expect(seen).toHaveBeenLastCalledWith('125.5');
    expect(input).toHaveAttribute('name', 'amount');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveClass('styled');
  });

  it('keeps a typed point in kip rather than multiplying the amount', async () => {
    render(<Controlled currency="LAK" seen={() => undefined} />);
    const input = screen.getByLabelText('amount');
    await userEvent.setup().type(input, '100.5');
    expect(input).toHaveValue('100.5');
    expect(input).toHaveAttribute('inputmode', 'numeric');
  });

  it('cleans an uncontrolled field too, as a form library registers it', async () => {
    const onChange = vi.fn();
    render(<AmountInput aria-label="amount" currency="THB" defaultValue="" onChange={onChange} />);
    const input = screen.getByLabelText('amount');
    await userEvent.setup().type(input, '5x0');
    expect(input).toHaveValue('50');
    expect((onChange.mock.lastCall?.[0] as { target: HTMLInputElement }).target.value).toBe('50');
  });
});

describe('CurrencyPicker', () => {
  it('offers the contract’s wallet currencies by code, named by the app', async () => {
    const onChange = vi.fn();
    render(<CurrencyPicker aria-label="currency" className="styled" nameOf={(code) => `name of ${code}`} defaultValue="THB" onChange={onChange} />);
    const picker = screen.getByLabelText('currency');
    expect([...picker.querySelectorAll('option')].map((option) => [option.value, option.textContent])).toEqual(CURRENCY_CODES.map((code) => [code, `name of ${code}`]));
    expect(picker).toHaveClass('styled');
    await userEvent.setup().selectOptions(picker, 'LAK');
    expect(picker).toHaveValue('LAK');
    expect(onChange).toHaveBeenCalled();
  });

  it('offers fewer when told which', () => {
    render(<CurrencyPicker aria-label="currency" nameOf={(code) => code} currencies={['LAK']} />);
    expect([...screen.getByLabelText('currency').querySelectorAll('option')].map((option) => option.value)).toEqual(['LAK']);
  });
});
