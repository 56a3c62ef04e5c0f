import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../shared/api/client';
import { DashboardPage } from './DashboardPage';

const day = { date: '2026-11-01', deposits: { bank: 1_000 }, depositCount: 1, withdrawals: 0, withdrawalCount: 0, newMembers: 0, bonusCost: 0, corrections: 0, netGaming: 0 };
const dashboard = { timeZone: 'Asia/Bangkok', currency: 'THB', currencies: ['THB'], today: day, days: [day], queues: [] };
const metrics = {
  days: 30,
  medianAlertToDecisionSeconds: 9_000,
  alertsDecided: 14,
  rules: [
    { code: 'structuring', alerts: 5, falsePositives: 2, falsePositiveRate: 0.4 },
    { code: 'shared_device', alerts: 4, falsePositives: 3, falsePositiveRate: 0.75 },
    { code: 'dormant_wake', alerts: 0, falsePositives: 0, falsePositiveRate: null },
  ],
};

function renderDashboard(roles: string[], answer: unknown = metrics) {
  const asked: string[] = [];
  saveToken('operator-token');
  // The chart sizes itself to its box.
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    asked.push(path);
    if (path === '/api/admin/me') return new Response(JSON.stringify({ _id: '2', username: 'boon', roles, totp: false }));
    if (path === '/api/admin/reports/dashboard') return new Response(JSON.stringify(dashboard));
    if (path === '/api/admin/risk/metrics') return new Response(JSON.stringify(answer));
    return new Response(JSON.stringify({ message: 'NO_DATA' }), { status: 404 });
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return asked;
}
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
beforeAll(() => i18n.changeLanguage('en'));
afterAll(() => i18n.changeLanguage('th'));

describe("the dashboard's risk tile", () => {
  it('shows an admin the median time from alert to decision and each rule\'s false-positive rate', async () => {
    renderDashboard(['admin']);
    const tile = await screen.findByTestId('dashboard-risk');
    expect(tile).toHaveTextContent('Risk alerts, last 30 days');
    expect(await within(tile).findByTestId('dashboard-risk-median')).toHaveTextContent('2.5 h');
    expect(tile).toHaveTextContent('14 alerts decided');
    expect(within(tile).getByTestId('dashboard-risk-rule-structuring')).toHaveTextContent('Deposits just under a threshold5240 %');
    expect(within(tile).getByTestId('dashboard-risk-rule-shared_device')).toHaveTextContent('75 %');
    expect(within(tile).getByTestId('dashboard-risk-rule-dormant_wake')).toHaveTextContent('Dormant account wakes00-');
  });

  it('writes a short wait in minutes, and says when nothing was decided', async () => {
    renderDashboard(['finance'], { days: 30, medianAlertToDecisionSeconds: null, alertsDecided: 0, rules: [] });
    const tile = await screen.findByTestId('dashboard-risk');
    expect(await within(tile).findByTestId('dashboard-risk-median')).toHaveTextContent('-');
    expect(tile).toHaveTextContent('No case closed yet.');
  });

  it('shows finance the tile, in minutes under two hours', async () => {
    renderDashboard(['finance'], { ...metrics, medianAlertToDecisionSeconds: 1_500 });
    expect(await screen.findByTestId('dashboard-risk-median')).toHaveTextContent('25 min');
  });

  it('is not shown to marketing, nor asked for', async () => {
    const asked = renderDashboard(['marketing']);
    expect(await screen.findByTestId('dashboard')).toBeInTheDocument();
    // The roles are known (the menu of tiles follows them) before the tile is looked for.
    await waitFor(() => expect(asked).toContain('/api/admin/me'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('dashboard-risk')).not.toBeInTheDocument();
    expect(asked).not.toContain('/api/admin/risk/metrics');
  });
});
