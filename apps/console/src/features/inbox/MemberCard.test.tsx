import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../shared/api/client';
import { MemberCard } from './MemberCard';

const entry = (statementType: string, amount: number) => ({ _id: statementType, statementType, from: 'WALLET', to: 'PG', status: 'SUCCESS', amount, createdAt: '2026-11-01T03:00:00.000Z', reason: null });
const member = {
  _id: '100200',
  phone: '0812345678',
  name: 'สมชาย ใจดี',
  status: 'active',
  bankCode: 'KBANK',
  bankAccountNo: '1234567890',
  inviteCode: 'PR100200',
  createdAt: '2026-10-01T03:00:00.000Z',
  wallet: 120,
  bankAccountName: 'สมชาย ใจดี',
  bankName: 'กสิกรไทย',
  currency: 'THB',
  sourceCode: null,
  inviter: null,
  invitees: 0,
  accounts: [],
  condition: { kind: 'bonus', source: 'WELCOME', baseAmount: 100, successTarget: 300, createdAt: '2026-11-01T03:00:00.000Z' },
  sessions: [],
};
afterEach(() => vi.restoreAllMocks());

describe('the chat panel’s member card', () => {
  it('names the latest movements and the condition in the desk’s language, not as codes', async () => {
    saveToken('operator-token');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path.endsWith('/statement')) return new Response(JSON.stringify({ total: 3, statements: [entry('bonus', 50), entry('withdraw', 100), entry('transfer', 20)] }));
      return new Response(JSON.stringify(member));
    });
    const router = createMemoryRouter([{ path: '*', element: <MemberCard memberId="100200" /> }]);
    render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}><RouterProvider router={router} /></QueryClientProvider>);
    const card = await screen.findByTestId('inbox-member');
    expect(await screen.findByText('ถอนเงิน')).toBeInTheDocument();
    expect(screen.getByText('โยกเงิน')).toBeInTheDocument();
    expect(card).toHaveTextContent('ติดเงื่อนไข โบนัส');
    expect(card.textContent).not.toMatch(/bonus|withdraw|transfer/);
  });
});
