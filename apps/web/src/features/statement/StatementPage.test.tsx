import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { StatementEntry } from '@wallet/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../shared/i18n';
import { StatementPage } from './StatementPage';

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
      <StatementPage />
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
