import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../shared/i18n';
import { keepWords } from '../../shared/i18n/keepWords';
import { callsTo, stubFetch } from '../../test/fetchRoutes';
import { renderWithQueries } from '../../test/render';
import { DepositModal } from './DepositModal';
import { memberWallet } from '../../test/member-wallet';

const wallet = memberWallet({ bankAccount: { bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank', nameLO: 'ກະສິກອນໄທ' }, bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE', bankAccountNo: '1234567890' } });
const autoBank = { bankCode: 'SCB', bankType: 'BANK', mode: 'AUTO', currency: 'THB', bankName: 'ไทยพาณิชย์', bankNameEN: 'SCB', bankNameLO: 'SCB', bankAccountNo: '4061234567', bankAccountName: 'BAHT WALLET CO LTD', creditsByItself: true };
const qrBank = { bankCode: 'KBANK', bankType: 'QR', mode: 'AUTO', currency: 'THB', bankName: 'กสิกรไทย', bankNameEN: 'Kasikornbank', bankNameLO: 'Kasikornbank', bankAccountNo: '', bankAccountName: '', creditsByItself: false };
const lookup = (banks: object[]) => ({ banks, wallets: [], isManual: false, minimum: 1, currencies: { THB: { minimum: 1, quickPicks: [100] } } });
const deposit = (id: string, from: string, amount: number) => ({ _id: id, statementType: 'deposit', from, to: 'WALLET', status: 'SUCCESS', amount, createdAt: '2026-11-29T10:00:00.000Z', reason: null });
/** The member's deposits: what each read of the statement answers, the last one repeated. */
const statementReads = (...reads: object[][]) => {
  let read = 0;
  return () => {
    const statements = reads[Math.min(read++, reads.length - 1)]!;
    return { body: { total: statements.length, statements } };
  };
};

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('th');
});

describe('a bank account that credits by itself', () => {
  it.each([
    ['th', 'โอนจากบัญชีที่ลงทะเบียนไว้ ธนาคารกสิกรไทย •••7890 ยอดจะเข้าเองภายในประมาณ 1 นาที ไม่ต้องแนบสลิป'],
    ['lo', 'ໂອນຈາກບັນຊີທີ່ລົງທະບຽນໄວ້ ກະສິກອນໄທ •••7890. ເງິນຈະເຂົ້າເອງພາຍໃນປະມານ 1 ນາທີ, ບໍ່ຕ້ອງແນບສະລິບ.'],
    ['en', 'Transfer from your registered account, Kasikornbank •••7890. It arrives by itself in about a minute; no slip needed.'],
  ])('tells the member in %s to transfer from the registered account, without a slip', async (language, words) => {
    await i18n.changeLanguage(language);
    stubFetch({ 'GET /api/lookup/deposit': { body: lookup([autoBank]) }, 'GET /api/wallet': { body: wallet }, 'POST /api/statement': statementReads([]) });
    renderWithQueries(<DepositModal onClose={() => {}} />);
    const card = await screen.findByTestId('deposit-auto-bank-SCB');
    await waitFor(() => expect(within(card).getByTestId('deposit-account-hint')).toHaveTextContent(keepWords(words)));
  });

  it('shows the transfer when it lands while the screen is open, and reloads the balance', async () => {
    const fetchMock = stubFetch({
      'GET /api/lookup/deposit': { body: lookup([autoBank]) },
      'GET /api/wallet': { body: wallet },
      // A slip credited before the screen opened is old news; the bank transfer arrives at the second read.
      'POST /api/statement': statementReads([deposit('d-1', 'SLIP', 100)], [deposit('d-2', 'BANK', 500), deposit('d-1', 'SLIP', 100)]),
    });
    renderWithQueries(<DepositModal onClose={() => {}} />);
    await screen.findByTestId('deposit-auto-bank-SCB');
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/statement')).toHaveLength(1));
    expect(screen.queryByTestId('deposit-bank-received')).not.toBeInTheDocument();
    const walletReads = callsTo(fetchMock, 'GET /api/wallet').length;
    const received = await screen.findByTestId('deposit-bank-received', {}, { timeout: 8000 });
    expect(within(received).getByTestId('deposit-bank-received-amount')).toHaveTextContent('500.00');
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/statement')[0]![1]!.body))).toMatchObject({ page: 1, type: 'deposit' });
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/wallet').length).toBeGreaterThan(walletReads));
  });

  it('does not announce a deposit of another way in, nor watch when no account credits by itself', async () => {
    const fetchMock = stubFetch({
      'GET /api/lookup/deposit': { body: lookup([qrBank]) },
      'GET /api/wallet': { body: wallet },
      'POST /api/statement': statementReads([], [deposit('d-3', 'SLIP', 100)]),
    });
    renderWithQueries(<DepositModal onClose={() => {}} />);
    await screen.findByTestId('deposit-method-KBANK');
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(callsTo(fetchMock, 'POST /api/statement')).toHaveLength(0);
    expect(screen.queryByTestId('deposit-bank-received')).not.toBeInTheDocument();
  });
});
