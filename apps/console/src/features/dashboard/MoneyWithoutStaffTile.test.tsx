import { screen, waitFor, within } from '@testing-library/react';
import type { AutoPayoutState, BankAutoFiguresResponse } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { dashboardTestsInEnglish, renderDashboard } from './dashboard-test-kit';

const period = (name: 'today' | 'days30', received: number, byItself: number, p95: number) => ({
  period: name,
  from: 0,
  received,
  byItself,
  byOperators: received - byItself,
  waiting: 0,
  shareByItself: received === 0 ? null : byItself / received,
  delaySeconds: { byItself: byItself === 0 ? null : { p50: 30, p95 }, byOperators: null },
});
const deposits: BankAutoFiguresResponse = { timeZone: 'Asia/Bangkok', today: '2026-11-01', periods: [period('today', 8, 6, 95), period('days30', 200, 180, 240)] };
const autoPayout: AutoPayoutState = {
  paused: false,
  pausedBy: null,
  pausedAt: null,
  pauseReason: null,
  THB: { max: 5_000, dailyBudget: 200_000, spentToday: 0, payoutAccount: '4061234567' },
  LAK: { max: 0, dailyBudget: 0, spentToday: 0, payoutAccount: null },
  figures: { days: 30, withdrawals: 50, autoPaid: 20, shareAutoPaid: 0.4, medianSecondsToPaid: 12, p95SecondsToPaid: 150, medianSecondsToPaidByOperators: 1_800 },
  inFlight: 0,
};

const showDashboard = (roles: string[]) => renderDashboard(roles, { '/api/admin/bank-credits/figures': deposits, '/api/admin/auto-payout': autoPayout });
dashboardTestsInEnglish();

describe("the dashboard's money-without-staff tile", () => {
  it('shows the share of bank deposits credited by themselves today and in 30 days, and of withdrawals paid by the bank by itself, with their times', async () => {
    showDashboard(['finance']);
    const tile = await screen.findByTestId('dashboard-no-staff');
    expect(await within(tile).findByTestId('dashboard-no-staff-deposits-today')).toHaveTextContent('75 %');
    expect(within(tile).getByTestId('dashboard-no-staff-deposits-days30')).toHaveTextContent('90 %');
    expect(tile).toHaveTextContent('6 of 8 · 95 % within 95 s');
    expect(tile).toHaveTextContent('180 of 200 · 95 % within 4 min');
    expect(await within(tile).findByTestId('dashboard-no-staff-withdrawals')).toHaveTextContent('40 %');
    expect(tile).toHaveTextContent('20 of 50 · request to paid: median 12 s, 95 % within 3 min');
  });

  it('is neither shown to marketing nor asked for', async () => {
    const asked = showDashboard(['marketing']);
    expect(await screen.findByTestId('dashboard')).toBeInTheDocument();
    await waitFor(() => expect(asked).toContain('/api/admin/me'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('dashboard-no-staff')).not.toBeInTheDocument();
    expect(asked).not.toContain('/api/admin/auto-payout');
    expect(asked).not.toContain('/api/admin/bank-credits/figures');
  });
});
