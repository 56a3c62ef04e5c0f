import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AutoPayoutState } from '@wallet/contract';
import i18n from 'i18next';
import { Toaster } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../shared/api/client';
import { AutoPayoutPanel } from './AutoPayoutPanel';

const running: AutoPayoutState = {
  paused: false,
  pausedBy: null,
  pausedAt: null,
  pauseReason: null,
  THB: { max: 5_000, dailyBudget: 200_000, spentToday: 12_345.5, payoutAccount: '4061234567' },
  LAK: { max: 0, dailyBudget: 0, spentToday: 0, payoutAccount: null },
  figures: { days: 30, withdrawals: 40, autoPaid: 30, shareAutoPaid: 0.75, medianSecondsToPaid: 42, p95SecondsToPaid: 600, medianSecondsToPaidByOperators: 9_000 },
  inFlight: 2,
};
const paused: AutoPayoutState = { ...running, paused: true, pausedBy: 'anna', pausedAt: Date.parse('2026-11-01T03:00:00Z'), pauseReason: 'bank statement late' };

/** The panel against a stub server: `state` answers the GET, a PUT answers the state it asks for after a short wait (the bank's time). */
function renderPanel(roles: string[], state: AutoPayoutState = running) {
  const puts: unknown[] = [];
  let current = state;
  saveToken('operator-token');
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/admin/me') return new Response(JSON.stringify({ _id: '2', username: 'boon', roles, totp: false }));
    if (path === '/api/admin/auto-payout/pause' && init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { paused: boolean; reason: string };
      puts.push(body);
      await new Promise((resolve) => setTimeout(resolve, 50));
      current = body.paused ? { ...paused, pausedBy: 'boon', pauseReason: body.reason } : running;
      return new Response(JSON.stringify(current));
    }
    if (path === '/api/admin/auto-payout') return new Response(JSON.stringify(current));
    return new Response(JSON.stringify({ message: 'NO_DATA' }), { status: 404 });
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AutoPayoutPanel />
      <Toaster />
    </QueryClientProvider>,
  );
  return puts;
}
afterEach(() => vi.restoreAllMocks());
beforeAll(() => i18n.changeLanguage('en'));
afterAll(() => i18n.changeLanguage('th'));

describe('the auto-payout panel', () => {
  it('shows each currency’s amount, budget, today’s use and account, the 30-day figures and the payouts with the bank', async () => {
    renderPanel(['finance']);
    const panel = await screen.findByTestId('auto-payout');
    expect(within(panel).getByTestId('auto-payout-status')).toHaveTextContent('Running');
    expect(within(panel).getByTestId('auto-payout-THB-max')).toHaveTextContent('5,000.00 THB');
    expect(within(panel).getByTestId('auto-payout-THB-dailyBudget')).toHaveTextContent('200,000.00 THB');
    expect(within(panel).getByTestId('auto-payout-THB-spentToday')).toHaveTextContent('12,345.50 THB');
    expect(within(panel).getByTestId('auto-payout-THB-payoutAccount')).toHaveTextContent('4061234567');
    expect(within(panel).getByTestId('auto-payout-LAK-max')).toHaveTextContent('Off');
    expect(within(panel).getByTestId('auto-payout-LAK-payoutAccount')).toHaveTextContent('No account to pay from');
    expect(within(panel).getByTestId('auto-payout-share')).toHaveTextContent('75 %');
    expect(panel).toHaveTextContent('30 of 40 withdrawals');
    expect(within(panel).getByTestId('auto-payout-median')).toHaveTextContent('42 s');
    expect(within(panel).getByTestId('auto-payout-p95')).toHaveTextContent('10 min');
    expect(within(panel).getByTestId('auto-payout-by-operators')).toHaveTextContent('3 h');
    expect(within(panel).getByTestId('auto-payout-in-flight')).toHaveTextContent('2');
  });

  it('pauses after a reason, saying what pausing does; a double click sends one request', async () => {
    const puts = renderPanel(['finance']);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('auto-payout-switch'));
    const dialog = await screen.findByTestId('auto-payout-dialog');
    expect(dialog).toHaveTextContent('No withdrawal will be paid by the bank by itself until an admin resumes');
    const confirm = within(dialog).getByTestId('auto-payout-confirm');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), 'bank statement late');
    await user.dblClick(confirm);
    expect(await screen.findByText('Auto-payout paused.')).toBeInTheDocument();
    expect(puts).toEqual([{ paused: true, reason: 'bank statement late' }]);
    expect(await screen.findByTestId('auto-payout-paused')).toHaveTextContent('Paused');
    expect(screen.getByTestId('auto-payout-status')).toHaveTextContent('Paused by boon');
    expect(screen.getByTestId('auto-payout-status')).toHaveTextContent('bank statement late');
  });

  it('lets only an admin resume: finance reads who paused it and why, and has no switch', async () => {
    renderPanel(['finance'], paused);
    const panel = await screen.findByTestId('auto-payout');
    expect(within(panel).getByTestId('auto-payout-status')).toHaveTextContent('Paused by anna');
    expect(within(panel).getByTestId('auto-payout-status')).toHaveTextContent('bank statement late');
    await waitFor(() => expect(within(panel).getByTestId('auto-payout-admin-only')).toHaveTextContent('Only an admin resumes auto-payout.'));
    expect(within(panel).queryByTestId('auto-payout-switch')).not.toBeInTheDocument();
  });

  it('resumes for an admin, after a reason', async () => {
    const puts = renderPanel(['admin'], paused);
    const user = userEvent.setup();
    const panel = await screen.findByTestId('auto-payout');
    await waitFor(() => expect(within(panel).getByTestId('auto-payout-switch')).toHaveTextContent('Resume auto-payout'));
    await user.click(within(panel).getByTestId('auto-payout-switch'));
    const dialog = await screen.findByTestId('auto-payout-dialog');
    await user.type(within(dialog).getByRole('textbox'), 'statement caught up');
    await user.click(within(dialog).getByTestId('auto-payout-confirm'));
    expect(await screen.findByText('Auto-payout resumed.')).toBeInTheDocument();
    expect(puts).toEqual([{ paused: false, reason: 'statement caught up' }]);
    await waitFor(() => expect(screen.getByTestId('auto-payout-status')).toHaveTextContent('Running'));
  });
});
