import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ConditionStatus, STORAGE_KEYS, type Slot } from '@wallet/contract';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OverlayHost } from '../app/overlays';
import { stubFetch } from './fetchRoutes';
import { HomePage } from '../features/home/HomePage';
import { nextTap } from './taps';
import { memberWallet } from './member-wallet';

const slot: Slot = {
  code: 'PG',
  name: 'PG Soft',
  category: 'slot',
  isActive: true,
  amount: 200,
  ftWalletSlot: 1,
  logo: '/media/providers/PG/logo.svg',
  background: '/media/providers/PG/background.svg',
  web: null,
  android: null,
  ios: null,
  username: 'bw-PG',
  password: null,
  loginForm: false,
  balanceSyncedAt: null,
};
const wallet = memberWallet({ amount: 500, slots: [slot] });
const condition = (total: number): ConditionStatus => ({
  kind: 'bonus',
  code: 'WELCOME50',
  name: 'Welcome',
  base: 1000,
  successPercent: 300,
  failPercent: 10,
  successTarget: 3000,
  failFloor: 100,
  total,
  ownDeposits: 0,
  endTakes: 0,
  clearMode: 'remaining',
  createdAt: '2026-01-01T00:00:00.000Z',
});

/**
 * Home against a stub server whose condition total is whatever the games hold now: each read of
 * GET /api/bonus/check/active answers the next figure, as a game's result or a transfer changes it.
 */
function renderHome() {
  const totals = [700, 1200, 1900, 2600];
  let reads = 0;
  stubFetch({
    'GET /api/wallet': { body: wallet },
    'GET /api/spinwheel/active': { body: { isActive: false } },
    'GET /api/bonus/check/active': () => ({ body: { status: true, type: 'bonus', condition: condition(totals[Math.min((reads += 1) - 1, totals.length - 1)]!) } }),
    'GET /api/wallet/refresh/slot': { body: { message: 'SUCCESS', failed: [] } },
    'POST /api/wallet/transfer': { body: { message: 'SUCCESS' } },
    'POST /api/wallet/transferAll': { body: { message: 'SUCCESS', failed: [] } },
  });
  const router = createMemoryRouter([{ path: '*', element: <HomePage /> }], { initialEntries: ['/user/home'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } })}>
      <OverlayHost>
        <RouterProvider router={router} />
      </OverlayHost>
    </QueryClientProvider>,
  );
}

beforeEach(() => localStorage.setItem(STORAGE_KEYS.rememberAgreement, '1'));
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe("home's condition figures", () => {
  it('follow "check balance", a transfer and collecting everything without a reload', async () => {
    renderHome();
    const figures = await screen.findByTestId('condition-figures');
    await waitFor(() => expect(figures).toHaveTextContent('700.00'));
    const user = userEvent.setup();

    // A game's result reaches the wallet through "check balance".
    await user.click(screen.getByTestId('check-balance'));
    await waitFor(() => expect(screen.getByTestId('condition-figures')).toHaveTextContent('1,200.00'));

    await user.click(screen.getByTestId('open-transfer'));
    await user.type(await screen.findByLabelText('จำนวนเงิน (บาท)'), '100');
    await user.click(screen.getByTestId('transfer-submit'));
    await waitFor(() => expect(screen.getByTestId('condition-figures')).toHaveTextContent('1,900.00'));
    await nextTap();

    await user.click(screen.getByTestId('tile-collect'));
    await waitFor(() => expect(screen.getByTestId('condition-figures')).toHaveTextContent('2,600.00'));
  });
});
