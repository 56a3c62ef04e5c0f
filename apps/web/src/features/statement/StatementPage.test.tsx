import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { Slot, StatementEntry } from '@wallet/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../shared/i18n';
import { keepWords } from '../../shared/i18n/keepWords';
import { StatementPage } from './StatementPage';
import { stubFetch } from '../../test/fetchRoutes';
import { MemoryRouter } from 'react-router';
import { memberWallet } from '../../test/member-wallet';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000 - 5_000).toISOString();
const entry = (id: string, createdAt: string, extra: Partial<StatementEntry> = {}): StatementEntry => ({
  _id: id,
  statementType: 'deposit',
  from: 'SCB',
  to: 'WALLET',
  status: 'SUCCESS',
  amount: 100,
  createdAt,
  reason: null,
  ...extra,
});

function renderStatement(statements: StatementEntry[]) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ total: statements.length, statements }), { status: 200 }));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <StatementPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('th');
});

describe('statement relative time (SPEC §9) in every language', () => {
  it.each([
    ['en', '1 minute ago', '2 minutes ago', '1 hour ago'],
    ['th', '1 นาทีที่แล้ว', '2 นาทีที่แล้ว', '1 ชั่วโมงที่แล้ว'],
    ['lo', '1 ນາທີກ່ອນ', '2 ນາທີກ່ອນ', '1 ຊົ່ວໂມງກ່ອນ'],
  ])('%s says "%s" and "%s"', async (language, oneMinute, twoMinutes, oneHour) => {
    await i18n.changeLanguage(language);
    renderStatement([entry('1', minutesAgo(1)), entry('2', minutesAgo(2)), entry('3', minutesAgo(61))]);
    const rows = await within(screen.getByTestId('statement-list')).findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent(oneMinute);
    expect(rows[1]).toHaveTextContent(twoMinutes);
    expect(rows[2]).toHaveTextContent(oneHour);
    // A missing plural key would show the key itself.
    expect(screen.getByTestId('statement-list')).not.toHaveTextContent('statement.ago');
  });
});

describe('statement transfer rows', () => {
  it('show both ends of a transfer whole, on a line of their own', async () => {
    renderStatement([entry('1', minutesAgo(3), { statementType: 'transfer', from: 'JOKER', to: 'WALLET', amount: 20 })]);
    const route = await screen.findByTestId('statement-route');
    expect(route).toHaveTextContent('JOKER → กระเป๋าหลัก');
    expect(route.className).not.toMatch(/truncate|ellipsis/);
    // Each name stays in one piece; the line may wrap only between them.
    expect(within(route).getByText('กระเป๋าหลัก')).toHaveClass('whitespace-nowrap');
    expect(route.closest('li')).toHaveTextContent('โยกเงิน');
  });
});

describe('statement names and refusals', () => {
  const slot: Slot = { code: 'PG', name: 'PG Soft', category: 'slot', isActive: true, amount: 0, ftWalletSlot: 1, logo: '/media/providers/PG/logo.svg', background: '/media/providers/PG/background.svg', web: null, android: null, ios: null, username: 'bw-pg', password: null, loginForm: false, balanceSyncedAt: null };
  const wallet = memberWallet({ amount: 500, slots: [slot], bankAccount: { bank: { nameTH: 'ธนาคารกรุงไทย', nameEN: 'Krungthai Bank', nameLO: 'Krungthai Bank' }, bankCode: 'KTB', bankAccountName: 'SOMCHAI', bankAccountNo: '1234567890' } });
  const banks = { banks: [{ code: 'KTB', nameTH: 'ธนาคารกรุงไทย', nameEN: 'Krungthai Bank', nameLO: 'ທະນາຄານກຸງໄທ', slipCode: '006', country: 'TH' }] };

  function renderNamed(statements: StatementEntry[]) {
    stubFetch({
      'POST /api/statement': { body: { total: statements.length, statements } },
      'GET /api/wallet': { body: wallet },
      'GET /api/lookup/banks': { body: banks },
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <StatementPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it.each([
    ['th', 'PG Soft → กระเป๋าหลัก', 'ถอนเงินไป ธนาคารกรุงไทย', 'ฝากเงินจาก QR พร้อมเพย์ ช่องทาง 1', 'ฝากเงินจาก โอนผ่านธนาคาร'],
    ['lo', 'PG Soft → ກະເປົາຫຼັກ', 'ຖອນເງິນໄປ ທະນາຄານກຸງໄທ', 'ຝາກເງິນຈາກ QR ພ້ອມເພ ຊ່ອງທາງ 1', 'ຝາກເງິນຈາກ ໂອນຜ່ານທະນາຄານ'],
    ['en', 'PG Soft → Main wallet', 'Withdraw to Krungthai Bank', 'Deposit from PromptPay QR, channel 1', 'Deposit from bank transfer'],
  ])('names providers, banks, gateways and bank transfers in %s, never their codes', async (language, route, withdraw, deposit, bankTransfer) => {
    await i18n.changeLanguage(language);
    renderNamed([
      entry('1', minutesAgo(1), { statementType: 'transfer', from: 'PG', to: 'WALLET' }),
      entry('2', minutesAgo(2), { statementType: 'withdraw', from: 'WALLET', to: 'KTB' }),
      entry('3', minutesAgo(3), { statementType: 'deposit', from: 'WW', to: 'WALLET' }),
      // Credited by the bank feed from an AUTO account's statement.
      entry('4', minutesAgo(4), { statementType: 'deposit', from: 'BANK', to: 'WALLET' }),
    ]);
    await waitFor(() => expect(screen.getByTestId('statement-route')).toHaveTextContent(route));
    // The app keeps listed words whole on a line with invisible marks (keepWords).
    expect(await screen.findByText(keepWords(withdraw))).toBeInTheDocument();
    expect(screen.getByText(keepWords(deposit))).toBeInTheDocument();
    expect(screen.getByText(keepWords(bankTransfer))).toBeInTheDocument();
  });

  it('says why a withdrawal was refused and that its money is back in the wallet', async () => {
    renderNamed([entry('1', minutesAgo(1), { statementType: 'withdraw', from: 'WALLET', to: 'KTB', status: 'FAILED', amount: 2900, reason: 'ชื่อบัญชีไม่ตรง' })]);
    const refused = await screen.findByTestId('statement-withdraw-refused');
    expect(refused).toHaveTextContent('ไม่อนุมัติ: ชื่อบัญชีไม่ตรง');
    expect(refused).toHaveTextContent('คืนเข้ากระเป๋าหลักแล้ว +2,900.00');
  });

  it.each([
    ['th', 'กำลังตรวจสอบ', 'กำลังตรวจสอบตั้งแต่'],
    ['lo', 'ກຳລັງກວດສອບ', 'ກຳລັງກວດສອບຕັ້ງແຕ່'],
    ['en', 'Being checked', 'Being checked since'],
  ])('in %s, says a withdrawal is being checked and since when, naming no rule', async (language, status, since) => {
    await i18n.changeLanguage(language);
    renderNamed([entry('1', minutesAgo(3), { statementType: 'withdraw', from: 'WALLET', to: 'KTB', status: 'in_progress', amount: 4000, checking: true })]);
    const checking = await screen.findByTestId('statement-withdraw-checking');
    expect(checking).toHaveTextContent(since);
    expect(screen.getByText(status)).toBeInTheDocument();
  });
});

describe('a linked range of days', () => {
  function renderAt(entry: string) {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ total: 0, statements: [] }), { status: 200 }));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[entry]}>
          <StatementPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return fetchMock;
  }
  const sentBody = (fetchMock: ReturnType<typeof renderAt>) =>
    JSON.parse(String(fetchMock.mock.calls.filter(([input, init]) => String(input).endsWith('/api/statement') && init?.method === 'POST').at(-1)![1]!.body)) as Record<string, unknown>;

  it('opens as the custom period with those days (the figures link 3 and 12 months)', async () => {
    const fetchMock = renderAt('/user/statement?from=2026-08-30&to=2026-11-29');
    expect(await screen.findByTestId('filter-from')).toHaveValue('2026-08-30');
    expect(screen.getByTestId('filter-to')).toHaveValue('2026-11-29');
    expect(screen.getByTestId('filter-period-custom')).toHaveAttribute('aria-pressed', 'true');
    await vi.waitFor(() => expect(sentBody(fetchMock)).toMatchObject({ from: '2026-08-30', to: '2026-11-29' }));
  });

  it('opens unfiltered for days that do not exist or cross', async () => {
    const fetchMock = renderAt('/user/statement?from=2026-11-29&to=2026-02-30');
    await vi.waitFor(() => expect(sentBody(fetchMock)).not.toHaveProperty('from'));
    expect(screen.getByTestId('filter-period-all')).toHaveAttribute('aria-pressed', 'true');
  });
});
