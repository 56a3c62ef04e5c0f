import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dashboardTestsInEnglish, renderDashboard } from './dashboard-test-kit';

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

const showDashboard = (roles: string[], answer: unknown = metrics) => renderDashboard(roles, { '/api/admin/risk/metrics': answer });
dashboardTestsInEnglish();

describe("the dashboard's risk tile", () => {
  it('shows an admin the median time from alert to decision and each rule\'s false-positive rate', async () => {
    showDashboard(['admin']);
    const tile = await screen.findByTestId('dashboard-risk');
    expect(tile).toHaveTextContent('Risk alerts, last 30 days');
    expect(await within(tile).findByTestId('dashboard-risk-median')).toHaveTextContent('2.5 h');
    expect(tile).toHaveTextContent('14 alerts decided');
    expect(within(tile).getByTestId('dashboard-risk-rule-structuring')).toHaveTextContent('Deposits just under a threshold5240 %');
    expect(within(tile).getByTestId('dashboard-risk-rule-shared_device')).toHaveTextContent('75 %');
    expect(within(tile).getByTestId('dashboard-risk-rule-dormant_wake')).toHaveTextContent('Dormant account wakes00-');
  });

  it('writes a short wait in minutes, and says when nothing was decided', async () => {
    showDashboard(['finance'], { days: 30, medianAlertToDecisionSeconds: null, alertsDecided: 0, rules: [] });
    const tile = await screen.findByTestId('dashboard-risk');
    expect(await within(tile).findByTestId('dashboard-risk-median')).toHaveTextContent('-');
    expect(tile).toHaveTextContent('No case closed yet.');
  });

  it('shows finance the tile, in minutes under two hours', async () => {
    showDashboard(['finance'], { ...metrics, medianAlertToDecisionSeconds: 1_500 });
    expect(await screen.findByTestId('dashboard-risk-median')).toHaveTextContent('25 min');
  });

  it('is not shown to marketing, nor asked for', async () => {
    const asked = showDashboard(['marketing']);
    expect(await screen.findByTestId('dashboard')).toBeInTheDocument();
    // The roles are known (the menu of tiles follows them) before the tile is looked for.
    await waitFor(() => expect(asked).toContain('/api/admin/me'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('dashboard-risk')).not.toBeInTheDocument();
    expect(asked).not.toContain('/api/admin/risk/metrics');
  });
});
