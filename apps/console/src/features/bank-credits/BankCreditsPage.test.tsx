import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { Toaster } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../shared/api/client';
import { BankCreditsPage } from './BankCreditsPage';

const somchai = { memberId: '41', phone: '0812345678', bank: 'SCB', accountNo: '4061112223', accountName: 'SOMCHAI JAIDEE' };
const somsri = { memberId: '42', phone: '0899999999', bank: 'SCB', accountNo: '4061119993', accountName: 'SOMSRI JAIDEE' };
const line = {
  id: '00000000-0000-4000-8000-000000000001',
  bankRef: 'FT0001',
  amount: 500,
  currency: 'THB',
  bookedAt: Date.parse('2026-11-29T03:00:00Z'),
  sender: { bank: '014', account: 'xxx-x-x1222-x', name: null },
  batchCount: null,
  reason: 'no_name',
  candidates: [somchai, somsri],
  proposed: null,
  assignable: true,
};
const batch = { ...line, id: '00000000-0000-4000-8000-000000000002', bankRef: 'FT0002', amount: 1500, sender: { bank: null, account: null, name: null }, batchCount: 3, reason: 'batch', candidates: [], assignable: false };
const figures = { days: 30, byItself: 47, byOperators: 3, waiting: 2, shareByItself: 0.94 };

type Answer = { status: number; body: unknown };
/** The page with one waiting list; `assign` answers each assignment call, and every call's body is kept. */
function renderPage(credits: object[], assign: (body: unknown) => Answer = () => ({ status: 200, body: { message: 'PROPOSED' } })) {
  saveToken('operator-token');
  const sent: { path: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      sent.push({ path, body });
      const answer = assign(body);
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }
    return new Response(JSON.stringify({ credits, figures }));
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BankCreditsPage />
      <Toaster />
    </QueryClientProvider>,
  );
  return sent;
}
afterEach(() => vi.restoreAllMocks());
beforeAll(() => i18n.changeLanguage('en'));
afterAll(() => i18n.changeLanguage('th'));

describe('the bank credits waiting for operators', () => {
  it('shows each line’s amount, sender, reason in words, its members, and the 30-day figures', async () => {
    renderPage([line, batch]);
    const [first, second] = await screen.findAllByTestId('bank-credit');
    expect(within(first!).getByTestId('bank-credit-amount')).toHaveTextContent('500.00 THB');
    expect(within(first!).getByTestId('bank-credit-sender')).toHaveTextContent('014 · xxx-x-x1222-x');
    expect(within(first!).getByTestId('bank-credit-reason')).toHaveTextContent('The bank hid part of the account number and gave no name');
    expect(within(first!).getAllByTestId('bank-credit-candidate')).toHaveLength(2);
    expect(within(second!).getByTestId('bank-credit-reason')).toHaveTextContent('The bank booked 3 transfers as one line.');
    expect(within(second!).getByTestId('bank-credit-not-assignable')).toHaveTextContent('The member’s slip credits it.');
    expect(within(second!).queryByTestId('bank-credit-propose')).not.toBeInTheDocument();
    expect(screen.getByTestId('bank-credits-by-itself')).toHaveTextContent('47');
    expect(screen.getByTestId('bank-credits-by-operators')).toHaveTextContent('3');
    expect(screen.getByTestId('bank-credits-waiting')).toHaveTextContent('2');
    expect(screen.getByTestId('bank-credits-share')).toHaveTextContent('94 %');
  });

  it('proposes the picked member after saying what it does to the wallet, and a double click sends one request', async () => {
    const sent = renderPage([line]);
    const user = userEvent.setup();
    const row = await screen.findByTestId('bank-credit');
    expect(within(row).getByTestId('bank-credit-propose')).toBeDisabled();
    await user.click(within(row).getAllByTestId('bank-credit-candidate')[0]!);
    await user.click(within(row).getByTestId('bank-credit-propose'));
    const dialog = await screen.findByTestId('bank-credit-dialog');
    expect(within(dialog).getByTestId('bank-credit-dialog-words')).toHaveTextContent('You propose to credit 500.00 THB to 0812345678 SOMCHAI JAIDEE’s wallet. Nothing is credited yet');
    await user.dblClick(within(dialog).getByTestId('bank-credit-send'));
    expect(await screen.findByText('Proposal recorded; a second operator confirms it before the money is credited.')).toBeInTheDocument();
    expect(sent).toEqual([{ path: `/api/admin/bank-credits/${line.id}/assign`, body: { memberId: '41' } }]);
  });

  it('asks a second operator to confirm the member the first proposed, and credits it', async () => {
    const sent = renderPage([{ ...line, proposed: { memberId: '42', by: 'anna' } }], () => ({ status: 200, body: { message: 'SUCCESS' } }));
    const user = userEvent.setup();
    const row = await screen.findByTestId('bank-credit');
    expect(within(row).getByTestId('bank-credit-proposed')).toHaveTextContent('Proposed: 0899999999 SOMSRI JAIDEE, by anna');
    await user.click(within(row).getByTestId('bank-credit-confirm'));
    expect(within(row).getByTestId('bank-credit-confirm')).toHaveTextContent('Confirm 0899999999 SOMSRI JAIDEE proposed by anna');
    const dialog = await screen.findByTestId('bank-credit-dialog');
    expect(dialog).toHaveTextContent('Credit 500.00 THB to 0899999999 SOMSRI JAIDEE’s wallet now, as anna proposed.');
    await user.click(within(dialog).getByTestId('bank-credit-send'));
    expect(await screen.findByText('Credited to the member’s wallet.')).toBeInTheDocument();
    expect(sent).toEqual([{ path: `/api/admin/bank-credits/${line.id}/assign`, body: { memberId: '42' } }]);
  });

  it('tells the operator who proposed it that another operator must confirm', async () => {
    renderPage([{ ...line, proposed: { memberId: '42', by: 'anna' } }], () => ({ status: 403, body: { code: 'FOUR_EYES', message: 'FOUR_EYES' } }));
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId('bank-credit')).getByTestId('bank-credit-confirm'));
    await user.click(within(await screen.findByTestId('bank-credit-dialog')).getByTestId('bank-credit-send'));
    expect(await screen.findByText('You proposed this member yourself: another operator must confirm it.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('bank-credit-dialog')).not.toBeInTheDocument());
  });

  it('lets an operator name another member than the one proposed', async () => {
    const sent = renderPage([{ ...line, proposed: { memberId: '42', by: 'anna' } }]);
    const user = userEvent.setup();
    const row = await screen.findByTestId('bank-credit');
    await user.click(within(row).getAllByTestId('bank-credit-candidate')[0]!);
    expect(within(row).queryByTestId('bank-credit-confirm')).not.toBeInTheDocument();
    await user.click(within(row).getByTestId('bank-credit-propose'));
    await user.click(within(await screen.findByTestId('bank-credit-dialog')).getByTestId('bank-credit-send'));
    await waitFor(() => expect(sent).toEqual([{ path: `/api/admin/bank-credits/${line.id}/assign`, body: { memberId: '41' } }]));
  });
});
