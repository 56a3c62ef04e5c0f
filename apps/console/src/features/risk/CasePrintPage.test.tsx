import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../shared/api/client';
import { CasePrintPage } from './CasePrintPage';

const CASE_ID = '7c1a0000-0000-4000-8000-000000000001';
const riskCase = {
  id: CASE_ID,
  memberId: '100300',
  inbox: 'finance',
  status: 'closed',
  assignee: 'boon',
  outcome: 'confirmed',
  openedAt: '2026-11-01T03:00:00.000Z',
  lastAlertAt: '2026-11-01T03:00:00.000Z',
  closedAt: '2026-11-02T03:00:00.000Z',
  closedBy: 'boon',
  alerts: 1,
  rules: ['structuring'],
  action: 'none',
  decisions: [
    {
      id: '0b6a1a00-0000-4000-8000-000000000001',
      memberId: '100300',
      movement: 'deposit',
      subject: 'd-1',
      amount: 970,
      currency: 'THB',
      outcome: 'review',
      rules: [
        { code: 'structuring', version: 3, mode: 'active', outcome: 'review', reason: '3 deposits just under 1000 in 24 h' },
        { code: 'dormant_wake', version: 1, mode: 'active', outcome: 'approve', reason: null },
      ],
      createdAt: '2026-11-01T03:00:00.000Z',
      caseId: null,
      releaseProposedBy: null,
      releasedBy: null,
      releasedAt: null,
    },
  ],
  notes: [{ id: 'n-1', author: 'boon', body: 'Asked for a bank statement.', createdAt: '2026-11-01T04:00:00.000Z', attachment: { id: 'a-1', name: 'statement.pdf', contentType: 'application/pdf', size: 2_048 } }],
  snoozes: [],
  freeze: null,
};
const exported = [
  '\ufeffsection,time (UTC),item,reference,amount,currency,detail',
  `case,2026-11-01T03:00:00.000Z,closed,${CASE_ID},,,finance · confirmed · boon`,
  'member,,phone,,,,0812345678',
  'member,,registeredAt,,,,2026-04-01T03:00:00.000Z',
  'alert,2026-11-01T03:00:00.000Z,deposit,d-1,970,THB,review: structuring v3 (active) 3 deposits just under 1000 in 24 h',
  'movement,2026-10-31T03:00:00.000Z,deposit,D8FYD3QN,950,THB,MANUAL',
  'movement,2026-11-01T05:00:00.000Z,withdrawal,W3THKY2P,1000,THB,in_progress',
  'note,2026-11-01T04:00:00.000Z,boon,statement.pdf,,,Asked for a bank statement.',
  '',
].join('\r\n');

afterEach(() => vi.restoreAllMocks());
beforeAll(() => i18n.changeLanguage('en'));
afterAll(() => i18n.changeLanguage('th'));

describe("a case's printable package", () => {
  it('lays out the export: the member, the movements in question, the alerts and the notes', async () => {
    const asked: string[] = [];
    saveToken('operator-token');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      asked.push(path);
      if (path === `/api/admin/risk/cases/${CASE_ID}`) return new Response(JSON.stringify({ case: riskCase }));
      if (path === `/api/admin/risk/cases/${CASE_ID}/export.csv`) return new Response(exported, { headers: { 'content-type': 'text/csv' } });
      return new Response(JSON.stringify({ message: 'NO_DATA' }), { status: 404 });
    });
    const router = createMemoryRouter([{ path: '/risk/cases/:id/print', element: <CasePrintPage /> }], { initialEntries: [`/risk/cases/${CASE_ID}/print`] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const page = await screen.findByTestId('risk-case-print-page');
    expect(page).toHaveTextContent(`Case ${CASE_ID} · Finance · Closed · Confirmed · by boon`);
    const member = within(page).getByTestId('risk-case-print-member');
    expect(await within(member).findByText('0812345678')).toBeInTheDocument();
    expect(member).toHaveTextContent('Phone0812345678');
    expect(member).toHaveTextContent('Registered');
    const movements = within(page).getByTestId('risk-case-print-movements');
    expect(within(movements).getAllByRole('row')).toHaveLength(3);
    expect(movements).toHaveTextContent('DepositD8FY-D3QN950.00 THBMANUAL');
    expect(movements).toHaveTextContent('WithdrawalW3TH-KY2P1,000.00 THBin_progress');
    const alerts = within(page).getByTestId('risk-case-print-alerts');
    // The rules that did not answer approve, as the export lists them.
    expect(alerts).toHaveTextContent('Deposits just under a threshold');
    expect(alerts).toHaveTextContent('3 deposits just under 1000 in 24 h');
    expect(alerts).not.toHaveTextContent('Dormant account wakes');
    expect(within(page).getByTestId('risk-case-print-notes')).toHaveTextContent('Asked for a bank statement.Attached: statement.pdf');
    expect(asked).toContain(`/api/admin/risk/cases/${CASE_ID}/export.csv`);
  });
});
