import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HarmCaseSummary, HarmRuleVersion } from '@wallet/contract';
import i18n from 'i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../shared/api/client';
import { CASE_ID, MINUTE, NOW, harmRule, harmSummary } from './fixtures';
import { ProtectionPage } from './ProtectionPage';

type Sent = { method: string; path: string; body: unknown };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const levels = harmRule({ code: 'levels', version: 1, points: 0, params: { monitor: 3, interact: 6, intervene: 10 } });

/** The Protection page for `roles`, the server answering the cases of each status and the rules. */
function renderPage(options: { roles?: string[]; cases?: Record<'open' | 'closed', HarmCaseSummary[]>; rules?: HarmRuleVersion[]; change?: (sent: Sent) => Response; at?: string } = {}) {
  const sent: Sent[] = [];
  const asked: string[] = [];
  saveToken('operator-token');
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    if (method !== 'GET') {
      const call = { method, path: url.pathname, body: init.body ? JSON.parse(String(init.body)) : undefined };
      sent.push(call);
      // The server takes a moment: a double press lands while the first call is on its way.
      await new Promise((resolve) => setTimeout(resolve, 30));
      return options.change?.(call) ?? json({ message: 'NO_DATA' }, 404);
    }
    asked.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/api/admin/me') return json({ _id: '2', username: 'boon', roles: options.roles ?? ['support'], totp: false });
    if (url.pathname === '/api/admin/protection/cases') return json({ cases: (options.cases ?? { open: [], closed: [] })[url.searchParams.get('status') as 'open' | 'closed'] });
    if (url.pathname === '/api/admin/protection/harm-rules') return json({ rules: options.rules ?? [harmRule(), levels] });
    return json({ message: 'NO_DATA' }, 404);
  });
  const router = createMemoryRouter([{ path: '/protection', element: <ProtectionPage /> }], { initialEntries: [options.at ?? '/protection'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { sent, asked };
}

beforeEach(() => {
  // The clocks read the time: fixed, and moved on by hand.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
beforeAll(() => i18n.changeLanguage('en'));
afterAll(() => i18n.changeLanguage('th'));

describe('the Protection page: cases', () => {
  it('lists the open cases: the member by phone, level, score, the markers in words, when it opened and the clock', async () => {
    const overdue = harmSummary({ id: 'c-42', memberId: '100301', memberPhone: '0899999999', level: 'intervene', score: 12, markers: ['rising_deposits'], openedAt: NOW - 75 * MINUTE, dueAt: NOW - 15 * MINUTE });
    const acted = harmSummary({ id: 'c-43', firstActionAt: NOW - 10 * MINUTE, openedAt: NOW - 35 * MINUTE });
    const { asked } = renderPage({ cases: { open: [harmSummary(), overdue, acted], closed: [] } });
    const row = await screen.findByTestId(`harm-case-${CASE_ID}`);
    expect(within(row).getByTestId('harm-case-member')).toHaveTextContent('0812345678');
    expect(within(row).getByTestId('harm-case-member')).toHaveAttribute('href', '/members/100300');
    expect(within(row).getByTestId('harm-level')).toHaveTextContent('Interact');
    expect(row).toHaveTextContent('Chasing losses, Night play');
    expect(row).toHaveTextContent('29/11/2026 13:40:00');
    expect(within(row).getByTestId('harm-clock')).toHaveTextContent('40 min left');
    expect(within(row).getByTestId('harm-case-open')).toHaveAttribute('href', `/protection/cases/${CASE_ID}`);
    const late = screen.getByTestId('harm-case-c-42');
    expect(late).toHaveTextContent('12');
    expect(within(late).getByTestId('harm-level')).toHaveTextContent('Intervene');
    expect(within(late).getByTestId('harm-clock')).toHaveTextContent('Overdue 15 min');
    expect(within(late).getByTestId('harm-clock')).toHaveAttribute('data-state', 'overdue');
    expect(within(screen.getByTestId('harm-case-c-43')).getByTestId('harm-clock')).toHaveTextContent('Acted after 25 min');
    expect(asked).toContain('/api/admin/protection/cases?status=open&page=1&limit=20');
  });

  it('shows the closed cases with their outcome, and says when there are none open', async () => {
    const closed = harmSummary({ status: 'closed', outcome: 'restricted', firstActionAt: NOW - 15 * MINUTE, closedAt: NOW - 5 * MINUTE, closedBy: 'boon' });
    renderPage({ cases: { open: [], closed: [closed] } });
    expect(await screen.findByTestId('harm-cases-none')).toHaveTextContent('No open case.');
    await userEvent.setup().click(screen.getByTestId('harm-cases-closed'));
    const row = await screen.findByTestId(`harm-case-${CASE_ID}`);
    expect(within(row).getByTestId('harm-case-status')).toHaveTextContent('Closed · Restricted');
    expect(within(row).getByTestId('harm-clock')).toHaveTextContent('Acted after 5 min');
  });
});

describe('the Protection page: marker rules', () => {
  it('shows each rule with its version, points and thresholds; support cannot change them', async () => {
    renderPage({ at: '/protection?tab=rules' });
    const rule = await screen.findByTestId('harm-rule-chasing_losses');
    expect(rule).toHaveTextContent('Chasing losses');
    expect(within(rule).getByTestId('harm-rule-version')).toHaveTextContent('1');
    expect(within(rule).getByTestId('harm-rule-points')).toHaveTextContent('4');
    expect(within(rule).getByTestId('harm-rule-params')).toHaveTextContent('Minutes after a loss 30 · Times in 30 days 3');
    expect(within(screen.getByTestId('harm-rule-levels')).getByTestId('harm-rule-params')).toHaveTextContent('Monitor from 3 · Interact from 6 · Intervene from 10');
    expect(screen.queryByTestId('harm-rule-edit')).not.toBeInTheDocument();
  });

  it('an admin saves a new version after the one seen; a double press sends one change', async () => {
    const saved = harmRule({ version: 2, points: 5, params: { minutes: 20, times: 3 }, createdBy: 'boon', createdAt: NOW });
    const { sent } = renderPage({ roles: ['admin'], at: '/protection?tab=rules', change: () => json({ rules: [saved, levels] }) });
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId('harm-rule-chasing_losses')).getByTestId('harm-rule-edit'));
    const form = screen.getByTestId('harm-rule-form');
    await user.clear(within(form).getByTestId('harm-form-points'));
    await user.type(within(form).getByTestId('harm-form-points'), '5');
    await user.clear(within(form).getByTestId('harm-form-minutes'));
    await user.type(within(form).getByTestId('harm-form-minutes'), '20');
    await user.dblClick(within(form).getByTestId('harm-form-save'));
    expect(await screen.findByText('Saved as version 2.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'PUT', path: '/api/admin/protection/harm-rules/chasing_losses', body: { after: 1, points: 5, params: { minutes: 20, times: 3 } } }]);
    expect(within(screen.getByTestId('harm-rule-chasing_losses')).getByTestId('harm-rule-version')).toHaveTextContent('2');
  });

  it('says clearly when someone else changed the rule meanwhile, and refills the form from the version in force', async () => {
    let rules = [harmRule(), levels];
    const { sent } = renderPage({
      roles: ['admin'],
      at: '/protection?tab=rules',
      change: () => {
        rules = [harmRule({ version: 2, points: 6, createdBy: 'chai', createdAt: NOW }), levels];
        return json({ message: 'RULE_CHANGED' }, 409);
      },
    });
    vi.mocked(globalThis.fetch).mockImplementation(
      ((original) => async (input: RequestInfo | URL, init: RequestInit = {}) =>
        new URL(String(input), 'http://localhost').pathname === '/api/admin/protection/harm-rules' && (init.method ?? 'GET') === 'GET' ? json({ rules }) : original(input, init))(vi.mocked(globalThis.fetch).getMockImplementation()!),
    );
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId('harm-rule-chasing_losses')).getByTestId('harm-rule-edit'));
    await user.clear(screen.getByTestId('harm-form-points'));
    await user.type(screen.getByTestId('harm-form-points'), '2');
    await user.click(screen.getByTestId('harm-form-save'));
    expect(await screen.findByTestId('harm-form-failure')).toHaveTextContent('Another operator saved a newer version of this rule meanwhile.');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ after: 1, points: 2 });
    // The rule as it now stands: version 2, its points in the form.
    expect(await within(screen.getByTestId('harm-rule-chasing_losses')).findByTestId('harm-rule-version')).toHaveTextContent('2');
    expect(screen.getByTestId('harm-form-points')).toHaveValue('6');
  });
});
