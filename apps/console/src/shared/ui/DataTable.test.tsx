import type { ColumnDef } from '@tanstack/react-table';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataTable } from './DataTable';

type Row = { phone: string; wallet: number };
const rows: Row[] = [
  { phone: '0811111111', wallet: 20 },
  { phone: '0822222222', wallet: 1500 },
  { phone: '0833333333', wallet: 300 },
];
const columns: ColumnDef<Row, unknown>[] = [
  { header: 'Phone', accessorKey: 'phone' },
  { header: 'Wallet', accessorKey: 'wallet', cell: ({ row }) => row.original.wallet.toFixed(2) },
  { id: 'actions', header: 'Actions', cell: () => 'open' },
];
const walletColumn = () => screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1]?.textContent);
beforeAll(() => i18n.changeLanguage('en'));
afterAll(() => i18n.changeLanguage('th'));

describe('a console table sorted by a column', () => {
  it('sorts by a column with a value (figures largest first), the other way, back to the server’s order, and says which way', async () => {
    render(<DataTable columns={columns} rows={rows} total={3} page={1} pageSize={25} onPage={() => undefined} testId="t" />);
    const user = userEvent.setup();
    const wallet = screen.getByRole('button', { name: /Wallet/ });
    expect(screen.queryByRole('button', { name: /Actions/ })).not.toBeInTheDocument();

    await user.click(wallet);
    expect(walletColumn()).toEqual(['1500.00', '300.00', '20.00']);
    expect(screen.getByRole('columnheader', { name: /Wallet/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(wallet);
    expect(walletColumn()).toEqual(['20.00', '300.00', '1500.00']);
    expect(screen.getByRole('columnheader', { name: /Wallet/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(wallet);
    expect(walletColumn()).toEqual(['20.00', '1500.00', '300.00']);
  });

  it('says the sorting is within the page when the list has more pages', async () => {
    render(<DataTable columns={columns} rows={rows} total={60} page={1} pageSize={3} onPage={() => undefined} testId="t" />);
    expect(screen.queryByTestId('t-sorted-in-page')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /Phone/ }));
    expect(screen.getByTestId('t-sorted-in-page')).toHaveTextContent('Sorted within this page');
  });
});
