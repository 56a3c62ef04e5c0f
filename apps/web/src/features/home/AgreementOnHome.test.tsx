import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { DELAYS_MS, STORAGE_KEYS } from '@wallet/contract';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OverlayContext } from '../../shared/overlays/overlays';
import { readAcceptedAgreement, rememberAcceptedAgreement } from '../../shared/agreementNote';
import { callsTo, stubFetch } from '../../test/fetchRoutes';
import { HomePage } from './HomePage';
import { memberWallet } from '../../test/member-wallet';

const VERSION = 'a'.repeat(64);
const wallet = memberWallet();

const withQueries = (element: ReactElement) =>
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{element}</QueryClientProvider>);

function renderHome(accepted: boolean) {
  const open = vi.fn(async () => undefined);
  const fetchMock = stubFetch({
    'GET /api/wallet': { body: wallet },
    'GET /api/bonus/check/active': { body: { status: false, type: null, condition: null } },
    'GET /api/spinwheel/active': { body: { isActive: false } },
    'GET /api/account/agreement': { body: { version: VERSION, accepted } },
    'POST /api/account/agreement': { body: { version: VERSION, accepted: true } },
  });
  withQueries(
    <OverlayContext.Provider value={{ open, closeAll: () => undefined, preload: async () => undefined }}>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </OverlayContext.Provider>,
  );
  return { open, fetchMock };
}

/** Home's wait before the agreement, and a little more for the answers. */
const afterAgreementDelay = () => new Promise((resolve) => setTimeout(resolve, DELAYS_MS.agreementModal + 300));

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('home asks for the agreement by what the server recorded for the member (SPEC §2)', () => {
  it('shows it to a member who has not accepted it, though this phone kept another member’s acceptance', async () => {
    rememberAcceptedAgreement({ memberId: '100777', version: VERSION });
    const { open } = renderHome(false);
    await waitFor(() => expect(open).toHaveBeenCalledWith('agreement', {}), { timeout: DELAYS_MS.agreementModal + 1_000 });
  });

  it('shows it again over an older device’s "1", which names nobody', async () => {
    localStorage.setItem(STORAGE_KEYS.rememberAgreement, '1');
    const { open } = renderHome(false);
    await waitFor(() => expect(open).toHaveBeenCalledWith('agreement', {}), { timeout: DELAYS_MS.agreementModal + 1_000 });
  });

  it('does not show it to a member the server says accepted it (another device), and notes it on this one', async () => {
    const { open } = renderHome(true);
    await afterAgreementDelay();
    expect(open).not.toHaveBeenCalled();
    expect(readAcceptedAgreement()).toEqual({ memberId: '100001', version: VERSION });
  });

  it('records rather than asks again what this member accepted on this phone, this very version', async () => {
    rememberAcceptedAgreement({ memberId: '100001', version: VERSION });
    const { open, fetchMock } = renderHome(false);
    await afterAgreementDelay();
    expect(open).not.toHaveBeenCalled();
    expect(callsTo(fetchMock, 'POST /api/account/agreement')).toHaveLength(1);
  });
});
