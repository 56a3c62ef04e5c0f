import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import type { MemberProtection } from '@wallet/contract';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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
    { id: '9', kind: 'break', startsAt: midnight - 24 * HOUR, endsAt: midnight, returnRequestedAt: null, operator: 'somchai', reason: 'Asked on the phone for a pause', liftProposedBy: null, liftedBy: null, liftedAt: null },
    { id: '8', kind: 'exclusion', startsAt: midnight - 400 * 24 * HOUR, endsAt: midnight - 200 * 24 * HOUR, returnRequestedAt: null, operator: null, reason: null, liftProposedBy: null, liftedBy: null, liftedAt: null },
  ] as MemberProtection['restrictions'],
  flags: [
    { depositId: 'dep-77', reason: 'DEPOSIT_LIMIT', limit: 'deposit_day', createdAt: midnight - HOUR },
    { depositId: 'dep-78', reason: 'ON_BREAK', limit: null, createdAt: midnight - HOUR / 2 },
    { depositId: 'dep-79', reason: 'SOME_NEW_REFUSAL', limit: null, createdAt: midnight - HOUR / 4 },
  ],
};
type Protection = typeof protection;
type Restriction = Protection['restrictions'][number];
const operatorBreak = protection.restrictions[0]!;
const harmCase = {
  id: '41', memberId: '100300', memberPhone: '0812345678', status: 'open', level: 'interact', score: 7, markers: ['chasing_losses'], openedAt: midnight - 3 * HOUR,
  dueAt: midnight - 2 * HOUR, firstActionAt: midnight - 2.5 * HOUR, outcome: null, closedAt: null, closedBy: null,
};

/**
 * The panel against a stub server: `shown` is the member's protection (changed with `change`), `answer`
 * answers each change; `harmCases` lets the operator's roles read harm cases.
 */
function renderPanel(options: { shown?: Protection; answer?: () => Response; harmCases?: boolean; username?: string } = {}) {
  const sent: Array<{ method: string; path: string; body: unknown }> = [];
  const asked: string[] = [];
  let shown = options.shown ?? protection;
  saveToken('operator-token');
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname;
    if (init.method && init.method !== 'GET') {
      sent.push({ method: init.method, path, body: init.body ? JSON.parse(String(init.body)) : null });
      // The server takes a moment: a double press lands while the first call is on its way.
      await new Promise((resolve) => setTimeout(resolve, 30));
      return options.answer?.() ?? new Response(JSON.stringify({ message: 'SUCCESS' }));
    }
    asked.push(`${path}${url.search}`);
    if (path === '/api/admin/me') return new Response(JSON.stringify({ _id: '1', username: options.username ?? 'desk', roles: ['support'], totp: true }));
    if (path === '/api/admin/protection/cases') return new Response(JSON.stringify({ cases: url.searchParams.get('status') === 'open' ? [harmCase] : [{ ...harmCase, id: '40', status: 'closed', outcome: 'supported', closedAt: midnight - 30 * 24 * HOUR, closedBy: 'somchai' }] }));
    return new Response(JSON.stringify(shown));
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ProtectionPanel memberId="100300" currency="THB" harmCases={options.harmCases ?? false} />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return {
    sent,
    asked,
    change: (next: Protection) => {
      shown = next;
    },
  };
}
const withBreak = (fields: Partial<Restriction>): Protection => ({ ...protection, restrictions: [{ ...operatorBreak, ...fields }, protection.restrictions[1]!] });
beforeEach(() => {
  // The break in force ends at midnight: the panel reads the time two hours before.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(midnight - 2 * HOUR);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
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
    // A reason is the refusal's code: in words, the code itself only where no words are known.
    expect(screen.getByTestId('protection-flags')).toHaveTextContent('During a break');
    expect(screen.getByTestId('protection-flags')).not.toHaveTextContent('ON_BREAK');
    expect(screen.getByTestId('protection-flags')).toHaveTextContent('SOME_NEW_REFUSAL');
    expect(screen.getByTestId('protection-history')).toHaveTextContent('No limit → 500.00');
  });

  it('asks for a reason before applying a break, and sends it with the period', async () => {
    const { sent } = renderPanel();
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
    const { sent } = renderPanel();
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

describe('lifting a restriction the desk applied', () => {
  it('offers it only for an operator\'s restriction still in force', async () => {
    renderPanel();
    const restrictions = await screen.findByTestId('protection-restrictions');
    // The operator's break in force has the button; the member's own exclusion, long over, has none.
    expect(within(restrictions).getAllByTestId('protection-lift')).toHaveLength(1);
  });

  it('is not offered once the restriction ended or was lifted', async () => {
    renderPanel({ shown: withBreak({ endsAt: midnight - 3 * HOUR }) });
    await screen.findByTestId('protection-restrictions');
    expect(screen.queryByTestId('protection-lift')).not.toBeInTheDocument();
  });

  it('shows who lifted a lifted one', async () => {
    renderPanel({ shown: withBreak({ liftProposedBy: 'somchai', liftedBy: 'nok', liftedAt: midnight - 3 * HOUR }) });
    expect(await screen.findByTestId('protection-lifted')).toHaveTextContent('Lifted by nok · 29/11/2026 21:00:00');
    expect(screen.queryByTestId('protection-lift')).not.toBeInTheDocument();
  });

  it('the first operator proposes, saying a second must lift it; a double press proposes once', async () => {
    const { sent, change } = renderPanel({ answer: () => new Response(JSON.stringify({ message: 'PROPOSED' })) });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('protection-lift'));
    const dialog = await screen.findByTestId('protection-lift-dialog');
    expect(dialog).toHaveTextContent('This only proposes lifting the Break: it stays in force until a second operator lifts it.');
    change(withBreak({ liftProposedBy: 'desk' }));
    await user.dblClick(within(dialog).getByTestId('protection-lift-confirm'));
    expect(await screen.findByText('Proposed. A second operator must lift it.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: '/api/admin/members/100300/protection/restrictions/9/lift', body: null }]);
    expect(await screen.findByTestId('protection-lift-proposed')).toHaveTextContent('Proposed by desk, a second operator must lift');
  });

  it('a second operator lifts it, told what it gives the member back', async () => {
    const { sent } = renderPanel({ shown: withBreak({ liftProposedBy: 'somchai' }), username: 'nok' });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('protection-lift'));
    const dialog = await screen.findByTestId('protection-lift-dialog');
    expect(dialog).toHaveTextContent('somchai proposed lifting it. Lifting ends the Break now: the member can deposit, transfer to games and take rewards again at once.');
    await user.click(within(dialog).getByTestId('protection-lift-confirm'));
    expect(await screen.findByText('Lifted. The member can play again.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });

  it('says in words that the proposer cannot lift it too (FOUR_EYES)', async () => {
    renderPanel({ shown: withBreak({ liftProposedBy: 'desk' }), answer: () => new Response(JSON.stringify({ message: 'FOUR_EYES' }), { status: 403 }) });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('protection-lift'));
    const dialog = await screen.findByTestId('protection-lift-dialog');
    expect(dialog).toHaveTextContent('You proposed it: a different operator has to lift it.');
    await user.click(within(dialog).getByTestId('protection-lift-confirm'));
    expect(await within(dialog).findByTestId('protection-lift-failure')).toHaveTextContent('You proposed lifting it: a different operator has to lift it.');
  });
});

describe("the member's harm cases", () => {
  it('lists open and closed cases, each linking to its page, for an operator who works them', async () => {
    const { asked } = renderPanel({ harmCases: true });
    const list = await screen.findByTestId('protection-harm-cases');
    const links = await within(list).findAllByTestId('protection-harm-case-open');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/protection/cases/41', '/protection/cases/40']);
    expect(list).toHaveTextContent('Interact · 7');
    expect(list).toHaveTextContent('Closed · Supported');
    expect(asked).toContain('/api/admin/protection/cases?status=open&memberId=100300&page=1&limit=10');
  });

  it('are not asked for where the roles cannot read them', async () => {
    const { asked } = renderPanel();
    await screen.findByTestId('protection-in-force');
    expect(screen.queryByTestId('protection-harm-cases')).not.toBeInTheDocument();
    expect(asked.some((path) => path.startsWith('/api/admin/protection/cases'))).toBe(false);
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
