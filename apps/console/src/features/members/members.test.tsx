import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportAllPages } from '../../shared/ui/csv';
import { MembersPage } from './MembersPage';

const member = (n: number) => ({
  _id: String(100_000 + n),
  phone: `09${String(n).padStart(8, '0')}`,
  name: `Member ${n}`,
  status: 'active',
  bankCode: 'SCB',
  bankAccountNo: '1234567890',
  inviteCode: `PR${100_000 + n}`,
  createdAt: '2026-11-01T03:00:00.000Z',
  wallet: 0,
});

/** The member list's answers: `total`/`totalCapped` as the server gives them for `page`. */
function stubMembers(answer: (page: number) => { total: number; totalCapped: boolean; count: number }) {
  const asked: number[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const page = Number(new URL(String(input), 'http://localhost').searchParams.get('page'));
    asked.push(page);
    const { total, totalCapped, count } = answer(page);
    return new Response(JSON.stringify({ total, totalCapped, members: Array.from({ length: count }, (_, i) => member((page - 1) * 25 + i)) }), { status: 200 });
  });
  return asked;
}

function renderMembers(path = '/members') {
  const router = createMemoryRouter([{ path: '/members', element: <MembersPage /> }], { initialEntries: [path] });
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}><RouterProvider router={router} /></QueryClientProvider>);
}
afterEach(() => vi.restoreAllMocks());

describe('the member list (counted to 1,000)', () => {
  it('says "more than 1,000" when the count stopped, and pages on with Next', async () => {
    const asked = stubMembers(() => ({ total: 1_000, totalCapped: true, count: 25 }));
    renderMembers();
    expect(await screen.findByText('พบสมาชิกมากกว่า 1,000 คน (หยุดนับที่จำนวนนี้)')).toBeInTheDocument();
    // 1,001 rows at least: 41 pages of 25 at least.
    expect(screen.getByText('หน้า 1 จากอย่างน้อย 41')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ก่อนหน้า' })).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'ถัดไป' }));
    expect(await screen.findByText('หน้า 2 จากอย่างน้อย 41')).toBeInTheDocument();
    expect(asked).toContain(2);
  });

  it('counts exactly on the last page, where Next stops', async () => {
    stubMembers(() => ({ total: 1_010, totalCapped: false, count: 10 }));
    renderMembers('/members?page=41');
    expect(await screen.findByText('พบสมาชิก 1,010 คน')).toBeInTheDocument();
    expect(screen.getByText('หน้า 41 จาก 41')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ถัดไป' })).toBeDisabled();
  });

  it('shows no pager for a list of one page', async () => {
    stubMembers(() => ({ total: 3, totalCapped: false, count: 3 }));
    renderMembers();
    expect(await screen.findByText('พบสมาชิก 3 คน')).toBeInTheDocument();
    expect(screen.queryByTestId('member-results-pager')).not.toBeInTheDocument();
  });
});

describe('a CSV export of a capped list', () => {
  it('goes on past the capped total until a page comes back empty', async () => {
    let written = '';
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      void (blob as Blob).text().then((text) => (written = text));
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    // 2,500 rows, answered 1,000 at a time; the count stops at 1,000 until the last page.
    const loadPage = vi.fn(async (page: number) => {
      const rows = Array.from({ length: Math.max(0, Math.min(1_000, 2_500 - (page - 1) * 1_000)) }, (_, i) => ({ n: (page - 1) * 1_000 + i }));
      return page < 3 ? { rows, total: Math.max(1_000, page * 1_000), totalCapped: true } : { rows, total: 2_500, totalCapped: false };
    });
    await exportAllPages('rows.csv', [{ header: 'n', value: (row: { n: number }) => row.n }], loadPage);
    expect(loadPage).toHaveBeenCalledTimes(3);
    await waitFor(() => expect(written.trim().split('\n')).toHaveLength(2_501));
  });
});

describe('search by reference', () => {
  const found = {
    reference: 'W7K2M9QX', kind: 'withdrawal', statementType: 'withdraw', _id: 'a1', memberId: '100007', phone: '0900000007', memberName: 'Member 7',
    amount: 200, currency: 'THB', status: 'in_progress', createdAt: '2026-11-01T03:00:00.000Z', from: 'WALLET', to: 'KTB', reason: null,
  };
  function stubSearch() {
    const asked: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url.pathname);
      if (url.pathname.startsWith('/api/admin/references/')) {
        return url.pathname.endsWith('/W7K2M9QX') ? new Response(JSON.stringify(found), { status: 200 }) : new Response(JSON.stringify({ message: 'NO_DATA' }), { status: 404 });
      }
      return new Response(JSON.stringify({ total: 0, totalCapped: false, members: [] }), { status: 200 });
    });
    return asked;
  }

  it('finds the withdrawal a member read out, loosely typed, and leads to the member', async () => {
    const asked = stubSearch();
    renderMembers(`/members?q=${encodeURIComponent('w7k2-m9qx')}`);
    const result = await screen.findByTestId('reference-result');
    expect(result).toHaveTextContent('W7K2-M9QX');
    expect(result).toHaveTextContent('ถอนเงิน');
    expect(result).toHaveTextContent('200.00 THB');
    expect(screen.getByTestId('reference-member')).toHaveAttribute('href', '/members/100007');
    expect(asked).toContain('/api/admin/references/W7K2M9QX');
  });

  it('says when no deposit or withdrawal has it, and asks nothing for a phone number', async () => {
    stubSearch();
    renderMembers('/members?q=D0000000');
    expect(await screen.findByTestId('reference-none')).toHaveTextContent('D000-0000');
    vi.restoreAllMocks();
    const asked = stubSearch();
    renderMembers('/members?q=0812345678');
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    expect(asked.some((path) => path.startsWith('/api/admin/references/'))).toBe(false);
  });
});
