import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OverlayContext } from '../../shared/overlays/overlays';
import { stubFetch } from '../../test/fetchRoutes';
import { HomePage } from './HomePage';
import { FIRST_READS_WAIT_MS } from './useDrawnWhole';
import { memberWallet } from '../../test/member-wallet';

const wallet = memberWallet({ amount: 30_000 });

afterEach(() => vi.restoreAllMocks());

describe('the withdraw tile', () => {
  // The form shows what can be withdrawn: a tap before the wallet is in opened nothing, and said nothing.
  // Home waits a while for its first reads before it is drawn without them; this wallet comes later.
  it('is disabled until the wallet is in, then opens the withdrawal with it', async () => {
    const open = vi.fn(async () => undefined);
    stubFetch({
      'GET /api/wallet': { body: wallet, delayMs: FIRST_READS_WAIT_MS + 500 },
      'GET /api/bonus/check/active': { body: { status: false, type: null, condition: null } },
      'GET /api/spinwheel/active': { body: { isActive: false } },
      'GET /api/account/agreement': { body: { version: 'a'.repeat(64), accepted: true } },
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <OverlayContext.Provider value={{ open, closeAll: () => undefined, preload: async () => undefined }}>
          <MemoryRouter>
            <HomePage />
          </MemoryRouter>
        </OverlayContext.Provider>
      </QueryClientProvider>,
    );
    const tile = await screen.findByTestId('tile-withdraw', {}, { timeout: FIRST_READS_WAIT_MS + 400 });
    expect(tile).toBeDisabled();
    fireEvent.click(tile);
    expect(open).not.toHaveBeenCalled();
    await waitFor(() => expect(tile).toBeEnabled(), { timeout: 1000 });
    fireEvent.click(tile);
    expect(open).toHaveBeenCalledWith('withdraw', { wallet, total: 30_000 });
  });
});
