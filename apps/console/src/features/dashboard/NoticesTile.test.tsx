import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../shared/api/client';
import { DashboardPage } from './DashboardPage';

const day = { date: '2026-11-01', deposits: { bank: 1_000 }, depositCount: 1, withdrawals: 0, withdrawalCount: 0, newMembers: 0, bonusCost: 0, corrections: 0, netGaming: 0 };
const dashboard = { timeZone: 'Asia/Bangkok', currency: 'THB', currencies: ['THB'], today: day, days: [day], queues: [] };
const figures = {
  hours: 24,
  written: 210,
  sent: 196,
  suppressed: 8,
  undelivered: 4,
  pending: 2,
  sentWithin30Seconds: 194,
  channels: [
    { channel: 'line', sent: 120, failed: 6, unreachable: 1, medianSeconds: 1.24, p95Seconds: 4.5 },
    { channel: 'push', sent: 70, failed: 0, unreachable: 2, medianSeconds: 0.8, p95Seconds: 2 },
    { channel: 'sms', sent: 6, failed: 0, unreachable: 0, medianSeconds: null, p95Seconds: null },
  ],
};

function renderDashboard(roles: string[]) {
  const asked: string[] = [];
  saveToken('operator-token');
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    asked.push(path);
    if (path === '/api/admin/me') return new Response(JSON.stringify({ _id: '2', username: 'boon', roles, totp: false }));
    if (path === '/api/admin/reports/dashboard') return new Response(JSON.stringify(dashboard));
    if (path === '/api/admin/notices/figures') return new Response(JSON.stringify(figures));
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

describe("the dashboard's notices tile", () => {
  it('shows the share delivered, within 30 s, and each channel’s tries and delays', async () => {
    renderDashboard(['support']);
    const tile = await screen.findByTestId('dashboard-notices');
    expect(await within(tile).findByTestId('dashboard-notices-delivered')).toHaveTextContent('98 %');
    expect(within(tile).getByText('196 of 200')).toBeInTheDocument();
    expect(within(tile).getByTestId('dashboard-notices-within')).toHaveTextContent('99 %');
    expect(within(tile).getByText('4 reached no channel')).toBeInTheDocument();
    expect(within(tile).getByTestId('dashboard-notices-line')).toHaveTextContent('LINE120611.2 s / 4.5 s');
    expect(within(tile).getByTestId('dashboard-notices-sms')).toHaveTextContent('SMS600- / -');
  });

  it('is not asked for by a role that does not see it', async () => {
    const asked = renderDashboard(['marketing']);
    await screen.findByText(/./);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).not.toContain('/api/admin/notices/figures');
  });
});
