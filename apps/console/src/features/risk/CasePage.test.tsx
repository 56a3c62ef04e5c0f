import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RiskCaseDetail, RiskDecision } from '@wallet/contract';
import i18n from 'i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../shared/api/client';
import { CasePage } from './CasePage';

const CASE_ID = '7c1a0000-0000-4000-8000-000000000001';
const decision = (fields: Partial<RiskDecision>): RiskDecision => ({
  id: '0b6a1a00-0000-4000-8000-000000000001',
  memberId: '100300',
  movement: 'deposit',
  subject: 'd-1',
  amount: 49_000,
  currency: 'THB',
  outcome: 'review',
  rules: [{ code: 'structuring', version: 1, mode: 'active', outcome: 'review', reason: '3 deposits between 45,000 and 50,000 in 24 h' }],
  createdAt: '2026-11-01T03:00:00.000Z',
  caseId: null,
  releaseProposedBy: null,
  releasedBy: null,
  releasedAt: null,
  ...fields,
});
const depositReview = decision({});
const heldWithdrawal = decision({ id: '0b6a1a00-0000-4000-8000-000000000002', movement: 'withdrawal', subject: 'w-1', amount: 120_000, createdAt: '2026-11-01T05:00:00.000Z' });
const riskCase = (fields: Partial<RiskCaseDetail>): RiskCaseDetail => ({
  id: CASE_ID,
  memberId: '100300',
  inbox: 'finance',
  status: 'open',
  assignee: null,
  outcome: null,
  openedAt: '2026-11-01T03:00:00.000Z',
  lastAlertAt: '2026-11-01T05:00:00.000Z',
  closedAt: null,
  closedBy: null,
  alerts: 2,
  rules: ['structuring', 'deposit_velocity'],
  action: null,
  decisions: [heldWithdrawal, depositReview],
  notes: [],
  snoozes: [],
  freeze: null,
  ...fields,
});
const closedAs = (outcome: RiskCaseDetail['outcome']) => riskCase({ status: 'closed', outcome, assignee: 'boon', closedAt: '2026-11-02T03:00:00.000Z', closedBy: 'boon', action: 'none' });
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
const withdrawal = {
  _id: 'w-1',
  amount: 120_000,
  currency: 'THB',
  status: 'in_progress',
  createdAt: '2026-11-01T05:00:00.000Z',
  bankCode: 'SCB',
  bankAccountNo: '1234567890',
  bankAccountName: 'SOMCHAI',
  reason: null,
  checking: true,
  username: '0812345678',
  memberName: 'Somchai',
  decidedBy: null,
  firstApprovedBy: 'chai',
  firstDecision: 'SUCCESS',
  heldForReview: true,
  reference: 'W26110100001',
  autoPayout: { reasons: ['risk_review'], payout: null },
};

type Sent = { method: string; path: string; body: unknown };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/**
 * The case page for an operator with `roles` against a stub server: `shown` is the case as the
 * server has it; `answer` answers each change (by default the case as `changed` makes it).
 */
function renderCase(options: { roles?: string[]; shown?: RiskCaseDetail; answer?: (sent: Sent) => Response | undefined } = {}) {
  const sent: Sent[] = [];
  let shown = options.shown ?? riskCase({});
  saveToken('operator-token');
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname;
    const method = init.method ?? 'GET';
    if (method !== 'GET') {
      const body = init.body instanceof FormData ? Object.fromEntries(init.body.entries()) : init.body ? JSON.parse(String(init.body)) : undefined;
      const call = { method, path, body };
      sent.push(call);
      const answered = options.answer?.(call);
      if (answered) return answered;
      if (path.startsWith('/api/admin/withdrawals/')) return json({ ...withdrawal, status: 'SUCCESS' });
      if (path.startsWith('/api/admin/risk/freezes/')) return json({ message: 'SUCCESS' });
      return json({ case: shown });
    }
    if (path === '/api/admin/me') return json({ _id: '2', username: 'boon', roles: options.roles ?? ['finance'], totp: false });
    if (path === `/api/admin/risk/cases/${CASE_ID}`) return json({ case: shown });
    if (path === '/api/admin/members/100300') return json(member);
    if (path === '/api/admin/members/100300/withdrawals') return json({ total: 1, totalCapped: false, withdrawals: [withdrawal] });
    if (path === '/api/admin/members/100300/statement') return json({ total: 0, statements: [] });
    if (path === '/api/admin/members/100300/links') return json({ members: [], more: false });
    return json({ message: 'NO_DATA' }, 404);
  });
  const router = createMemoryRouter([{ path: '/risk/cases/:id', element: <CasePage /> }], { initialEntries: [`/risk/cases/${CASE_ID}`] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return {
    sent,
    /** The server's case from now on (what the next change answers, and a reload reads). */
    change: (next: RiskCaseDetail) => {
      shown = next;
    },
  };
}
afterEach(() => vi.restoreAllMocks());
beforeAll(() => i18n.changeLanguage('en'));
afterAll(() => i18n.changeLanguage('th'));

describe('a risk case', () => {
  it('shows its summary, its decisions with what each allows, and the member beside them', async () => {
    renderCase();
    const summary = await screen.findByTestId('risk-case-summary');
    expect(summary).toHaveTextContent('Case · Finance');
    expect(await within(summary).findByText('0812345678 (100300)')).toHaveAttribute('href', '/members/100300');
    expect(within(summary).getByTestId('risk-case-status')).toHaveTextContent('Open');
    expect(within(summary).getByTestId('risk-case-assignee')).toHaveTextContent('Nobody yet');
    expect(summary).toHaveTextContent('Deposits just under a threshold, Deposit velocity');
    expect(within(summary).getByTestId('risk-case-print')).toHaveAttribute('href', `/risk/cases/${CASE_ID}/print`);
    const deposit = screen.getByTestId(`risk-case-decision-${depositReview.id}`);
    expect(deposit).toHaveTextContent('49,000.00 THB');
    expect(within(deposit).getByTestId('risk-answer-structuring')).toHaveTextContent('3 deposits between 45,000 and 50,000 in 24 h');
    expect(within(deposit).getByTestId('risk-release')).toBeInTheDocument();
    // A held withdrawal is decided here as in the queue: by two operators, the first's proposal shown.
    const held = screen.getByTestId(`risk-case-decision-${heldWithdrawal.id}`);
    expect(await within(held).findByTestId('queue-first-decision')).toHaveTextContent('proposed by chai: pay out');
    expect(within(held).queryByTestId('risk-release')).not.toBeInTheDocument();
    expect(await screen.findByTestId('member-links')).toBeInTheDocument();
    expect(screen.getByTestId('risk-case-movements')).toBeInTheDocument();
  });

  it('is taken by the operator, and then says so', async () => {
    const { sent, change } = renderCase();
    const user = userEvent.setup();
    change(riskCase({ status: 'in_progress', assignee: 'boon' }));
    await user.click(await screen.findByTestId('risk-case-take'));
    expect(await screen.findByText('The case is yours.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: `/api/admin/risk/cases/${CASE_ID}/assign`, body: { assignee: 'boon' } }]);
    expect(screen.getByTestId('risk-case-assignee')).toHaveTextContent('boon');
    expect(screen.getByTestId('risk-case-status')).toHaveTextContent('In progress');
    expect(screen.queryByTestId('risk-case-take')).not.toBeInTheDocument();
    expect(screen.getByTestId('risk-case-put-back')).toBeInTheDocument();
  });

  it('is handed on only to an operator who exists', async () => {
    const { sent } = renderCase({ answer: () => json({ message: 'NO_OPERATOR' }, 400) });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('risk-case-hand-on'));
    await user.type(await screen.findByLabelText("Operator's username"), 'nobody');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('No active operator has that username.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: `/api/admin/risk/cases/${CASE_ID}/assign`, body: { assignee: 'nobody' } }]);
  });

  it('takes a note, and a note with an attachment as a multipart upload', async () => {
    const { sent, change } = renderCase();
    const user = userEvent.setup();
    const note = { id: 'n-1', author: 'boon', body: 'Three deposits of 49,000 within a day.', createdAt: '2026-11-01T06:00:00.000Z', attachment: null };
    change(riskCase({ notes: [note] }));
    await user.type(await screen.findByTestId('risk-case-note-body'), note.body);
    await user.click(screen.getByTestId('risk-case-note-add'));
    expect(await screen.findByText('Note added.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: `/api/admin/risk/cases/${CASE_ID}/notes`, body: { body: note.body } }]);
    expect(screen.getByTestId('risk-case-note')).toHaveTextContent(note.body);
    expect(screen.getByTestId('risk-case-note-body')).toHaveValue('');

    const file = new File(['%PDF-1.4'], 'statement.pdf', { type: 'application/pdf' });
    change(riskCase({ notes: [note, { ...note, id: 'n-2', body: 'Bank statement', attachment: { id: 'a-1', name: 'statement.pdf', contentType: 'application/pdf', size: 2_048 } }] }));
    await user.type(screen.getByTestId('risk-case-note-body'), 'Bank statement');
    await user.upload(screen.getByTestId('risk-case-note-file'), file);
    await user.click(screen.getByTestId('risk-case-note-add'));
    await waitFor(() => expect(screen.getAllByTestId('risk-case-note')).toHaveLength(2));
    expect(sent[1]).toMatchObject({ method: 'POST', path: `/api/admin/risk/cases/${CASE_ID}/attachments`, body: { body: 'Bank statement' } });
    expect((sent[1]!.body as { file: File }).file.name).toBe('statement.pdf');
    expect(screen.getByTestId('risk-case-attachment')).toHaveTextContent('statement.pdf (2 KB)');
  });

  it("closes as confirmed with a freeze, showing the message as the member will read it; an admin may lift the freeze", async () => {
    const { sent, change } = renderCase({ roles: ['admin'] });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('risk-case-close'));
    const dialog = await screen.findByTestId('risk-case-close-dialog');
    const confirm = within(dialog).getByTestId('risk-case-close-confirm');
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByTestId('risk-case-outcome-confirmed'));
    await user.selectOptions(within(dialog).getByTestId('risk-case-action'), 'freeze');
    // A freeze without a word to the member is not sent.
    expect(confirm).toBeDisabled();
    const message = 'Please send us a statement from your bank for your recent deposits.';
    await user.type(within(dialog).getByTestId('risk-case-message'), message);
    expect(within(dialog).getByTestId('risk-case-message-preview')).toHaveTextContent(`What the member will read:${message}`);
    expect(within(dialog).getByTestId('risk-case-message-preview')).toHaveTextContent('cannot withdraw until an admin lifts the freeze');
    change({ ...closedAs('confirmed'), action: 'freeze', freeze: { reason: message, createdBy: 'boon', createdAt: '2026-11-02T03:00:00.000Z', liftProposedBy: null } });
    await user.click(confirm);
    expect(await screen.findByText('The case is closed.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: `/api/admin/risk/cases/${CASE_ID}/close`, body: { outcome: 'confirmed', action: 'freeze', memberMessage: message } }]);
    expect(screen.getByTestId('risk-case-closed')).toHaveTextContent('by boon');
    expect(screen.getByTestId('risk-case-closed')).toHaveTextContent('withdrawals frozen');
    expect(screen.getByTestId('risk-case-freeze')).toHaveTextContent(`The member was told: “${message}”`);
    expect(screen.queryByTestId('risk-case-actions')).not.toBeInTheDocument();
    // Confirmed: no rule is snoozed from it.
    expect(screen.queryByTestId('risk-case-snooze-form')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('risk-case-lift'));
    await user.click(await screen.findByTestId('risk-case-lift-confirm'));
    expect(await screen.findByText('The freeze is lifted.')).toBeInTheDocument();
    expect(sent[1]).toEqual({ method: 'DELETE', path: '/api/admin/risk/freezes/100300', body: undefined });
  });

  it('a lift one admin proposed waits for a second: the proposer is offered no second press', async () => {
    renderCase({ roles: ['admin'], shown: { ...closedAs('confirmed'), action: 'freeze', freeze: { reason: 'Send a statement.', createdBy: 'chai', createdAt: '2026-11-02T03:00:00.000Z', liftProposedBy: 'boon' } } });
    expect(await screen.findByTestId('risk-case-lift-proposed')).toHaveTextContent('boon proposed lifting the freeze: a second admin lifts it.');
    expect(screen.queryByTestId('risk-case-lift')).not.toBeInTheDocument();
  });

  it('a finance operator sees the freeze but cannot lift it', async () => {
    renderCase({ shown: { ...closedAs('confirmed'), action: 'freeze', freeze: { reason: 'Send a statement.', createdBy: 'chai', createdAt: '2026-11-02T03:00:00.000Z', liftProposedBy: null } } });
    expect(await screen.findByTestId('risk-case-freeze')).toBeInTheDocument();
    expect(screen.queryByTestId('risk-case-lift')).not.toBeInTheDocument();
  });

  it("a close someone made first is news, and the page reloads to show it", async () => {
    const { change } = renderCase({ answer: (call) => (call.path.endsWith('/close') ? json({ message: 'ALREADY_DECIDED', decidedBy: 'chai' }, 409) : undefined) });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('risk-case-close'));
    await user.click(await screen.findByTestId('risk-case-outcome-false_positive'));
    change({ ...closedAs('false_positive'), closedBy: 'chai' });
    await user.click(screen.getByTestId('risk-case-close-confirm'));
    expect(await screen.findByText('Already decided by chai; the list now shows the decision.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('risk-case-closed')).toHaveTextContent('by chai'));
  });

  it('snoozes one of its rules for the member, from a case closed as a false positive, for at most 180 days', async () => {
    const shown = closedAs('false_positive');
    const { sent, change } = renderCase({ shown });
    const user = userEvent.setup();
    const form = await screen.findByTestId('risk-case-snooze-form');
    expect(within(within(form).getByTestId('risk-case-snooze-code')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Deposits just under a threshold', 'Deposit velocity']);
    await user.selectOptions(within(form).getByTestId('risk-case-snooze-code'), 'deposit_velocity');
    const days = within(form).getByTestId('risk-case-snooze-days');
    await user.clear(days);
    await user.type(days, '181');
    expect(form).toHaveTextContent('1 to 180 days');
    expect(within(form).getByTestId('risk-case-snooze-submit')).toBeDisabled();
    await user.clear(days);
    await user.type(days, '90');
    change({ ...shown, snoozes: [{ code: 'deposit_velocity', until: '2027-01-31T03:00:00.000Z', createdBy: 'boon', createdAt: '2026-11-02T04:00:00.000Z', caseId: CASE_ID }] });
    await user.click(within(form).getByTestId('risk-case-snooze-submit'));
    expect(await screen.findByText('The rule is snoozed for this member.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: `/api/admin/risk/cases/${CASE_ID}/snoozes`, body: { code: 'deposit_velocity', days: 90 } }]);
    expect(screen.getByTestId('risk-case-snooze')).toHaveTextContent('Deposit velocity until');
  });

  it('says why the server refused a snooze (the case not reviewed)', async () => {
    renderCase({ shown: closedAs('valuable'), answer: () => json({ message: 'CASE_NOT_REVIEWED' }, 409) });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('risk-case-snooze-submit'));
    expect(await screen.findByTestId('risk-case-snooze-failure')).toHaveTextContent('A rule can be snoozed for this member only from a case closed with an outcome other than confirmed.');
    expect(screen.queryByTestId('risk-case-snooze')).not.toBeInTheDocument();
  });

  it('offers no snooze on a case still open', async () => {
    renderCase();
    expect(await screen.findByTestId('risk-case-snoozes')).toHaveTextContent('No rule is snoozed from this case.');
    expect(screen.queryByTestId('risk-case-snooze-form')).not.toBeInTheDocument();
  });

  it("decides a held withdrawal as the queue does: approve, or refuse with a reason", async () => {
    const { sent } = renderCase();
    const user = userEvent.setup();
    const held = await screen.findByTestId(`risk-case-decision-${heldWithdrawal.id}`);
    await user.click(await within(held).findByTestId('risk-case-refuse'));
    await user.type(await screen.findByLabelText('Why does it fail?'), 'Deposits not explained');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: 'POST', path: '/api/admin/withdrawals/w-1/fail', body: { reason: 'Deposits not explained' } });
    await user.click(within(held).getByTestId('risk-case-approve'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ method: 'POST', path: '/api/admin/withdrawals/w-1/approve', body: undefined });
  });

  it('gives marketing no release nor withdrawal decision', async () => {
    renderCase({ roles: ['marketing'], shown: riskCase({ inbox: 'marketing' }) });
    expect(await screen.findByTestId(`risk-case-decision-${depositReview.id}`)).toBeInTheDocument();
    expect(screen.queryByTestId('risk-release')).not.toBeInTheDocument();
    expect(screen.queryByTestId('risk-case-approve')).not.toBeInTheDocument();
  });
});
