import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StatementEntry } from '@wallet/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../shared/i18n';
import { callsTo, stubFetch } from '../../test/fetchRoutes';
import { renderWithQueries } from '../../test/render';
import { StatementPage } from './StatementPage';
import { memberWallet } from '../../test/member-wallet';

const wallet = memberWallet({ amount: 500, bankAccount: { bank: { nameTH: 'ธนาคารกรุงไทย', nameEN: 'Krungthai Bank', nameLO: 'Krungthai Bank' }, bankCode: 'KTB', bankAccountName: 'SOMCHAI', bankAccountNo: '1234567890' } });
const banks = { banks: [{ code: 'KTB', nameTH: 'ธนาคารกรุงไทย', nameEN: 'Krungthai Bank', nameLO: 'ທະນາຄານກຸງໄທ', slipCode: '006', country: 'TH' }] };
// 00:00:00 on 10 March 2026 in Bangkok.
const AT = '2026-03-09T17:00:00.000Z';
const refusedWithdrawal: StatementEntry = { _id: 'w1', statementType: 'withdraw', from: 'WALLET', to: 'KTB', status: 'FAILED', amount: 2900, createdAt: AT, reason: 'TRANSFER_FAIL', reference: 'W7K2M9QX' };
const bonus: StatementEntry = { _id: 'b1', statementType: 'bonus', from: 'PROMOTION', to: 'WALLET', status: 'SUCCESS', amount: 50, createdAt: AT, reason: null, promotion: { code: 'NEWYEAR', description: 'New year code' } };

function renderStatement(pages: (body: Record<string, unknown>) => { total: number; statements: StatementEntry[] }) {
  const fetchMock = stubFetch({
    'POST /api/statement': (init) => ({ body: pages(JSON.parse(String(init.body)) as Record<string, unknown>) }),
    'GET /api/wallet': { body: wallet },
    'GET /api/lookup/banks': { body: banks },
  });
  renderWithQueries(<StatementPage />);
  return fetchMock;
}

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('th');
});

describe('statement receipt', () => {
  it.each([
    ['th', 'ถอนเงิน', '−฿2,900.00', 'ไม่สำเร็จ', '10 มีนาคม 2026 เวลา 00:00:00', 'กระเป๋าหลัก', 'ธนาคารกรุงไทย'],
    ['lo', 'ຖອນເງິນ', '−฿2,900.00', 'ບໍ່ສຳເລັດ', '10 ມີນາ 2026 ເວລາ 00:00:00', 'ກະເປົາຫຼັກ', 'ທະນາຄານກຸງໄທ'],
    ['en', 'Withdrawal', '−฿2,900.00', 'Failed', '10 March 2026 at 00:00:00', 'Main wallet', 'Krungthai Bank'],
  ])('in %s: type, signed amount with currency, status, refusal, time (UTC+7), from and to by name, reference to copy', async (language, type, amount, status, when, from, to) => {
    await i18n.changeLanguage(language);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderStatement(() => ({ total: 1, statements: [refusedWithdrawal] }));
    await waitFor(() => expect(screen.getByTestId('statement-line')).toHaveTextContent(to));
    // The line shows the reference too.
    expect(screen.getByTestId('statement-reference')).toHaveTextContent('W7K2-M9QX');
    fireEvent.click(screen.getByTestId('statement-line'));
    const receipt = await screen.findByTestId('statement-receipt');
    expect(receipt).toHaveTextContent(type);
    expect(within(receipt).getByTestId('receipt-amount')).toHaveTextContent(amount);
    expect(within(receipt).getByTestId('receipt-status')).toHaveTextContent(status);
    expect(within(receipt).getByTestId('receipt-refused')).toHaveTextContent(i18n.t('errors.TRANSFER_FAIL'));
    expect(within(receipt).getByTestId('receipt-refused')).toHaveTextContent('+2,900.00');
    expect(within(receipt).getByTestId('receipt-when')).toHaveTextContent(`${when} (UTC+7)`);
    expect(within(receipt).getByTestId('receipt-from')).toHaveTextContent(from);
    expect(within(receipt).getByTestId('receipt-to')).toHaveTextContent(to);
    expect(within(receipt).getByTestId('receipt-reference-value')).toHaveTextContent('W7K2-M9QX');
    expect(receipt).not.toHaveTextContent(/statement\.|errors\./);
    fireEvent.click(within(receipt).getByTestId('receipt-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('W7K2-M9QX'));
  });

  it('names a bonus line\'s related item, and has no reference for it', async () => {
    renderStatement(() => ({ total: 1, statements: [bonus] }));
    fireEvent.click(await screen.findByTestId('statement-line'));
    const receipt = await screen.findByTestId('statement-receipt');
    expect(within(receipt).getByTestId('receipt-related')).toHaveTextContent('New year code');
    expect(within(receipt).getByTestId('receipt-amount')).toHaveTextContent('+฿50.00');
    expect(within(receipt).queryByTestId('receipt-reference')).toBeNull();
  });
});

describe('statement filters', () => {
  const line = (id: string): StatementEntry => ({ _id: id, statementType: 'deposit', from: 'OPERATOR', to: 'WALLET', status: 'SUCCESS', amount: 10, createdAt: AT, reason: null, reference: 'D7K2M9QX' });

  it('are sent to the server, and a new filter goes back to page 1', async () => {
    const fetchMock = renderStatement((body) => ({ total: 25, statements: [line(`p${String(body.page)}`)] }));
    const pages = await screen.findByRole('navigation');
    fireEvent.click(within(pages).getByText('2'));
    await waitFor(() => expect(within(pages).getByText('2')).toHaveAttribute('aria-current', 'page'));
    fireEvent.click(screen.getByTestId('filter-type-withdraw'));
    await waitFor(() => expect(within(screen.getByRole('navigation')).getByText('1')).toHaveAttribute('aria-current', 'page'));
    const bodies = callsTo(fetchMock, 'POST /api/statement').map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
    expect(bodies.at(-1)).toEqual({ page: 1, limit: 10, type: 'withdraw' });

    // A period: today back to 6 days before, in member days; back to page 1 again.
    fireEvent.click(within(screen.getByRole('navigation')).getByText('2'));
    await waitFor(() => expect(within(screen.getByRole('navigation')).getByText('2')).toHaveAttribute('aria-current', 'page'));
    fireEvent.click(screen.getByTestId('filter-period-week'));
    await waitFor(() => {
      const last = JSON.parse(String(callsTo(fetchMock, 'POST /api/statement').at(-1)?.[1]?.body)) as Record<string, unknown>;
      expect(last).toMatchObject({ page: 1, type: 'withdraw', from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
      expect((Date.parse(String(last.to)) - Date.parse(String(last.from))) / 86_400_000).toBe(6);
    });

    // Custom days: what the member picks goes as it is.
    fireEvent.click(screen.getByTestId('filter-period-custom'));
    fireEvent.change(screen.getByTestId('filter-from'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByTestId('filter-to'), { target: { value: '2026-03-10' } });
    await waitFor(() => expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/statement').at(-1)?.[1]?.body))).toEqual({ page: 1, limit: 10, type: 'withdraw', from: '2026-03-01', to: '2026-03-10' }));
    fireEvent.click(screen.getByTestId('filter-type-all'));
    fireEvent.click(screen.getByTestId('filter-period-all'));
    await waitFor(() => expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/statement').at(-1)?.[1]?.body))).toEqual({ page: 1, limit: 10 }));
  });

  it('say so when nothing matches', async () => {
    renderStatement((body) => (body.type ? { total: 0, statements: [] } : { total: 1, statements: [line('a')] }));
    await screen.findByTestId('statement-line');
    fireEvent.click(screen.getByTestId('filter-type-bonus'));
    expect(await screen.findByTestId('statement-empty')).toHaveTextContent('ไม่มีรายการตามตัวกรองนี้');
  });
});
