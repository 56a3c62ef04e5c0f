import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReconciliationException } from '@wallet/contract';
import i18n from 'i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../shared/api/client';
import { ReconciliationPage } from './ReconciliationPage';

const HOUR = 3600;
const exception = (fields: Partial<ReconciliationException>): ReconciliationException => ({
  id: '6f1c1d1e-0000-4000-8000-000000000001',
  source: 'gateway',
  day: '2026-05-01',
  kind: 'theirs_only',
  ourRef: '',
  theirRef: 'GWX1234',
  currency: 'THB',
  ourAmount: null,
  theirAmount: '15050',
  memberId: null,
  detail: { kindOfRecord: 'payment', reference: 'QR-77', net: '14824' },
  openedAt: '2026-05-01T03:00:00.000Z',
  ageSeconds: 26 * HOUR,
  assignee: null,
  status: 'open',
  resolutionReason: null,
  correctionId: null,
  proposedBy: null,
  decidedBy: null,
  resolvedAt: null,
  notes: [],
  ...fields,
});
const unpaid = exception({});
const feeChanged = exception({
  id: '6f1c1d1e-0000-4000-8000-000000000002',
  kind: 'amount_differs',
  ourRef: 'dep-9',
  ourAmount: '100000',
  theirAmount: '99000',
  memberId: '100200',
  ageSeconds: 30 * HOUR,
  assignee: 'anna',
});

const member = {
  _id: '100300',
  phone: '0812345678',
  name: 'Somchai',
  status: 'active',
  bankCode: 'SCB',
  bankAccountNo: '1234567890',
  inviteCode: 'PR100300',
  createdAt: '2026-04-01T03:00:00.000Z',
  wallet: 0,
  bankAccountName: 'SOMCHAI',
  bankName: 'SCB',
  currency: 'THB',
  sourceCode: null,
  inviter: null,
  invitees: 0,
  accounts: [],
  condition: null,
  sessions: [],
};

type Sent = { path: string; body: unknown; headers: Headers };

/**
 * The reconciliation screen for operator "boon" against a stub server: `list` answers the queue,
 * `one` each exception, `step` each action (by default the exception as the step left it).
 */
function renderPage(options: { list?: ReconciliationException[]; one?: ReconciliationException; step?: (sent: Sent) => Promise<Response> } = {}) {
  const sent: Sent[] = [];
  const lists: string[] = [];
  saveToken('operator-token');
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname;
    if (init.method === 'POST') {
      const call = { path, body: init.body ? JSON.parse(String(init.body)) : undefined, headers: new Headers(init.headers) };
      sent.push(call);
      if (options.step) return options.step(call);
      return new Response(JSON.stringify({ exception: { ...(options.one ?? unpaid), assignee: 'boon' } }));
    }
    if (path === '/api/admin/me') return new Response(JSON.stringify({ _id: '2', username: 'boon', roles: ['finance'], totp: false }));
    if (path === '/api/admin/members/100300') return new Response(JSON.stringify(member));
    if (path === '/api/admin/reconciliation/exceptions') {
      lists.push(url.search);
      const rows = options.list ?? [unpaid, feeChanged];
      return new Response(JSON.stringify({ total: rows.length, unownedOverDay: 1, exceptions: rows }));
    }
    if (path.startsWith('/api/admin/reconciliation/exceptions/')) return new Response(JSON.stringify({ exception: options.one ?? unpaid }));
    return new Response(JSON.stringify({ message: 'NO_DATA' }), { status: 404 });
  });
  const router = createMemoryRouter([{ path: '*', element: <ReconciliationPage /> }]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { sent, lists };
}
afterEach(() => vi.restoreAllMocks());
beforeAll(() => i18n.changeLanguage('en'));
afterAll(() => i18n.changeLanguage('th'));

describe('the exceptions queue', () => {
  it('shows each exception in words and money, its age red past a day with no owner, and the unowned figure', async () => {
    renderPage();
    const row = await screen.findByTestId(`exception-${unpaid.id}`);
    expect(row).toHaveTextContent('Payment gateway');
    expect(row).toHaveTextContent('Theirs only (not in ours)');
    expect(row).toHaveTextContent('GWX1234');
    expect(row).toHaveTextContent('150.50');
    expect(row).toHaveTextContent('No owner');
    const age = within(row).getByText('26 h');
    expect(age.className).toContain('rose');

    const owned = screen.getByTestId(`exception-${feeChanged.id}`);
    expect(owned).toHaveTextContent('Amount differs');
    expect(owned).toHaveTextContent('1,000.00');
    expect(owned).toHaveTextContent('990.00');
    expect(owned).toHaveTextContent('-10.00');
    expect(owned).toHaveTextContent('anna');
    expect(within(owned).getByText('30 h').className).not.toContain('rose');

    expect(screen.getByTestId('reconciliation-unowned')).toHaveTextContent('Waiting over 24 h with no owner: 1');
  });

  it('asks the server for all statuses and for one source', async () => {
    const { lists } = renderPage();
    await screen.findByTestId(`exception-${unpaid.id}`);
    await userEvent.click(screen.getByTestId('exceptions-all'));
    await waitFor(() => expect(lists.some((search) => search.includes('status=all'))).toBe(true));
    await userEvent.selectOptions(screen.getByTestId('exceptions-source'), 'bank');
    await waitFor(() => expect(lists.some((search) => search.includes('status=all') && search.includes('source=bank'))).toBe(true));
  });
});

describe('resolving an exception', () => {
  it('assigns it to me, then proposes one correction for a double click: the difference prefilled, the member typed and shown by phone', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { sent } = renderPage({
      step: (call) =>
        call.path.endsWith('/correction')
          ? new Promise((resolve) => (answer = resolve))
          : Promise.resolve(new Response(JSON.stringify({ exception: { ...unpaid, assignee: 'boon' } }))),
    });
    fireEvent.click(within(await screen.findByTestId(`exception-${unpaid.id}`)).getByTestId('exception-open'));
    const dialog = await screen.findByTestId('exception-dialog');
    expect(await within(dialog).findByTestId('exception-details')).toHaveTextContent('QR-77');
    expect(within(dialog).getByTestId('exception-details')).toHaveTextContent('148.24');

    await userEvent.click(await within(dialog).findByTestId('exception-assign-me'));
    await waitFor(() => expect(sent).toContainEqual(expect.objectContaining({ path: `/api/admin/reconciliation/exceptions/${unpaid.id}/assign`, body: { assignee: 'boon' } })));

    await userEvent.click(within(dialog).getByTestId('exception-resolve-correction'));
    expect(within(dialog).getByTestId('exception-correction-amount')).toHaveValue('150.5');
    expect(within(dialog).getByTestId('exception-correction-direction')).toHaveValue('credit');
    await userEvent.type(within(dialog).getByTestId('exception-correction-member'), '100300');
    expect(await within(dialog).findByTestId('exception-correction-phone')).toHaveTextContent('0812345678');
    await userEvent.type(within(dialog).getByTestId('exception-correction-note'), 'gateway paid, never credited');
    const submit = within(dialog).getByTestId('exception-correction-submit');
    fireEvent.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    fireEvent.click(submit);
    fireEvent.dblClick(submit);
    answer(new Response(JSON.stringify({ exception: { ...unpaid, status: 'correcting', assignee: 'boon' } })));
    expect(await screen.findByText('Correction proposed; a second operator approves it under Corrections')).toBeInTheDocument();
    const proposals = sent.filter((call) => call.path.endsWith('/correction'));
    expect(proposals).toHaveLength(1);
    expect(proposals[0]!.body).toEqual({ memberId: '100300', direction: 'credit', amount: 150.5, reasonCode: 'DEPOSIT_NOT_CREDITED', note: 'gateway paid, never credited' });
    expect(proposals[0]!.headers.get('idempotency-key')).toMatch(/[0-9a-f-]{36}/);
  });

  it("shows the server's refusal of a write-off decision in words (another operator's proposal)", async () => {
    const proposed = exception({ status: 'write_off_proposed', proposedBy: 'anna', resolutionReason: 'bank fee, too small to chase' });
    renderPage({ list: [proposed], one: proposed, step: async () => new Response(JSON.stringify({ message: 'FOUR_EYES' }), { status: 403 }) });
    fireEvent.click(within(await screen.findByTestId(`exception-${proposed.id}`)).getByTestId('exception-open'));
    const dialog = await screen.findByTestId('exception-dialog');
    expect(await within(dialog).findByTestId('exception-write-off-decision')).toHaveTextContent('Write-off proposed by anna: bank fee, too small to chase');
    await userEvent.click(within(dialog).getByTestId('exception-write-off-approve'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(i18n.t('errors.FOUR_EYES'));
  });

  it('does not offer its proposer the approval of a write-off', async () => {
    const own = exception({ status: 'write_off_proposed', proposedBy: 'boon', resolutionReason: 'rounding' });
    renderPage({ list: [own], one: own });
    fireEvent.click(within(await screen.findByTestId(`exception-${own.id}`)).getByTestId('exception-open'));
    const dialog = await screen.findByTestId('exception-dialog');
    expect(await within(dialog).findByTestId('exception-write-off-own')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('exception-write-off-approve')).toBeNull();
  });
});

describe("a source's rule", () => {
  it('is saved only after a dry run of the settings in the form, with a note', async () => {
    const rule = { source: 'gateway', version: 1, settings: { matchOn: 'reference', amountTolerance: 0, dateWindowMinutes: 60, feeBasisPoints: 150 }, note: 'starting rule', createdBy: null, createdAt: '2026-05-01T03:00:00.000Z' };
    const sent: { path: string; body: unknown }[] = [];
    saveToken('operator-token');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/admin/me') return new Response(JSON.stringify({ _id: '2', username: 'boon', roles: ['finance'], totp: false }));
      if (init.method === 'POST') {
        sent.push({ path, body: JSON.parse(String(init.body)) });
        if (path.endsWith('/dry-run')) return new Response(JSON.stringify({ ours: 3, theirs: 4, matched: 2, exceptions: [{ kind: 'amount_differs', ourRef: 'dep-1', theirRef: 'GW1', ourAmount: '50000', theirAmount: '50000' }] }));
        return new Response(JSON.stringify({ ...rule, version: 2 }));
      }
      if (path === '/api/admin/reconciliation/rules') return new Response(JSON.stringify({ rules: [rule] }));
      return new Response(JSON.stringify({ total: 0, unownedOverDay: 0, exceptions: [] }));
    });
    const router = createMemoryRouter([{ path: '*', element: <ReconciliationPage /> }], { initialEntries: ['/?tab=rules'] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const fee = await screen.findByTestId('rule-gateway-fee');
    expect(fee).toHaveValue('1.5');
    await userEvent.clear(fee);
    await userEvent.type(fee, '1.2');
    await userEvent.type(screen.getByTestId('rule-gateway-note'), 'new contract rate');
    const save = screen.getByTestId('rule-gateway-save');
    expect(save).toBeDisabled();
    await userEvent.click(screen.getByTestId('rule-gateway-dry-run'));
    expect(await screen.findByTestId('rule-gateway-dry-run-result')).toHaveTextContent('2 of ours would match (3 ours, 4 theirs); 1 exceptions would be raised.');
    expect(sent[0]!.body).toEqual({ settings: { matchOn: 'reference', amountTolerance: 0, dateWindowMinutes: 60, feeBasisPoints: 120 }, day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(save).toBeEnabled();
    // A change after the dry run asks for another before saving.
    await userEvent.type(screen.getByTestId('rule-gateway-window'), '0');
    expect(save).toBeDisabled();
    await userEvent.click(screen.getByTestId('rule-gateway-dry-run'));
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await waitFor(() => expect(sent.at(-1)).toEqual({ path: '/api/admin/reconciliation/rules/gateway', body: { settings: { matchOn: 'reference', amountTolerance: 0, dateWindowMinutes: 600, feeBasisPoints: 120 }, note: 'new contract rate' } }));
  });
});
