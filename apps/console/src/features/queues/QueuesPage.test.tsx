import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { Toaster } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../shared/api/client';
import { QueuesPage } from './QueuesPage';

const withdrawal = {
  _id: 'w-1',
  amount: 5000,
  currency: 'THB',
  status: 'in_progress',
  createdAt: '2026-11-01T03:00:00.000Z',
  bankCode: 'KBANK',
  bankAccountNo: '1234567890',
  bankAccountName: 'SOMCHAI JAIDEE',
  reason: null,
};
const slip = { createdAt: '2026-11-01T03:00:00.000Z', amount: 0, status: 'in_progress', note: null, link: '/slip.png', reference: 'S0000001' };
const queues: Record<string, unknown> = {
  '/api/admin/withdrawals': { total: 1, totalCapped: false, withdrawals: [{ ...withdrawal, username: '0811111111', memberName: 'Somchai', decidedBy: null, firstApprovedBy: null, reference: 'W0000001' }] },
  '/api/admin/deposit-notices': { total: 0, notices: [] },
  '/api/admin/slips': { total: 1, totalCapped: false, slips: [{ ...slip, _id: 's-1', currency: 'LAK', username: '2055555555', memberName: 'Bounmy', sendingBank: null, transRef: null, decidedBy: null }] },
  '/api/admin/truemoney-transfers': { total: 0, transfers: [] },
};

/** The queues; `decide` answers each decision by its path, with the body sent. */
function renderQueues(decide: (path: string, body: unknown) => unknown) {
  saveToken('operator-token');
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (init?.method === 'POST') return new Response(JSON.stringify(decide(path, init.body ? JSON.parse(String(init.body)) : undefined)));
    return new Response(JSON.stringify(queues[path]));
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <QueuesPage />
      <Toaster />
    </QueryClientProvider>,
  );
}
afterEach(() => vi.restoreAllMocks());
beforeAll(() => i18n.changeLanguage('en'));
afterAll(() => i18n.changeLanguage('th'));

describe('deciding a queue item', () => {
  it('reads the decision’s answer by the contract: a payout still in progress waits for its second approval', async () => {
    renderQueues(() => withdrawal);
    const row = await within(await screen.findByTestId('admin-withdrawals')).findByRole('listitem');
    await userEvent.setup().click(within(row).getByTestId('admin-approve'));
    expect(await screen.findByText('First approval recorded; another operator approves the payout.')).toBeInTheDocument();
  });

  it('refuses an answer the contract does not describe, rather than reading it as done', async () => {
    renderQueues(() => ({ message: 'SUCCESS' }));
    const row = await within(await screen.findByTestId('admin-withdrawals')).findByRole('listitem');
    await userEvent.setup().click(within(row).getByTestId('admin-approve'));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Marked as paid.')).not.toBeInTheDocument();
  });

  it('asks a slip’s amount in the amount field of the slip’s currency, and sends the wire’s major units', async () => {
    const sent: unknown[] = [];
    renderQueues((path, body) => {
      sent.push({ path, body });
      return { ...slip, amount: 12_500, status: 'SUCCESS' };
    });
    const user = userEvent.setup();
    const row = await within(await screen.findByTestId('admin-slips')).findByRole('listitem');
    await user.click(within(row).getByTestId('admin-approve'));
    const dialog = await screen.findByTestId('prompt-dialog');
    expect(dialog).toHaveTextContent('Amount in Kip (LAK), as on the bank statement');
    const field = within(dialog).getByRole('textbox');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await user.type(field, '12,500');
    expect(field).toHaveValue('12500');
    await user.click(screen.getByTestId('prompt-ok'));
    expect(await screen.findByText('Credited to the member’s wallet.')).toBeInTheDocument();
    expect(sent).toEqual([{ path: '/api/admin/slips/s-1/approve', body: { amount: 12_500 } }]);
  });
});
