import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Slot, amountBody } from '@wallet/contract';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DepositModal } from '../features/deposit';
import { totalBalance } from '../features/home/balances';
import { WithdrawModal } from '../features/withdraw';
import { stubFetch } from './fetchRoutes';
import { renderWithQueries } from './render';
import { nextTap } from './taps';
import { memberWallet } from './member-wallet';

/** Defects seen in the deposit and withdraw overlays. */
const wallet = memberWallet({ amount: 500 });

const depositLookup = {
  banks: [{ bankCode: 'KBANK', bankType: 'QR', mode: 'AUTO', currency: 'THB', bankName: 'กสิกรไทย', bankNameEN: 'Kasikornbank', bankNameLO: 'Kasikornbank', bankAccountNo: '', bankAccountName: '', creditsByItself: false }],
  wallets: [{ mode: 'GIFT', walletAccountNo: null, walletAccountName: 'TrueMoney' }],
  isManual: false,
  minimum: 1,
  currencies: { THB: { minimum: 1, quickPicks: [10, 20, 50, 100, 500, 1000] } },
};

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('th');
});

describe('small defects in the money overlays', () => {
  it('names the withdrawal bank in the screen language', async () => {
    stubFetch({ 'GET /api/lookup/withdraw': { body: { withdrawMin: 100, withdrawMax: 50_000, currencies: { THB: { withdrawMin: 100, withdrawMax: 50_000 } } } } });
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
    const slot: Slot = { code: 'PG', name: 'PG Soft', category: 'slot', isActive: true, amount: 0, ftWalletSlot: 1, logo: '/media/providers/PG/logo.svg', background: '/media/providers/PG/background.svg', web: null, android: null, ios: null, username: 'bw-pg', password: null, loginForm: false, balanceSyncedAt: null };
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
    await nextTap();
    await moveOnce();
    expect(await screen.findByText(i18n.t('game.transferred', { name: 'PG Soft' }))).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByText(i18n.t('errors.TRANSFER_FAIL'))).toBeNull());
  });
});

describe('money in the web is never added as floats', () => {
  it('sums a withdrawal of everything to the exact total, which the contract’s own parser accepts', async () => {
    const slot = { code: 'PG', name: 'PG Soft', category: 'slot', isActive: true, amount: 2.2, ftWalletSlot: 1, logo: '/media/providers/PG/logo.svg', background: '/media/providers/PG/background.svg', web: null, loginForm: false };
    const total = totalBalance(1.1, [slot as Slot]);
    expect(total).toBe(3.3);
    const sent: unknown[] = [];
    stubFetch({
      'GET /api/lookup/withdraw': { body: { withdrawMin: 1, withdrawMax: 50000, currencies: { THB: { withdrawMin: 1, withdrawMax: 50000 } } } },
      'POST /api/wallet/withdrawAll': (init) => {
        sent.push(JSON.parse(String(init.body)));
        return { body: { message: 'SUCCESS', withdrawal: { _id: 'w1', amount: 3.3, currency: 'THB', status: 'in_progress', createdAt: new Date().toISOString(), bankCode: 'SCB', bankAccountNo: '1234567890', bankAccountName: 'SOMCHAI', reason: null } } };
      },
    });
    renderWithQueries(<WithdrawModal wallet={{ ...wallet, wallet: { amount: 1.1, currency: 'THB' } }} total={total} onClose={() => {}} />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox'), String(total));
    await user.click(screen.getByTestId('withdraw-submit'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ amount: 3.3 });
    expect(amountBody.parse(sent[0])).toEqual({ amount: 330n });
  });

  it('asks a kip member for whole kip before sending a withdrawal', async () => {
    const fetchMock = stubFetch({ 'GET /api/lookup/withdraw': { body: { withdrawMin: 50_000, withdrawMax: 30_000_000, currencies: { LAK: { withdrawMin: 50_000, withdrawMax: 30_000_000 } } } } });
    renderWithQueries(<WithdrawModal wallet={{ ...wallet, wallet: { amount: 100_000, currency: 'LAK' } }} total={100_000} onClose={() => {}} />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox'), '60000.5');
    await waitFor(() => expect(screen.getByTestId('withdraw-submit')).toBeEnabled());
    await user.click(screen.getByTestId('withdraw-submit'));
    expect(screen.getByTestId('withdraw-error')).toHaveTextContent('จำนวนเงินกีบต้องเป็นจำนวนเต็ม ไม่มีทศนิยม');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });
});

