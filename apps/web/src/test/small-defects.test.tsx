import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Slot, WalletResponse } from '@wallet/contract';
import i18n from 'i18next';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DepositModal } from '../features/deposit';
import { WithdrawModal } from '../features/withdraw';
import { stubFetch } from './fetchRoutes';

/** Issue 8 §4: defects seen in the deposit and withdraw overlays. */
const wallet: WalletResponse = {
  profile: { name: 'Somchai', username: '0812345678', coin: 0, _id: '100001' },
  bankAccount: { bank: { nameTH: 'ธนาคารไทยพาณิชย์', nameEN: 'Siam Commercial Bank' }, bankCode: 'SCB', bankAccountName: 'SOMCHAI', bankAccountNo: '1234567890' },
  wallet: { amount: 500 },
  invite: { amount: 0, success: 0, fail: 0 },
  slots: [],
};

function renderWithQueries(element: ReactElement) {
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{element}</QueryClientProvider>);
}

const depositLookup = {
  banks: [{ bankCode: 'KBANK', bankType: 'QR', mode: 'AUTO', currency: 'THB', bankName: 'กสิกรไทย', bankNameEN: 'Kasikornbank', bankAccountNo: '', bankAccountName: '' }],
  wallets: [{ mode: 'GIFT', walletAccountNo: null, walletAccountName: 'TrueMoney' }],
  isManual: false,
  minimum: 1,
};

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('th');
});

describe('small defects in the money overlays', () => {
  it('names the withdrawal bank in the screen language', async () => {
    stubFetch({ 'GET /api/lookup/withdraw': { body: { withdrawMin: 100, withdrawMax: 50_000 } } });
    renderWithQueries(<WithdrawModal wallet={wallet} total={500} onClose={() => {}} />);
    expect(screen.getByTestId('withdraw-bank')).toHaveTextContent('ธนาคารไทยพาณิชย์');
    await i18n.changeLanguage('en');
    expect(await screen.findByText('Siam Commercial Bank')).toBeInTheDocument();
    await i18n.changeLanguage('lo');
    expect(screen.getByTestId('withdraw-bank')).toHaveTextContent('Siam Commercial Bank');
  });

  it('gives the gift-link form its own hint, not the wallet-transfer one', async () => {
    stubFetch({ 'GET /api/lookup/deposit': { body: depositLookup } });
    renderWithQueries(<DepositModal onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('deposit-method-truelink'));
    expect(screen.getByText(/วางลิงก์ที่นี่/)).toBeInTheDocument();
    expect(screen.queryByText(/ส่งจากเบอร์ที่ลงทะเบียน/)).toBeNull();
  });

  it('keeps the bank-QR create button inactive for an amount under 1 baht', async () => {
    stubFetch({ 'GET /api/lookup/deposit': { body: depositLookup }, 'GET /api/qrcode/KBANK': { body: { hasQrcode: false } } });
    renderWithQueries(<DepositModal onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('deposit-method-KBANK'));
    const amount = await screen.findByRole('textbox');
    const user = userEvent.setup();
    await user.type(amount, '0.5');
    expect(screen.getByTestId('create-qr')).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '1');
    expect(screen.getByTestId('create-qr')).toBeEnabled();
  });
});

describe('toasts of one call', () => {
  it('replace each other: a success does not stack over the stale error of the same action', async () => {
    const { Toaster } = await import('sonner');
    const { GameAccountModal } = await import('../features/home/modals/GameAccountModal');
    let attempt = 0;
    stubFetch({
      'GET /api/wallet/account/PG': { body: { username: 'bw-pg', password: 'secret', event: null } },
      'POST /api/wallet/transfer': () => (++attempt === 1 ? { status: 502, body: { message: 'TRANSFER_FAIL' } } : { body: { message: 'SUCCESS' } }),
    });
    const slot: Slot = { code: 'PG', name: 'PG Soft', category: 'slot', isActive: true, amount: 0, ftWalletSlot: 1, logo: '', background: '', web: null, android: null, ios: null, username: 'bw-pg', password: null, loginForm: false, balanceSyncedAt: null };
    renderWithQueries(
      <>
        <Toaster />
        <GameAccountModal slot={slot} walletAmount={50} onClose={() => {}} />
      </>,
    );
    const moveOnce = async () => {
      fireEvent.click(screen.getByTestId('transfer-only'));
      fireEvent.click(await screen.findByTestId('confirm-yes'));
    };
    await moveOnce();
    expect(await screen.findByText(i18n.t('errors.TRANSFER_FAIL'))).toBeInTheDocument();
    await moveOnce();
    expect(await screen.findByText(i18n.t('game.transferred', { name: 'PG Soft' }))).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByText(i18n.t('errors.TRANSFER_FAIL'))).toBeNull());
  });
});
