import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../shared/i18n';
import { callsTo, stubFetch } from '../../test/fetchRoutes';
import { renderWithQueries } from '../../test/render';
import { FiguresPage, statementLink } from './FiguresPage';

const figures = {
  currency: 'THB',
  timeZone: 'Asia/Bangkok',
  today: '2026-11-29',
  periods: [
    { period: 'today', from: '2026-11-29', deposits: 100, withdrawals: 0, netDeposits: 100, netGamePosition: -40 },
    { period: 'days7', from: '2026-11-23', deposits: 700, withdrawals: 200, netDeposits: 500, netGamePosition: 25.5 },
    { period: 'days30', from: '2026-10-31', deposits: 3000, withdrawals: 1000, netDeposits: 2000, netGamePosition: -1250 },
    { period: 'months12', from: '2025-11-30', deposits: 12000, withdrawals: 15000, netDeposits: -3000, netGamePosition: 0 },
  ],
};

function renderPage(put: (init: RequestInit) => { status?: number; body: unknown }) {
  const fetchMock = stubFetch({
    'GET /api/figures': { body: figures },
    'GET /api/figures/reality-check': { body: { intervalMinutes: 60 } },
    'PUT /api/figures/reality-check': put,
  });
  renderWithQueries(<FiguresPage />);
  return fetchMock;
}

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('th');
});

describe('the member’s figures', () => {
  it('shows the chosen period’s figures, 30 days first', async () => {
    renderPage(() => ({ body: { intervalMinutes: 60 } }));
    expect(await screen.findByTestId('figures-deposits')).toHaveTextContent('3,000.00');
    expect(screen.getByTestId('figures-net-game-marked').parentElement).toHaveTextContent('−฿1,250.00');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('figures-period-months12'));
    expect(screen.getByTestId('figures-withdrawals')).toHaveTextContent('15,000.00');
    expect(screen.getByTestId('figures-net-deposits')).toHaveTextContent('-3,000.00');
    expect(screen.getByTestId('figures-period-months12')).toHaveAttribute('aria-pressed', 'true');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByText('Net game position')).toBeInTheDocument();
  });

  it('links to the statement of the last 3 and 12 months', async () => {
    renderPage(() => ({ body: { intervalMinutes: 60 } }));
    expect(await screen.findByTestId('figures-statement-3')).toHaveAttribute('href', '/user/statement?from=2026-08-30&to=2026-11-29');
    expect(screen.getByTestId('figures-statement-12')).toHaveAttribute('href', '/user/statement?from=2025-11-30&to=2026-11-29');
    expect(statementLink('2026-05-31', 3)).toBe('/user/statement?from=2026-03-01&to=2026-05-31');
  });

  it('saves the reality-check interval, and refuses one outside 10 to 120 minutes without asking the server', async () => {
    const fetchMock = renderPage((init) => ({ body: JSON.parse(String(init.body)) }));
    const user = userEvent.setup();
    const field = await screen.findByTestId('reality-check-minutes');
    await vi.waitFor(() => expect(field).toHaveValue(60));
    await user.clear(field);
    await user.type(field, '5');
    await user.click(screen.getByTestId('reality-check-save'));
    expect(screen.getByRole('alert')).toHaveTextContent('10 ถึง 120');
    expect(callsTo(fetchMock, 'PUT /api/figures/reality-check')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, '45');
    await user.click(screen.getByTestId('reality-check-save'));
    await vi.waitFor(() => expect(callsTo(fetchMock, 'PUT /api/figures/reality-check')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'PUT /api/figures/reality-check')[0]![1]!.body))).toEqual({ intervalMinutes: 45 });
  });

  it('shows the server’s refusal in the member’s language', async () => {
    renderPage(() => ({ status: 400, body: { message: 'REALITY_CHECK_INTERVAL' } }));
    const user = userEvent.setup();
    const field = await screen.findByTestId('reality-check-minutes');
    await vi.waitFor(() => expect(field).toHaveValue(60));
    await user.click(screen.getByTestId('reality-check-save'));
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('Choose a whole number of minutes from 10 to 120. Your setting has not changed.')).toBeInTheDocument();
  });
});
