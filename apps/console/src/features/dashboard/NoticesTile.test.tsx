import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dashboardTestsInEnglish, renderDashboard } from './dashboard-test-kit';

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

const showDashboard = (roles: string[]) => renderDashboard(roles, { '/api/admin/notices/figures': figures });
dashboardTestsInEnglish();

describe("the dashboard's notices tile", () => {
  it('shows the share delivered, within 30 s, and each channel’s tries and delays', async () => {
    showDashboard(['support']);
    const tile = await screen.findByTestId('dashboard-notices');
    expect(await within(tile).findByTestId('dashboard-notices-delivered')).toHaveTextContent('98 %');
    expect(within(tile).getByText('196 of 200')).toBeInTheDocument();
    expect(within(tile).getByTestId('dashboard-notices-within')).toHaveTextContent('99 %');
    expect(within(tile).getByText('4 reached no channel')).toBeInTheDocument();
    expect(within(tile).getByTestId('dashboard-notices-line')).toHaveTextContent('LINE120611.2 s / 4.5 s');
    expect(within(tile).getByTestId('dashboard-notices-sms')).toHaveTextContent('SMS600- / -');
  });

  it('is not asked for by a role that does not see it', async () => {
    const asked = showDashboard(['marketing']);
    await screen.findByText(/./);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).not.toContain('/api/admin/notices/figures');
  });
});
