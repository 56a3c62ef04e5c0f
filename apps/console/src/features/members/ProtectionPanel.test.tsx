import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../shared/api/client';
import { MemberPage } from './MemberPage';
import { ProtectionPanel } from './ProtectionPanel';

const HOUR = 3_600_000;
const midnight = Date.UTC(2026, 10, 29, 17, 0); // 30/11/2026 00:00 in Bangkok
const noLimit = (kind: string) => ({ kind, amount: null, next: null, used: null, resetsAt: null });
const protection = {
  limits: [
    { kind: 'deposit_day', amount: 500, next: { amount: 1000, at: midnight + 24 * HOUR }, used: 200, resetsAt: midnight },
    ...['deposit_week', 'deposit_month', 'loss_day', 'loss_week', 'loss_month', 'transfer_day', 'session_minutes'].map(noLimit),
  ],
  restriction: { kind: 'break', startsAt: midnight - 24 * HOUR, endsAt: midnight, returnRequestedAt: null, byOperator: true },
  coolingHours: 24,
  strict: false,
  prompt: null,
  history: [{ kind: 'deposit_day', from: null, to: 500, effectiveAt: midnight - 48 * HOUR, byOperator: false, createdAt: midnight - 48 * HOUR }],
  restrictions: [
    { kind: 'break', startsAt: midnight - 24 * HOUR, endsAt: midnight, returnRequestedAt: null, operator: 'somchai', reason: 'Asked on the phone for a pause' },
    { kind: 'exclusion', startsAt: midnight - 400 * 24 * HOUR, endsAt: midnight - 200 * 24 * HOUR, returnRequestedAt: null, operator: null, reason: null },
  ],
  flags: [{ depositId: 'dep-77', reason: 'DEPOSIT_LIMIT', limit: 'deposit_day', createdAt: midnight - HOUR }],
};

function renderPanel() {
  const sent: Array<{ method: string; path: string; body: unknown }> = [];
  saveToken('operator-token');
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    sent.push({ method: init.method ?? 'GET', path, body: init.body ? JSON.parse(String(init.body)) : null });
    return new Response(JSON.stringify(init.method && init.method !== 'GET' ? { message: 'SUCCESS' } : protection));
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ProtectionPanel memberId="100300" currency="THB" />
    </QueryClientProvider>,
  );
  return sent;
}
afterEach(() => vi.restoreAllMocks());
beforeAll(() => i18n.changeLanguage('en'));
afterAll(() => i18n.changeLanguage('th'));

describe("a member's player protection on the desk", () => {
  it('shows limits, the restriction in force, every restriction with who and why, flagged deposits and the limit history', async () => {
    renderPanel();
    expect(await screen.findByTestId('protection-in-force')).toHaveTextContent('Break until 30/11/2026 00:00:00 (applied by the desk)');
    const limits = screen.getByTestId('protection-limits');
    expect(limits).toHaveTextContent('Deposits per day');
    expect(limits).toHaveTextContent('500.00');
    expect(limits).toHaveTextContent('200.00 · resets 30/11/2026 00:00:00');
    expect(limits).toHaveTextContent('1,000.00 from 01/12/2026 00:00:00');
    const restrictions = screen.getByTestId('protection-restrictions');
    expect(restrictions).toHaveTextContent('somchai');
    expect(restrictions).toHaveTextContent('Asked on the phone for a pause');
    expect(restrictions).toHaveTextContent('Member');
    expect(screen.getByTestId('protection-flags')).toHaveTextContent('dep-77');
    expect(screen.getByTestId('protection-flags')).toHaveTextContent('Past a deposit limit · Deposits per day');
    expect(screen.getByTestId('protection-history')).toHaveTextContent('No limit → 500.00');
  });

  it('asks for a reason before applying a break, and sends it with the period', async () => {
    const sent = renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('protection-restrict'));
    const dialog = await screen.findByTestId('protection-restrict-dialog');
    await user.selectOptions(within(dialog).getByTestId('protection-restrict-kind'), 'exclusion');
    await user.selectOptions(within(dialog).getByTestId('protection-restrict-period'), '1y');
    await user.click(within(dialog).getByTestId('protection-restrict-submit'));
    expect(dialog).toHaveTextContent('A reason is required (at least 3 characters).');
    await user.type(within(dialog).getByTestId('protection-restrict-reason'), 'ok');
    await user.click(within(dialog).getByTestId('protection-restrict-submit'));
    expect(sent.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByTestId('protection-restrict-reason'), ' - harm signs in chat');
    await user.click(within(dialog).getByTestId('protection-restrict-submit'));
    await vi.waitFor(() => expect(sent.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(sent.find((call) => call.method === 'POST')).toEqual({ method: 'POST', path: '/api/admin/members/100300/protection/restrictions', body: { kind: 'exclusion', period: '1y', reason: 'ok - harm signs in chat' } });
  });

  it('tightens a limit', async () => {
    const sent = renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('protection-tighten'));
    const dialog = await screen.findByTestId('protection-tighten-dialog');
    await user.selectOptions(within(dialog).getByTestId('protection-tighten-kind'), 'loss_week');
    await user.type(within(dialog).getByRole('textbox', { name: 'New limit' }), '300');
    await user.click(within(dialog).getByTestId('protection-tighten-submit'));
    await vi.waitFor(() => expect(sent.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(sent.find((call) => call.method === 'PUT')).toEqual({ method: 'PUT', path: '/api/admin/members/100300/protection/limits', body: { kind: 'loss_week', amount: 300 } });
  });
});

describe('who sees the panel on the member page', () => {
  const detail = {
    _id: '100300', phone: '0812345678', name: 'Somchai', status: 'active', bankCode: 'SCB', bankAccountNo: '1234567890', inviteCode: 'ABC', createdAt: '2026-11-01T03:00:00.000Z', wallet: 0,
    bankAccountName: 'SOMCHAI', bankName: 'SCB', currency: 'THB', sourceCode: null, inviter: null, invitees: 0, accounts: [], condition: null, sessions: [],
  };
  it.each([
    [['admin'], true],
    [['support'], true],
    [['finance'], true],
    [['marketing'], false],
  ])('%j: %s', async (roles, shown) => {
    saveToken('operator-token');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/admin/me') return new Response(JSON.stringify({ _id: '1', username: 'desk', roles, totp: true }));
      if (path === '/api/admin/members/100300') return new Response(JSON.stringify(detail));
      if (path === '/api/admin/members/100300/protection') return new Response(JSON.stringify(protection));
      return new Response(JSON.stringify({ message: 'NO_DATA' }), { status: 404 });
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/members/100300']}>
          <Routes>
            <Route path="/members/:id" element={<MemberPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByTestId('member-page');
    if (shown) expect(await screen.findByTestId('protection-in-force')).toBeInTheDocument();
    else await vi.waitFor(() => expect(screen.queryByTestId('member-protection')).toBeNull());
  });
});
