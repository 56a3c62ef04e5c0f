import { screen, waitFor, within } from '@testing-library/react';
import type { HarmMetrics } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { dashboardTestsInEnglish, renderDashboard } from './dashboard-test-kit';

const metrics: HarmMetrics = { open: 4, overdue: 1, days: 30, medianMinutesToFirstAction: 37.4, actedWithinHour: 18, opened: 24 };

const showDashboard = (roles: string[], answer: HarmMetrics = metrics) => renderDashboard(roles, { '/api/admin/protection/cases/metrics': answer });
dashboardTestsInEnglish();

describe("the dashboard's harm cases tile", () => {
  it('shows open and overdue cases, the median minutes to a first action and the share acted on within the hour', async () => {
    showDashboard(['admin']);
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
    showDashboard(['support'], { open: 0, overdue: 0, days: 30, medianMinutesToFirstAction: null, actedWithinHour: 0, opened: 0 });
    const tile = await screen.findByTestId('dashboard-harm');
    expect(await within(tile).findByTestId('dashboard-harm-median')).toHaveTextContent('-');
    expect(within(tile).getByTestId('dashboard-harm-within-hour')).toHaveTextContent('-');
    expect(within(tile).getByTestId('dashboard-harm-overdue')).not.toHaveClass('text-rose-300');
  });

  it('is neither shown to finance nor asked for', async () => {
    const asked = showDashboard(['finance']);
    expect(await screen.findByTestId('dashboard')).toBeInTheDocument();
    await waitFor(() => expect(asked).toContain('/api/admin/me'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('dashboard-harm')).not.toBeInTheDocument();
    expect(asked).not.toContain('/api/admin/protection/cases/metrics');
  });
});
