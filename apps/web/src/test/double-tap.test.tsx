import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Slot } from '@wallet/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DepositModal } from '../features/deposit';
import { GameAccountModal } from '../features/home/modals/GameAccountModal';
import { TransferModal } from '../features/home/modals/TransferModal';
import { WithdrawModal } from '../features/withdraw';
import { callsTo, stubFetch } from './fetchRoutes';
import { renderWithQueries } from './render';
import { memberWallet } from './member-wallet';

/**
 * A fast double tap on any money button moves money once. Each answer is held back
 * for a moment, so the second tap lands while the first call is still in flight, before React
 * has re-rendered the button as busy.
 */
const SLOW = 150;

const slot: Slot = {
  code: 'PG',
  name: 'PG Soft',
  category: 'slot',
  isActive: true,
  amount: 10,
  ftWalletSlot: 1,
  logo: '/media/providers/PG/logo.svg',
  background: '/media/providers/PG/background.svg',
  web: 'https://pg.example/play',
  android: null,
  ios: null,
  username: 'bw-pg',
  password: null,
  loginForm: false,
  balanceSyncedAt: null,
};

const wallet = memberWallet({ amount: 500, slots: [slot] });

const withdrawal = { _id: 'w1', amount: 100, currency: 'THB', status: 'in_progress', createdAt: '2026-11-23T10:00:00.000Z', bankCode: 'SCB', bankAccountNo: '1234567890', bankAccountName: 'SOMCHAI', reason: null };
const qrShown = { hasQrcode: true, qrcodeId: '5f0c6a52-1d1b-4a47-9d55-0a3f3c7a3b11', qrcode: '<svg/>', payload: '000201010212', amount: 150, expireIn: Date.now() + 900_000 };

/** Two clicks with no wait between them: the second arrives before any re-render. */
function doubleTap(element: HTMLElement) {
  fireEvent.click(element);
  fireEvent.click(element);
}

async function settle() {
  await new Promise((resolve) => setTimeout(resolve, SLOW * 3));
}

afterEach(() => vi.restoreAllMocks());

describe('a double tap moves money once', () => {
  it('transfer', async () => {
    const fetchMock = stubFetch({ 'POST /api/wallet/transfer': { body: { message: 'SUCCESS' }, delayMs: SLOW } });
    renderWithQueries(<TransferModal walletAmount={500} slots={[slot]} onClose={() => {}} />);
    await userEvent.setup().type(screen.getByLabelText('จำนวนเงิน (บาท)'), '10');
    doubleTap(screen.getByTestId('transfer-submit'));
    await settle();
    expect(callsTo(fetchMock, 'POST /api/wallet/transfer')).toHaveLength(1);
  });

  it('withdraw (withdrawAll)', async () => {
    const fetchMock = stubFetch({
      'GET /api/lookup/withdraw': { body: { withdrawMin: 100, withdrawMax: 50_000, currencies: { THB: { withdrawMin: 100, withdrawMax: 50_000 } } } },
      'POST /api/wallet/withdrawAll': { body: { message: 'SUCCESS', withdrawal }, delayMs: SLOW },
    });
    renderWithQueries(<WithdrawModal wallet={wallet} total={510} onClose={() => {}} />);
    await vi.waitFor(() => expect(screen.getByTestId('withdraw-submit')).toBeEnabled());
    await userEvent.setup().type(screen.getByLabelText('จำนวนเงิน (บาท)'), '100');
    doubleTap(screen.getByTestId('withdraw-submit'));
    await settle();
    expect(callsTo(fetchMock, 'POST /api/wallet/withdrawAll')).toHaveLength(1);
  });

  it('transfer-only (after its confirmation) and play', async () => {
    const fetchMock = stubFetch({
      'GET /api/wallet/account/PG': { body: { username: 'bw-pg', password: 'secret', event: null } },
      'POST /api/wallet/transfer': { body: { message: 'SUCCESS' }, delayMs: SLOW },
    });
    vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithQueries(<GameAccountModal slot={slot} walletAmount={500} onClose={() => {}} />);
    fireEvent.click(screen.getByTestId('transfer-only'));
    expect(callsTo(fetchMock, 'POST /api/wallet/transfer')).toHaveLength(0);
    doubleTap(await screen.findByTestId('confirm-yes'));
    await settle();
    expect(callsTo(fetchMock, 'POST /api/wallet/transfer')).toHaveLength(1);

    // Play asks first too (the whole wallet moves); its "move and play" is the money button.
    doubleTap(screen.getByTestId('play-game'));
    doubleTap(await screen.findByTestId('confirm-yes'));
    await settle();
    expect(callsTo(fetchMock, 'POST /api/wallet/transfer')).toHaveLength(2);
  });

  it('QR create, gift link and deposit notice', async () => {
    const fetchMock = stubFetch({
      'GET /api/lookup/deposit': {
        body: {
          banks: [{ bankCode: 'KBANK', bankType: 'QR', mode: 'AUTO', currency: 'THB', bankName: 'กสิกรไทย', bankNameEN: 'Kasikornbank', bankNameLO: 'Kasikornbank', bankAccountNo: '', bankAccountName: '', creditsByItself: false }],
          wallets: [{ mode: 'GIFT', walletAccountNo: null, walletAccountName: 'TrueMoney' }],
          isManual: true,
          minimum: 1,
          currencies: { THB: { minimum: 1, quickPicks: [10, 20, 50, 100, 500, 1000] } },
        },
      },
      'GET /api/qrcode/KBANK': { body: { hasQrcode: false } },
      'POST /api/qrcode/KBANK': { body: qrShown, delayMs: SLOW },
      'POST /api/wallet/truelink': { body: { message: 'SUCCESS', amount: 50 }, delayMs: SLOW },
      'POST /api/wallet/add': { body: { message: 'SUCCESS', notice: { _id: 'n1', amount: 300, status: 'in_progress', createdAt: '2026-11-23T10:00:00.000Z', reason: null } }, delayMs: SLOW },
    });
    const user = userEvent.setup();
    renderWithQueries(<DepositModal onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('deposit-method-KBANK'));
    await user.click(await screen.findByTestId('pick-500'));
    doubleTap(screen.getByTestId('create-qr'));
    await settle();
    expect(callsTo(fetchMock, 'POST /api/qrcode/KBANK')).toHaveLength(1);
    cleanupAndRender();

    fireEvent.click(await screen.findByTestId('deposit-method-truelink'));
    await user.type(screen.getByRole('textbox'), 'https://gift.truemoney.com/campaign/?v=abc123');
    doubleTap(screen.getByTestId('send-truelink'));
    await settle();
    expect(callsTo(fetchMock, 'POST /api/wallet/truelink')).toHaveLength(1);
    cleanupAndRender();

    fireEvent.click(await screen.findByTestId('deposit-method-notice'));
    await user.type(screen.getByRole('textbox'), '300');
    doubleTap(screen.getByTestId('send-notice'));
    await settle();
    expect(callsTo(fetchMock, 'POST /api/wallet/add')).toHaveLength(1);

    function cleanupAndRender() {
      cleanup();
      renderWithQueries(<DepositModal onClose={() => {}} />);
    }
  });
});
