import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@wallet/contract';
import type { ReactElement } from 'react';
import { MemoryRouter, RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../app/router';
import { DepositModal } from '../features/deposit';
import { countdownMoment } from '../features/deposit/DepositModal';
import { invalidateMoneyViews } from '../shared/api/wallet';
import { readAcceptedAgreement } from '../shared/agreementNote';
import { clearSession, readToken, saveToken } from '../shared/storage';
import { AgreementModal } from '../features/agreement/AgreementModal';
import { TextField } from '../shared/ui/Field';
import { SelectField } from '../shared/ui/LaterFields';
import { Money } from '../shared/ui/Money';
import { stubFetch } from './fetchRoutes';
import { memberWallet } from './member-wallet';

/** Small defects members met in the member app: the last update, selects, how-to, the QR countdown. */
afterEach(() => vi.restoreAllMocks());

const withQueries = (element: ReactElement) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('small defects members met', () => {
  it('marks a total with the member’s currency sign, and reads the unit’s name', () => {
    withQueries(<Money withMark value={1234.5} testId="total-balance" />);
    expect(screen.getByTestId('total-balance')).toHaveTextContent('1,234.50');
    expect(screen.getByTestId('total-balance-mark')).toHaveTextContent('฿');
    expect(screen.getByTestId('total-balance-marked')).toHaveTextContent('บาท');
  });

  it('draws a chosen select value as a value, not dimmed like a placeholder (CSS :read-only matches every select)', () => {
    render(
      <>
        <SelectField label="bank" defaultValue="SCB">
          <option value="SCB">SCB</option>
        </SelectField>
        <TextField label="name" readOnly />
      </>,
    );
    expect(screen.getByRole('combobox').className).not.toMatch(/read-only:/);
    expect(screen.getByRole('textbox').className).toMatch(/read-only:opacity/);
  });

  it('moves home’s "updated" time whenever the money figures are read again (a deposit, a transfer)', async () => {
    localStorage.setItem(STORAGE_KEYS.lastSync, '2020-01-01T00:00:00.000Z');
    await invalidateMoneyViews(new QueryClient());
    expect(Date.now() - Date.parse(localStorage.getItem(STORAGE_KEYS.lastSync) ?? '')).toBeLessThan(5_000);
  });

  it('offers how-to inside the member shell, from the member’s contact screen, keeping the member signed in', async () => {
    stubFetch({ 'GET /api/lookup/contact': { body: { text: '', qrImage: null } } });
    saveToken('member-token', true);
    const router = createMemoryRouter(routes, { initialEntries: ['/user/contact'] });
    render(<RouterProvider router={router} />);
    await userEvent.setup().click(await screen.findByTestId('member-howto', {}, { timeout: 10_000 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'วิธีใช้งาน' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/howto');
    expect(readToken()).toBe('member-token');
  });

  it('tells a screen reader the QR’s time left at whole minutes, 30 and 10 seconds, not every second', async () => {
    expect(Array.from({ length: 181 }, (_, second) => countdownMoment(second)).flatMap((moment, second) => (moment ? [second] : []))).toEqual([10, 30, 60, 120, 180]);
    stubFetch({
      'GET /api/lookup/deposit': {
        body: {
          banks: [{ bankCode: 'KBANK', bankType: 'QR', mode: 'AUTO', currency: 'THB', bankName: 'กสิกรไทย', bankNameEN: 'Kasikornbank', bankNameLO: 'Kasikornbank', bankAccountNo: '', bankAccountName: '', creditsByItself: false }],
          wallets: [],
          isManual: false,
          minimum: 1,
          currencies: { THB: { minimum: 1, quickPicks: [10, 20, 50, 100, 500, 1000] } },
        },
      },
      // Two minutes from when the QR is asked for (not from when the test began, which a busy machine makes seconds earlier).
      'GET /api/qrcode/KBANK': () => ({ body: { hasQrcode: true, qrcodeId: '5f0c6a52-1d1b-4a47-9d55-0a3f3c7a3b11', qrcode: '<svg/>', payload: '000201010212', amount: 150, expireIn: Date.now() + 120_000 } }),
    });
    withQueries(<DepositModal onClose={() => {}} />);
    (await screen.findByTestId('deposit-method-KBANK')).click();
    const clock = await screen.findByTestId('qr-countdown');
    expect(clock).not.toHaveAttribute('aria-live');
    const spoken = screen.getByTestId('qr-countdown-announcement');
    expect(spoken).toHaveAttribute('aria-live', 'polite');
    expect(spoken).toHaveTextContent('เหลือเวลาชำระ 2 นาที');
  });

  it('keeps the accepted agreement on this device through a logout', async () => {
    const version = 'a'.repeat(64);
    stubFetch({
      'GET /api/lookup/agreements': { body: { agreements: ['<p>Rules</p>'] } },
      'GET /api/account/agreement': { body: { version, accepted: false } },
      'POST /api/account/agreement': { body: { version, accepted: true } },
      'GET /api/wallet': {
        body: memberWallet(),
      },
    });
    const onClose = vi.fn();
    withQueries(<AgreementModal onClose={onClose} />);
    const accept = await screen.findByTestId('agreement-accept');
    await vi.waitFor(() => expect(accept).toBeEnabled());
    await userEvent.setup().click(accept);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    saveToken('member-token', true);
    clearSession();
    expect(readAcceptedAgreement()).toEqual({ memberId: '100001', version });
  });
});
