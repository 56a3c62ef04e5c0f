import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../shared/i18n';
import { keepWords } from '../../shared/i18n/keepWords';
import { stubFetch } from '../../test/fetchRoutes';
import { renderWithQueries } from '../../test/render';
import { DepositModal } from './DepositModal';

const gateway = (code: string) => ({ bankCode: code, bankType: 'GATEWAY', mode: 'AUTO', currency: 'THB', bankName: code, bankNameEN: code, bankNameLO: code, bankAccountNo: '', bankAccountName: '', creditsByItself: false });
const depositLookup = {
  banks: [
    { bankCode: 'KBANK', bankType: 'QR', mode: 'AUTO', currency: 'THB', bankName: 'กสิกรไทย', bankNameEN: 'Kasikornbank', bankNameLO: 'Kasikornbank', bankAccountNo: '', bankAccountName: '', creditsByItself: false },
    gateway('WW'),
    gateway('ZAPMAN'),
  ],
  wallets: [],
  isManual: false,
  minimum: 1,
  currencies: { THB: { minimum: 1, quickPicks: [10, 20, 50, 100, 500, 1000] } },
};

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('th');
});

describe('deposit names and messages', () => {
  it.each([
    ['th', 'QR พร้อมเพย์ ช่องทาง 1', 'QR พร้อมเพย์ ช่องทาง 2'],
    ['lo', 'QR ພ້ອມເພ ຊ່ອງທາງ 1', 'QR ພ້ອມເພ ຊ່ອງທາງ 2'],
    ['en', 'PromptPay QR, channel 1', 'PromptPay QR, channel 2'],
  ])('names the payment gateways in %s, never by their codes', async (language, first, second) => {
    await i18n.changeLanguage(language);
    stubFetch({ 'GET /api/lookup/deposit': { body: depositLookup } });
    renderWithQueries(<DepositModal onClose={() => {}} />);
    // The app keeps listed words whole on a line with invisible marks (keepWords).
    expect(await screen.findByTestId('deposit-method-WW')).toHaveTextContent(keepWords(first));
    expect(screen.getByTestId('deposit-method-ZAPMAN')).toHaveTextContent(keepWords(second));
    expect(screen.getByTestId('deposit-methods')).not.toHaveTextContent(/WW|ZAPMAN/);
  });

  it('says the gateway minimum when the create button is dimmed under it', async () => {
    stubFetch({ 'GET /api/lookup/deposit': { body: depositLookup }, 'GET /api/qrcode/WW': { body: { hasQrcode: false } } });
    renderWithQueries(<DepositModal onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('deposit-method-WW'));
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox'), '50');
    expect(screen.getByTestId('create-qr')).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('ขั้นต่ำ 100.00 บาท');
  });

  it('says so, with both amounts, when the QR asks a few satang more than the member typed', async () => {
    const shown = { hasQrcode: true, qrcodeId: '0b6f5c1e-3a55-4f0e-9a51-6c1d2e3f4a5b', qrcode: '<svg/>', payload: '000201010212', amount: 333.01, expireIn: Date.now() + 900_000 };
    let created = false;
    stubFetch({
      'GET /api/lookup/deposit': { body: depositLookup },
      'GET /api/qrcode/KBANK': () => ({ body: created ? shown : { hasQrcode: false } }),
      'POST /api/qrcode/KBANK': () => {
        created = true;
        return { body: shown };
      },
    });
    renderWithQueries(<DepositModal onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('deposit-method-KBANK'));
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox'), '333');
    await user.click(screen.getByTestId('create-qr'));
    expect(await screen.findByTestId('qr-amount-adjusted')).toHaveTextContent(/333\.00.*333\.01/);
  });

  it('says a QR expired instead of returning silently to amount entry', async () => {
    const shown = { hasQrcode: true, qrcodeId: '5f0c6a52-1d1b-4a47-9d55-0a3f3c7a3b11', qrcode: '<svg/>', payload: '000201010212', amount: 150, expireIn: Date.now() + 1200 };
    stubFetch({ 'GET /api/lookup/deposit': { body: depositLookup }, 'GET /api/qrcode/KBANK': { body: shown } });
    renderWithQueries(<DepositModal onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('deposit-method-KBANK'));
    expect(await screen.findByTestId('qr-shown')).toBeInTheDocument();
    expect(await screen.findByTestId('qr-expired', {}, { timeout: 3000 })).toHaveTextContent('QR หมดเวลาแล้ว');
    expect(screen.getByTestId('create-qr')).toBeInTheDocument();
  });
});
