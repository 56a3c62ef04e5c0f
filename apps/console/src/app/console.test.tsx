import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../features/login/LoginPage';
import { readToken, saveToken } from '../shared/api/client';
import { Shell } from './Shell';
import { consoleRoutes } from './router';

type Answer = { status: number; body: unknown };
function stubFetch(answer: (path: string, body: unknown) => Answer) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const { status, body } = answer(new URL(String(input), 'http://localhost').pathname, init.body ? JSON.parse(String(init.body)) : undefined);
    return new Response(JSON.stringify(body), { status });
  });
}
function renderAt(element: React.ReactElement, path = '/') {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}><RouterProvider router={router} /></QueryClientProvider>);
}
afterEach(() => vi.restoreAllMocks());

describe('operator sign-in', () => {
  it('asks for the authenticator code after a right password, then signs in with it', async () => {
    const sent: unknown[] = [];
    stubFetch((_path, body) => {
      sent.push(body);
      return (body as { code?: string }).code ? { status: 200, body: { token: 'operator-token' } } : { status: 401, body: { message: 'TOTP_REQUIRED' } };
    });
    renderAt(<LoginPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('ชื่อผู้ใช้'), 'cashier');
    await user.type(screen.getByLabelText('รหัสผ่าน'), 'cashier-pass-1');
    await user.click(screen.getByTestId('admin-login'));
    const code = await screen.findByLabelText('รหัสจากแอปยืนยันตัวตน');
    expect(screen.getByTestId('admin-login-error')).toBeEmptyDOMElement();
    await user.type(code, '123456');
    await user.click(screen.getByTestId('admin-login'));
    await waitFor(() => expect(readToken()).toBe('operator-token'));
    expect(sent).toEqual([{ username: 'cashier', password: 'cashier-pass-1' }, { username: 'cashier', password: 'cashier-pass-1', code: '123456' }]);
  });

  it('says why a sign-in failed, in the operator’s language', async () => {
    stubFetch(() => ({ status: 401, body: { message: 'TOTP_INVALID' } }));
    renderAt(<LoginPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('ชื่อผู้ใช้'), 'cashier');
    await user.type(screen.getByLabelText('รหัสผ่าน'), 'wrong');
    await user.click(screen.getByTestId('admin-login'));
    expect(await screen.findByText('รหัสยืนยันไม่ถูกต้องหรือใช้ไปแล้ว')).toBeInTheDocument();
  });
});

describe('the menu follows the roles', () => {
  const menuFor = async (roles: string[]) => {
    saveToken('operator-token');
    stubFetch(() => ({ status: 200, body: { _id: '1', username: 'someone', roles, totp: false } }));
    renderAt(<Shell />);
    const nav = await screen.findByTestId('console-nav');
    await waitFor(() => expect(within(nav).getAllByRole('link').length).toBeGreaterThan(0));
    return within(nav).getAllByRole('link').map((link) => link.textContent);
  };

  it('shows support no money screens', async () => {
    expect(await menuFor(['support'])).toEqual(['แชท', 'สมาชิก', 'คุ้มครองผู้เล่น', 'ตั้งค่า', 'บัญชีของฉัน']);
  });

  it('shows finance the queues, corrections and dashboard, and an admin everything', async () => {
    expect(await menuFor(['finance'])).toEqual(['คิวงาน', 'ยอดโอนธนาคาร', 'สมาชิก', 'ปรับยอดเงิน', 'ภาพรวม', 'ตรวจยอดบัญชี', 'กระทบยอด', 'ความเสี่ยง', 'ตั้งค่า', 'บัญชีของฉัน']);
  });

  it('gives marketing the promotions, the notice texts, the offer campaigns and its inbox of risk cases, and no money screens', async () => {
    expect(await menuFor(['marketing'])).toEqual(['สมาชิก', 'โปรโมชั่น', 'วงล้อนำโชค', 'ข้อความแจ้งเตือน', 'แคมเปญข้อเสนอ', 'รออนุมัติ', 'ภาพรวม', 'ความเสี่ยง', 'ตั้งค่า', 'บัญชีของฉัน']);
  });

  it('gives an admin the operators and the audit log', async () => {
    expect(await menuFor(['admin'])).toEqual(['คิวงาน', 'ยอดโอนธนาคาร', 'แชท', 'สมาชิก', 'ปรับยอดเงิน', 'โปรโมชั่น', 'วงล้อนำโชค', 'ข้อความแจ้งเตือน', 'แคมเปญข้อเสนอ', 'รออนุมัติ', 'ภาพรวม', 'ตรวจยอดบัญชี', 'กระทบยอด', 'ความเสี่ยง', 'คุ้มครองผู้เล่น', 'ตั้งค่า', 'ผู้ดูแล', 'บันทึกการตรวจสอบ', 'บัญชีของฉัน']);
  });
});

describe('the books banner', () => {
  const breach = {
    id: '7', scheduledHour: '2026-11-28T10:00:00.000Z', askedBy: null, startedAt: '2026-11-28T10:00:01.000Z', finishedAt: '2026-11-28T10:00:02.000Z',
    ok: false, breaches: 2, playerFunds: [], problems: [{ check: 'sumIsZero', id: 'THB', problem: 'accounts sum to 100' }, { check: 'balanceEqualsTransfers', id: 'wallet:9', problem: 'balance 100, transfers 0' }],
  };
  const shellFor = (roles: string[], status: unknown) => {
    saveToken('operator-token');
    const asked: string[] = [];
    stubFetch((path) => {
      asked.push(path);
      return path === '/api/admin/books/status' ? { status: 200, body: status } : { status: 200, body: { _id: '1', username: 'someone', roles, totp: false } };
    });
    renderAt(<Shell />);
    return asked;
  };

  it('tells finance on every page that the latest proof found breaches, with a way to them', async () => {
    shellFor(['finance'], { latest: breach, overdue: false });
    const banner = await screen.findByTestId('books-banner');
    expect(banner).toHaveTextContent('บัญชีไม่สมดุล: พบความผิดปกติ 2 รายการ');
    expect(within(banner).getByRole('link')).toHaveAttribute('href', '/books');
  });

  it('tells them when no proof ran for two hours, and says nothing while the books balance', async () => {
    shellFor(['admin'], { latest: null, overdue: true });
    expect(await screen.findByTestId('books-banner')).toHaveTextContent('การตรวจรายชั่วโมงไม่ทำงาน');
  });

  it('stays quiet while the books balance, and never asks for them for support', async () => {
    const askedByFinance = shellFor(['finance'], { latest: { ...breach, ok: true, breaches: 0, problems: [] }, overdue: false });
    await waitFor(() => expect(askedByFinance).toContain('/api/admin/books/status'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('books-banner')).not.toBeInTheDocument();
    vi.restoreAllMocks();
    const asked = shellFor(['support'], { latest: breach, overdue: false });
    await screen.findAllByTestId('console-nav');
    expect(asked).not.toContain('/api/admin/books/status');
    expect(screen.queryByTestId('books-banner')).not.toBeInTheDocument();
  });
});

describe('an address the console does not have', () => {
  it('is a not-found page inside the shell, with the menu', async () => {
    saveToken('operator-token');
    stubFetch(() => ({ status: 200, body: { _id: '1', username: 'someone', roles: ['support'], totp: false } }));
    const router = createMemoryRouter(consoleRoutes, { initialEntries: ['/no-such-page'] });
    render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}><RouterProvider router={router} /></QueryClientProvider>);
    expect(await screen.findByTestId('not-found')).toHaveTextContent('ไม่พบหน้านี้');
    expect(screen.getByTestId('not-found')).toHaveTextContent('/no-such-page');
    expect(within(screen.getByTestId('console-nav')).getAllByRole('link').map((link) => link.textContent)).toContain('แชท');
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
  });
});
