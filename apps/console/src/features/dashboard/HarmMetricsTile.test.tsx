import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { HarmMetrics } from '@wallet/contract';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../shared/api/client';
import { DashboardPage } from './DashboardPage';

const day = { date: '2026-11-01', deposits: { bank: 1_000 }, depositCount: 1, withdrawals: 0, withdrawalCount: 0, newMembers: 0, bonusCost: 0, corrections: 0, netGaming: 0 };
const dashboard = { timeZone: 'Asia/Bangkok', currency: 'THB', currencies: ['THB'], today: day, days: [day], queues: [] };
const metrics: HarmMetrics = { open: 4, overdue: 1, days: 30, medianMinutesToFirstAction: 37.4, actedWithinHour: 18, opened: 24 };

function renderDashboard(roles: string[], answer: HarmMetrics = metrics) {
  const asked: string[] = [];
  saveToken('operator-token');
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    asked.push(path);
    if (path === '/api/admin/me') return new Response(JSON.stringify({ _id: '2', username: 'boon', roles, totp: false }));
    if (path === '/api/admin/reports/dashboard') return new Response(JSON.stringify(dashboard));
    if (path === '/api/admin/protection/cases/metrics') return new Response(JSON.stringify(answer));
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

describe("the dashboard's harm cases tile", () => {
  it('shows open and overdue cases, the median minutes to a first action and the share acted on within the hour', async () => {
    renderDashboard(['admin']);
    const tile = await screen.findByTestId('dashboard-harm');
    expect(await within(tile).findByTestId('dashboard-harm-open')).toHaveTextContent('4');
    expect(within(tile).getByTestId('dashboard-harm-overdue')).toHaveTextContent('1');
    expect(within(tile).getByTestId('dashboard-harm-overdue')).toHaveClass('text-rose-300');
    expect(within(tile).getByTestId('dashboard-harm-median')).toHaveTextContent('37 min');
    expect(within(tile).getByTestId('dashboard-harm-within-hour')).toHaveTextContent('75 %');
    expect(tile).toHaveTextContent('18 of 24 cases opened');
    expect(tile).toHaveTextContent('Median to a first action, last 30 days');
    expect(within(tile).getByRole('link', { name: 'Cases' })).toHaveAttribute('href', '/protection');
  });

  it('says "-" where nothing was opened or acted on yet', async () => {
    renderDashboard(['support'], { open: 0, overdue: 0, days: 30, medianMinutesToFirstAction: null, actedWithinHour: 0, opened: 0 });
    const tile = await screen.findByTestId('dashboard-harm');
    expect(await within(tile).findByTestId('dashboard-harm-median')).toHaveTextContent('-');
    expect(within(tile).getByTestId('dashboard-harm-within-hour')).toHaveTextContent('-');
    expect(within(tile).getByTestId('dashboard-harm-overdue')).not.toHaveClass('text-rose-300');
  });

  it('is neither shown to finance nor asked for', async () => {
    const asked = renderDashboard(['finance']);
    expect(await screen.findByTestId('dashboard')).toBeInTheDocument();
    await waitFor(() => expect(asked).toContain('/api/admin/me'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('dashboard-harm')).not.toBeInTheDocument();
    expect(asked).not.toContain('/api/admin/protection/cases/metrics');
  });
});
