import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../shared/api/client';
import { ExposurePanel } from './ExposurePanel';

const tally = (amount: string, count: number) => ({ amount, count });
const thb = {
  currency: 'THB',
  playerFunds: { currency: 'THB', wallets: '500000', games: '200000', pending: '30000', total: '730000' },
  pendingWithdrawals: tally('30000', 1),
  providerInFlight: tally('0', 0),
  underCondition: { amount: '120000', rewards: '5000', count: 2 },
  unclaimed: { spinPrizes: tally('2000', 1), inviteRewards: tally('0', 0) },
  bankAccounts: [{ id: '1', name: 'SCB 406-123456-7', currency: 'THB', balance: '600000', enteredBy: 'finance-a', enteredAt: '2026-05-01T03:00:00.000Z' }],
  bankTotal: '600000',
  cover: '-130000',
};
const notPaused = { paused: false, since: null, proposedBy: null, approvedBy: null, reason: null };
const change = { _id: 'c-1', kind: 'deposits.pause', subject: 'deposits', currency: null, reasons: ['deposit_pause'], before: { paused: false }, after: { paused: true, reason: 'bank frozen', proposedBy: 'chief' }, status: 'proposed', proposedBy: 'chief', decidedBy: null, decisionNote: null, createdAt: '2026-05-01T03:00:00.000Z', decidedAt: null };

/** The panel against a stub server; `proposal` is the open pause proposal it answers, `me` the operator signed in. */
function renderPanel(options: { proposal?: { proposedBy: string } | null; me?: string } = {}) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  saveToken('operator-token');
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (init.method === 'POST') {
      sent.push({ method: 'POST', path, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (path === '/api/admin/books/bank-balances') return new Response(JSON.stringify({ account: thb.bankAccounts[0] }));
      return new Response(JSON.stringify(change), { status: path.endsWith('/approve') ? 200 : 202 });
    }
    if (path === '/api/admin/me') return new Response(JSON.stringify({ _id: '1', username: options.me ?? 'chief', roles: ['finance'], totp: false }));
    const proposal = options.proposal ? { _id: 'c-1', paused: true, reason: 'bank frozen', proposedBy: options.proposal.proposedBy, createdAt: '2026-05-01T03:00:00.000Z' } : null;
    return new Response(JSON.stringify({ at: '2026-05-01T04:00:00.000Z', currencies: [thb], depositPause: notPaused, pauseProposal: proposal }));
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ExposurePanel />
    </QueryClientProvider>,
  );
  return sent;
}
afterEach(() => vi.restoreAllMocks());
beforeAll(() => i18n.changeLanguage('en'));
afterAll(() => i18n.changeLanguage('th'));

describe('the exposure panel', () => {
  it('shows player funds, what is within them and the cover against the bank balances, a shortfall in red', async () => {
    renderPanel();
    const card = await screen.findByTestId('exposure-THB');
    expect(within(card).getByText('7,300.00')).toBeTruthy();
    expect(within(card).getByText('SCB 406-123456-7')).toBeTruthy();
    expect(within(card).getByText('1,200.00')).toBeTruthy();
    const cover = screen.getByTestId('cover-THB');
    expect(cover.textContent).toContain('-1,300.00');
    expect(cover.className).toContain('rose');
  });

  it('enters a bank balance by hand', async () => {
    const sent = renderPanel();
    await userEvent.type(await screen.findByTestId('bank-balance-name'), 'KBANK 123');
    await userEvent.type(screen.getByTestId('bank-balance-amount'), '2500000.50');
    await userEvent.click(screen.getByRole('button', { name: 'Save balance' }));
    await waitFor(() => expect(sent).toContainEqual({ method: 'POST', path: '/api/admin/books/bank-balances', body: { name: 'KBANK 123', currency: 'THB', balance: 2500000.5 } }));
  });

  it('proposes a pause with a reason; nothing is paused until another operator approves', async () => {
    const sent = renderPanel();
    expect((await screen.findByTestId('deposit-pause-state')).textContent).toBe('Open');
    await userEvent.type(screen.getByTestId('deposit-pause-reason'), 'bank frozen');
    await userEvent.click(screen.getByTestId('deposit-pause-propose'));
    await waitFor(() => expect(sent).toContainEqual({ method: 'POST', path: '/api/admin/books/deposit-pause', body: { paused: true, reason: 'bank frozen' } }));
  });

  it('lets another operator approve an open proposal, and not its proposer', async () => {
    const sent = renderPanel({ proposal: { proposedBy: 'finance-a' }, me: 'finance-b' });
    await userEvent.click(await screen.findByTestId('deposit-pause-approve'));
    await waitFor(() => expect(sent).toContainEqual({ method: 'POST', path: '/api/admin/books/deposit-pause/c-1/approve', body: undefined }));
  });

  it('shows its proposer that it waits for someone else', async () => {
    renderPanel({ proposal: { proposedBy: 'finance-a' }, me: 'finance-a' });
    expect(await screen.findByText('Waiting for another operator to approve.')).toBeTruthy();
    expect(screen.queryByTestId('deposit-pause-approve')).toBeNull();
  });
});
