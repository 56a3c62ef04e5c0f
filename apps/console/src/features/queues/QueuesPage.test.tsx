import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { Toaster } from 'sonner';
import { AUTO_PAYOUT_REASONS, PAYOUT_STATUSES } from '@wallet/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resources } from '../../shared/i18n';
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
  checking: false,
};
const slip = { createdAt: '2026-11-01T03:00:00.000Z', amount: 0, status: 'in_progress', note: null, link: '/slip.png', reference: 'S0000001' };
const pendingWithdrawal = { ...withdrawal, username: '0811111111', memberName: 'Somchai', decidedBy: null, firstApprovedBy: null, firstDecision: null, heldForReview: false, reference: 'W0000001', autoPayout: { reasons: ['off'], payout: null } };
const queues: Record<string, unknown> = {
  '/api/admin/withdrawals': { total: 1, totalCapped: false, withdrawals: [pendingWithdrawal] },
  '/api/admin/deposit-notices': { total: 0, notices: [] },
  '/api/admin/slips': { total: 1, totalCapped: false, slips: [{ ...slip, _id: 's-1', currency: 'LAK', username: '2055555555', memberName: 'Bounmy', sendingBank: null, transRef: null, decidedBy: null }] },
  '/api/admin/truemoney-transfers': { total: 0, transfers: [] },
};

/** The queues; `decide` answers each decision by its path, with the body sent; `withdrawals` replaces the pending one. */
function renderQueues(decide: (path: string, body: unknown) => unknown, { withdrawals }: { withdrawals?: object[] } = {}) {
  saveToken('operator-token');
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (init?.method === 'POST') return new Response(JSON.stringify(decide(path, init.body ? JSON.parse(String(init.body)) : undefined)));
    if (path === '/api/admin/withdrawals' && withdrawals) return new Response(JSON.stringify({ total: withdrawals.length, totalCapped: false, withdrawals }));
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

describe('a withdrawal a risk rule held', () => {
  const held = { ...pendingWithdrawal, checking: true, heldForReview: true };
  const rowOf = async () => within(await screen.findByTestId('admin-withdrawals')).findByRole('listitem');

  it('says it needs two operators, and a first refusal is told as proposed, not done', async () => {
    renderQueues(() => ({ ...withdrawal, checking: true }), { withdrawals: [held] });
    const row = await rowOf();
    expect(within(row).getByTestId('queue-held')).toHaveTextContent('Held for review: needs two operators');
    expect(within(row).queryByTestId('queue-first-decision')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(row).getByTestId('admin-fail'));
    await user.type(within(await screen.findByTestId('prompt-dialog')).getByRole('textbox'), 'not the member');
    await user.click(screen.getByTestId('prompt-ok'));
    expect(await screen.findByText('Refusal proposed; a second operator confirms it before the money goes back.')).toBeInTheDocument();
    expect(screen.queryByText('Failed; the money is back in the wallet.')).not.toBeInTheDocument();
  });

  it('shows the second operator what the first proposed: a payout, or the money back', async () => {
    renderQueues(() => withdrawal, {
      withdrawals: [
        { ...held, _id: 'w-1', firstApprovedBy: 'anna', firstDecision: 'SUCCESS' },
        { ...held, _id: 'w-2', username: '0822222222', firstApprovedBy: 'boon', firstDecision: 'FAILED' },
      ],
    });
    const [payout, refusal] = await within(await screen.findByTestId('admin-withdrawals')).findAllByRole('listitem');
    expect(within(payout!).getByTestId('queue-first-decision')).toHaveTextContent('proposed by anna: pay out');
    expect(within(refusal!).getByTestId('queue-first-decision')).toHaveTextContent('proposed by boon: refuse');
  });

  it('keeps the words of a large payout waiting for its second approval (no rule held it)', async () => {
    renderQueues(() => withdrawal, { withdrawals: [{ ...pendingWithdrawal, firstApprovedBy: 'anna', firstDecision: 'SUCCESS' }] });
    const row = await rowOf();
    expect(within(row).getByTestId('queue-first-decision')).toHaveTextContent('first approved by anna');
    expect(within(row).queryByTestId('queue-held')).not.toBeInTheDocument();
  });
});

describe('what auto-payout did with a withdrawal', () => {
  it('has words for every reason and payout status in Thai, Lao and English', () => {
    for (const language of ['th', 'lo', 'en'] as const) {
      const words = resources[language].translation.autoPayout as { reasons: Record<string, string>; status: Record<string, string> };
      expect(AUTO_PAYOUT_REASONS.filter((reason) => !words.reasons[reason]), language).toEqual([]);
      expect(PAYOUT_STATUSES.filter((status) => !words.status[status]), language).toEqual([]);
    }
  });

  const payout = (status: string) => ({ status, reference: 'W0000001', bankRef: null, failure: null, attempts: 1 });
  const rows = [
    { ...pendingWithdrawal, _id: 'w-1', username: '0811111111', autoPayout: { reasons: ['above_limit', 'budget_spent'], payout: null } },
    { ...pendingWithdrawal, _id: 'w-2', username: '0822222222', autoPayout: { reasons: [], payout: payout('pending') } },
    { ...pendingWithdrawal, _id: 'w-3', username: '0833333333', autoPayout: { reasons: [], payout: payout('paid') } },
    { ...pendingWithdrawal, _id: 'w-4', username: '0844444444', autoPayout: { reasons: null, payout: null } },
  ];

  it('says in words why it waits, that the bank is paying it, or that the bank paid it by itself', async () => {
    renderQueues(() => withdrawal, { withdrawals: rows });
    const [waits, paying, paid, unseen] = await within(await screen.findByTestId('admin-withdrawals')).findAllByRole('listitem');
    expect(within(waits!).getByTestId('queue-auto-payout')).toHaveTextContent('Waits for operators: above the auto-pay amount, today’s auto-pay budget spent');
    expect(within(paying!).getByTestId('queue-auto-payout')).toHaveTextContent('Being paid by the bank (the bank is processing)');
    expect(within(paid!).getByTestId('queue-auto-payout')).toHaveTextContent('Paid by the bank by itself');
    expect(within(unseen!).queryByTestId('queue-auto-payout')).not.toBeInTheDocument();
  });

  it('keeps approve and fail from a withdrawal the bank is paying, and says why; the others stay open', async () => {
    const sent: string[] = [];
    renderQueues((path) => {
      sent.push(path);
      return { ...withdrawal, status: 'SUCCESS' };
    }, { withdrawals: rows });
    const [waits, paying] = await within(await screen.findByTestId('admin-withdrawals')).findAllByRole('listitem');
    expect(within(paying!).getByTestId('admin-approve')).toBeDisabled();
    expect(within(paying!).getByTestId('admin-fail')).toBeDisabled();
    expect(within(paying!).getByTestId('queue-payout-locked')).toHaveTextContent('The bank is paying this withdrawal: approve and fail wait for its answer.');
    expect(within(waits!).queryByTestId('queue-payout-locked')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(paying!).getByTestId('admin-approve'));
    expect(sent).toEqual([]);
    await user.click(within(waits!).getByTestId('admin-approve'));
    expect(await screen.findByText('Marked as paid.')).toBeInTheDocument();
    expect(sent).toEqual(['/api/admin/withdrawals/w-1/approve']);
  });
});
