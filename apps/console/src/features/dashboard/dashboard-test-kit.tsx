import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { saveToken } from '../../shared/api/client';
import { DashboardPage } from './DashboardPage';

const day = { date: '2026-11-01', deposits: { bank: 1_000 }, depositCount: 1, withdrawals: 0, withdrawalCount: 0, newMembers: 0, bonusCost: 0, corrections: 0, netGaming: 0 };
const dashboard = { timeZone: 'Asia/Bangkok', currency: 'THB', currencies: ['THB'], today: day, days: [day], queues: [] };

/**
 * The dashboard signed in with `roles`, its server played by `answers` (JSON by path; the day's
 * figures are given); every other call answers 404. Returns the paths asked, in order.
 */
export function renderDashboard(roles: string[], answers: Record<string, unknown>): string[] {
  const asked: string[] = [];
  saveToken('operator-token');
  // The chart sizes itself to its box.
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    asked.push(path);
    if (path === '/api/admin/me') return new Response(JSON.stringify({ _id: '2', username: 'boon', roles, totp: false }));
    if (path === '/api/admin/reports/dashboard') return new Response(JSON.stringify(dashboard));
    if (path in answers) return new Response(JSON.stringify(answers[path]));
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

/** In English for the file's tests, with the mocks undone after each. */
export function dashboardTestsInEnglish(): void {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
  beforeAll(() => i18n.changeLanguage('en'));
  afterAll(() => i18n.changeLanguage('th'));
}
