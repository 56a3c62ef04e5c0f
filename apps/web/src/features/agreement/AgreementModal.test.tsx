import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readAcceptedAgreement } from '../../shared/agreementNote';
import { callsTo, stubFetch } from '../../test/fetchRoutes';
import { AgreementModal } from './AgreementModal';
import { memberWallet } from '../../test/member-wallet';

const VERSION = 'a'.repeat(64);
const CHANGED = 'b'.repeat(64);
const wallet = memberWallet();

const withQueries = (element: ReactElement) =>
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{element}</QueryClientProvider>);

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('the agreement modal', () => {
  it('records the version it showed for the member, notes it on this phone and closes', async () => {
    const fetchMock = stubFetch({
      'GET /api/wallet': { body: wallet },
      'GET /api/lookup/agreements': { body: { agreements: ['<p>Rules</p>'] } },
      'GET /api/account/agreement': { body: { version: VERSION, accepted: false } },
      'POST /api/account/agreement': { body: { version: VERSION, accepted: true } },
    });
    const onClose = vi.fn();
    withQueries(<AgreementModal onClose={onClose} />);
    const accept = await screen.findByTestId('agreement-accept');
    await waitFor(() => expect(accept).toBeEnabled());
    fireEvent.click(accept);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [, init] = callsTo(fetchMock, 'POST /api/account/agreement')[0]!;
    expect(JSON.parse(String(init!.body))).toEqual({ version: VERSION });
    expect(readAcceptedAgreement()).toEqual({ memberId: '100001', version: VERSION });
  });

  it('stays open with the new text when the agreement changed since it was shown', async () => {
    let current = VERSION;
    const fetchMock = stubFetch({
      'GET /api/wallet': { body: wallet },
      'GET /api/lookup/agreements': { body: { agreements: ['<p>Rules</p>'] } },
      'GET /api/account/agreement': () => ({ body: { version: current, accepted: false } }),
      'POST /api/account/agreement': () => ({ status: 409, body: { message: 'AGREEMENT_CHANGED' } }),
    });
    const onClose = vi.fn();
    withQueries(<AgreementModal onClose={onClose} />);
    const accept = await screen.findByTestId('agreement-accept');
    await waitFor(() => expect(accept).toBeEnabled());
    current = CHANGED;
    fireEvent.click(accept);
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/account/agreement')).toHaveLength(2));
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/lookup/agreements').length).toBeGreaterThanOrEqual(2));
    expect(onClose).not.toHaveBeenCalled();
    expect(readAcceptedAgreement()).toBeNull();
    expect(screen.getByTestId('agreement-modal')).toBeInTheDocument();
  });
});
