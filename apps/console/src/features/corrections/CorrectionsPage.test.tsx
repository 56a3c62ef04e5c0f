import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../shared/api/client';
import { CorrectionsPage } from './CorrectionsPage';

const proposal = {
  _id: 'c-1',
  memberId: '100200',
  memberPhone: '0812345678',
  direction: 'credit',
  amount: 250.5,
  reasonCode: 'DEPOSIT_NOT_CREDITED',
  note: 'bank line 17',
  status: 'proposed',
  proposedBy: 'anna',
  decidedBy: null,
  decisionNote: null,
  createdAt: '2026-11-01T03:00:00.000Z',
  decidedAt: null,
};

/** The corrections screen for operator "boon"; `decision` answers each approve, and resolves when the test says. */
function renderCorrections(decision: () => Promise<Response>) {
  saveToken('operator-token');
  const calls = { decisions: 0, lists: 0 };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/admin/me') return new Response(JSON.stringify({ _id: '2', username: 'boon', roles: ['finance'], totp: false }));
    if (init?.method === 'POST') {
      calls.decisions += 1;
      return decision();
    }
    calls.lists += 1;
    return new Response(JSON.stringify({ total: 1, corrections: [proposal] }));
  });
  const router = createMemoryRouter([{ path: '*', element: <CorrectionsPage /> }]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return calls;
}
afterEach(() => vi.restoreAllMocks());
beforeAll(() => i18n.changeLanguage('en'));
afterAll(() => i18n.changeLanguage('th'));

describe('deciding a correction', () => {
  it('sends one approval for a double click, and reads as one success', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = renderCorrections(() => new Promise((resolve) => (answer = resolve)));
    const approve = await screen.findByTestId('correction-approve');
    fireEvent.click(approve);
    fireEvent.click(approve);
    fireEvent.dblClick(approve);
    await waitFor(() => expect(calls.decisions).toBe(1));
    answer(new Response(JSON.stringify({ ...proposal, status: 'approved', decidedBy: 'boon' })));
    expect(await screen.findByText('Approved; the wallet is corrected.')).toBeInTheDocument();
    expect(calls.decisions).toBe(1);
    expect(screen.queryByText(/invalid/i)).not.toBeInTheDocument();
  });

  it('says who decided first when another operator already did, and reloads the list', async () => {
    const calls = renderCorrections(async () => new Response(JSON.stringify({ message: 'ALREADY_DECIDED', decidedBy: 'chai' }), { status: 409 }));
    fireEvent.click(await screen.findByTestId('correction-approve'));
    expect(await screen.findByText('Already decided by chai; the list now shows the decision.')).toBeInTheDocument();
    expect(screen.queryByText(/invalid/i)).not.toBeInTheDocument();
    await waitFor(() => expect(calls.lists).toBe(2));
  });
});
