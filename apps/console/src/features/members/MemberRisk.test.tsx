import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../shared/api/client';
import { MemberRisk } from './MemberRisk';

const decision = {
  id: '0b6a1a00-0000-4000-8000-000000000001',
  memberId: '100300',
  movement: 'withdrawal',
  subject: 'w-1',
  amount: 2_500,
  currency: 'LAK',
  outcome: 'block',
  rules: [{ code: 'shared_bank_account', version: 1, mode: 'active', outcome: 'block', reason: '1 other members with the same bank account' }],
  createdAt: '2026-11-01T03:00:00.000Z',
  caseId: null,
  releaseProposedBy: 'boon',
  releasedBy: 'chai',
  releasedAt: '2026-11-01T04:00:00.000Z',
};

function renderSection(decisions: unknown[]) {
  const asked: string[] = [];
  saveToken('operator-token');
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(`${url.pathname}${url.search}`);
    return new Response(JSON.stringify({ decisions }));
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <MemberRisk memberId="100300" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return asked;
}
afterEach(() => vi.restoreAllMocks());
beforeAll(() => i18n.changeLanguage('en'));
afterAll(() => i18n.changeLanguage('th'));

describe("a member's risk decisions", () => {
  it('lists the latest ten of every outcome, each with its money, outcome, release and the rules that fired', async () => {
    const asked = renderSection([decision]);
    const row = await screen.findByTestId('member-risk-decision');
    expect(asked).toEqual(['/api/admin/risk/decisions?outcome=all&page=1&limit=10&memberId=100300']);
    expect(row).toHaveTextContent('Withdrawal');
    expect(row).toHaveTextContent('2,500 LAK');
    expect(row).toHaveTextContent('Block');
    expect(row).toHaveTextContent('Released by chai');
    expect(within(row).getByTestId('risk-answer-shared_bank_account')).toHaveTextContent('Shared bank account');
    expect(screen.getByRole('link', { name: 'Held decisions on the risk page' })).toHaveAttribute('href', '/risk');
  });

  it('says when there is none', async () => {
    renderSection([]);
    expect(await screen.findByText('No risk decision on this member.')).toBeInTheDocument();
  });
});
