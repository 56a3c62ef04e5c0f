import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RiskCaseSummary, RiskDecision } from '@wallet/contract';
import i18n from 'i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../shared/api/client';
import { RiskPage } from './RiskPage';

const decision = (fields: Partial<RiskDecision>): RiskDecision => ({
  id: '0b6a1a00-0000-4000-8000-000000000001',
  memberId: '100300',
  movement: 'deposit',
  subject: 'd-1',
  amount: 1_000,
  currency: 'THB',
  outcome: 'review',
  rules: [
    { code: 'deposit_velocity', version: 2, mode: 'active', outcome: 'review', reason: '2 deposits in 1 h (more than 1)' },
    { code: 'dormant_wake', version: 1, mode: 'observe', outcome: 'approve', reason: null },
  ],
  createdAt: '2026-11-01T03:00:00.000Z',
  caseId: null,
  releaseProposedBy: null,
  releasedBy: null,
  releasedAt: null,
  ...fields,
});
const depositReview = decision({});
const releasedBlock = decision({
  id: '0b6a1a00-0000-4000-8000-000000000002',
  movement: 'withdrawal',
  amount: 500,
  outcome: 'block',
  rules: [{ code: 'shared_bank_account', version: 1, mode: 'active', outcome: 'block', reason: '1 other members with the same bank account' }],
  releasedBy: 'chai',
  releasedAt: '2026-11-01T04:00:00.000Z',
});
const withdrawalReview = decision({
  id: '0b6a1a00-0000-4000-8000-000000000003',
  movement: 'withdrawal',
  amount: 1_800,
  rules: [
    { code: 'cash_in_cash_out', version: 2, mode: 'active', outcome: 'review', reason: '0 % of 48 h of deposits moved to games' },
    { code: 'closed_loop', version: 1, mode: 'observe', outcome: 'review', reason: "the bank account's holder is not the member" },
  ],
});
const openBlock = decision({ id: '0b6a1a00-0000-4000-8000-000000000004', movement: 'withdrawal', amount: 2_500, outcome: 'block', rules: releasedBlock.rules });

// As stored: the database gives a rule's params back in an order of its own (shorter keys first).
const cashInCashOut = { code: 'cash_in_cash_out', version: 1, mode: 'observe' as const, params: { minimum: { LAK: 1_000_000, THB: 1_000 }, windowHours: 48, stakedPercent: 30 } };
const defaults = { windowHours: 48, stakedPercent: 30, minimum: { THB: 1_000, LAK: 1_000_000 } };
const rulesOf = (current: typeof cashInCashOut) => ({
  rules: [
    { code: 'cash_in_cash_out', movements: ['withdrawal'], outcome: 'review', defaults, current },
    { code: 'closed_loop', movements: ['withdrawal'], outcome: 'review', defaults: {}, current: { code: 'closed_loop', version: 1, mode: 'observe', params: {} } },
  ],
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

const summary = (fields: Partial<RiskCaseSummary>): RiskCaseSummary => ({
  id: '7c1a0000-0000-4000-8000-000000000001',
  memberId: '100300',
  inbox: 'finance',
  status: 'open',
  assignee: null,
  outcome: null,
  openedAt: '2026-11-01T03:00:00.000Z',
  lastAlertAt: '2026-11-01T05:00:00.000Z',
  closedAt: null,
  closedBy: null,
  alerts: 3,
  rules: ['structuring', 'deposit_velocity'],
  ...fields,
});
const financeCase = summary({});
const marketingCase = summary({ id: '7c1a0000-0000-4000-8000-000000000002', memberId: '100301', inbox: 'marketing', status: 'in_progress', assignee: 'boon', alerts: 1, rules: ['invite_ring'] });
const dryRun = {
  days: 90,
  decisions: 412,
  changed: 7,
  changes: { 'approve→review': 5, 'review→approve': 2 },
  examples: [{ id: 'e-1', memberId: '100302', movement: 'withdrawal', amount: 1_200, currency: 'THB', createdAt: '2026-10-20T03:00:00.000Z', before: 'approve', after: 'review', reason: '10 % of 48 h of deposits moved to games' }],
};

type Sent = { path: string; body: unknown };

/**
 * The risk page for an operator with `roles` against a stub server: `held` answers the held list,
 * `rules` the rules, `post` each change or release (by default a success).
 */
function renderPage(options: { roles?: string[]; tab?: 'cases' | 'held' | 'rules'; held?: RiskDecision[]; cases?: RiskCaseSummary[]; rules?: () => unknown; post?: (sent: Sent) => Promise<Response> } = {}) {
  const sent: Sent[] = [];
  const heldAsked: string[] = [];
  const casesAsked: string[] = [];
  saveToken('operator-token');
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname;
    if (init.method === 'POST') {
      const call = { path, body: init.body ? JSON.parse(String(init.body)) : undefined };
      sent.push(call);
      if (options.post) return options.post(call);
      if (path.endsWith('/dry-run')) return new Response(JSON.stringify(dryRun));
      if (path.endsWith('/release')) return new Response(JSON.stringify({ decision: { ...depositReview, releasedBy: 'boon', releasedAt: '2026-11-01T05:00:00.000Z' } }));
      return new Response(JSON.stringify({ ...cashInCashOut, version: 2, ...(call.body as object) }));
    }
    if (path === '/api/admin/me') return new Response(JSON.stringify({ _id: '2', username: 'boon', roles: options.roles ?? ['admin'], totp: false }));
    if (path === '/api/admin/members/100300') return new Response(JSON.stringify(member));
    if (path === '/api/admin/risk/decisions') {
      heldAsked.push(url.search);
      return new Response(JSON.stringify({ decisions: options.held ?? [withdrawalReview, depositReview, releasedBlock] }));
    }
    if (path === '/api/admin/risk/cases') {
      casesAsked.push(url.search);
      return new Response(JSON.stringify({ cases: options.cases ?? [financeCase, marketingCase] }));
    }
    if (path === '/api/admin/risk/rules') return new Response(JSON.stringify(options.rules ? options.rules() : rulesOf(cashInCashOut)));
    if (path === '/api/admin/risk/rules/cash_in_cash_out/versions') {
      return new Response(JSON.stringify({ versions: [{ ...cashInCashOut, createdBy: 'system', createdAt: '2026-10-01T03:00:00.000Z' }] }));
    }
    return new Response(JSON.stringify({ message: 'NO_DATA' }), { status: 404 });
  });
  const router = createMemoryRouter([{ path: '*', element: <RiskPage /> }], { initialEntries: ['tab' in options && options.tab === undefined ? '/risk' : `/risk?tab=${options.tab ?? 'held'}`] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { sent, heldAsked, casesAsked };
}
afterEach(() => vi.restoreAllMocks());
beforeAll(() => i18n.changeLanguage('en'));
afterAll(() => i18n.changeLanguage('th'));

describe('the cases tab', () => {
  it('comes first: the active cases of every inbox, each with its member, inbox, status, assignee, alerts, rules and last alert', async () => {
    const { casesAsked } = renderPage({ tab: undefined });
    expect(await screen.findByTestId('risk-tab-cases')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Cases', 'Held', 'Rules']);
    const row = await screen.findByTestId(`risk-case-${financeCase.id}`);
    expect(casesAsked[0]).toBe('?status=active&mine=false&page=1&limit=20');
    expect(within(row).getByRole('link', { name: 'Member 100300' })).toHaveAttribute('href', '/members/100300');
    expect(row).toHaveTextContent('Finance');
    expect(within(row).getByTestId('risk-case-status')).toHaveTextContent('Open');
    expect(within(row).getByTestId('risk-case-assignee')).toHaveTextContent('Nobody yet');
    expect(row).toHaveTextContent('Deposits just under a threshold, Deposit velocity');
    expect(within(row).getByTestId('risk-case-open')).toHaveAttribute('href', `/risk/cases/${financeCase.id}`);
    const other = screen.getByTestId(`risk-case-${marketingCase.id}`);
    expect(other).toHaveTextContent('Marketing');
    expect(within(other).getByTestId('risk-case-status')).toHaveTextContent('In progress');
    expect(within(other).getByTestId('risk-case-assignee')).toHaveTextContent('boon');
  });

  it("filters by inbox, status and the operator's own cases, each asked of the server", async () => {
    const { casesAsked } = renderPage({ tab: 'cases' });
    const user = userEvent.setup();
    const inbox = await screen.findByTestId('risk-cases-inbox');
    expect(within(inbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['All my inboxes', 'Finance', 'Marketing']);
    await user.selectOptions(inbox, 'marketing');
    await waitFor(() => expect(casesAsked).toContain('?status=active&mine=false&page=1&limit=20&inbox=marketing'));
    await user.selectOptions(screen.getByTestId('risk-cases-status'), 'closed');
    await waitFor(() => expect(casesAsked).toContain('?status=closed&mine=false&page=1&limit=20&inbox=marketing'));
    await user.click(screen.getByTestId('risk-cases-mine'));
    await waitFor(() => expect(casesAsked).toContain('?status=closed&mine=true&page=1&limit=20&inbox=marketing'));
  });

  it('gives marketing its inbox of cases alone: no inbox to choose, no held movements, no rules', async () => {
    const { casesAsked } = renderPage({ tab: 'held', roles: ['marketing'], cases: [marketingCase] });
    expect(await screen.findByTestId(`risk-case-${marketingCase.id}`)).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Cases']);
    expect(screen.queryByTestId('risk-cases-inbox')).not.toBeInTheDocument();
    expect(screen.queryByTestId('risk-held')).not.toBeInTheDocument();
    expect(casesAsked.every((query) => !query.includes('inbox='))).toBe(true);
  });

  it('says when there is no case', async () => {
    renderPage({ tab: 'cases', cases: [] });
    expect(await screen.findByTestId('risk-cases-none')).toHaveTextContent('No case here.');
  });
});

describe('the held tab', () => {
  it('lists each decision with its member, movement, money, outcome and the rules that answered, newest first from the server', async () => {
    const { heldAsked } = renderPage();
    const row = await screen.findByTestId(`risk-decision-${withdrawalReview.id}`);
    expect(heldAsked[0]).toBe('?outcome=held&page=1&limit=20');
    expect(within(row).getByRole('link', { name: 'Member 100300' })).toHaveAttribute('href', '/members/100300');
    expect(row).toHaveTextContent('Withdrawal');
    expect(row).toHaveTextContent('1,800.00 THB');
    expect(row).toHaveTextContent('Review');
    expect(within(row).getByTestId('risk-answer-cash_in_cash_out')).toHaveTextContent('Cash in, cash out · Review0 % of 48 h of deposits moved to games');
    // An observing rule's answer is shown as such: it decided nothing.
    expect(within(row).getByTestId('risk-answer-closed_loop')).toHaveTextContent('observing: decided nothing');
    // A withdrawal's review is decided in the queue, not released here.
    expect(within(row).queryByTestId('risk-release')).not.toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Decided in the withdrawal queue by two operators' })).toHaveAttribute('href', '/');
    // A rule that did not fire is not listed.
    expect(within(screen.getByTestId(`risk-decision-${depositReview.id}`)).queryByTestId('risk-answer-dormant_wake')).not.toBeInTheDocument();
    expect(within(screen.getByTestId(`risk-decision-${depositReview.id}`)).getByTestId('risk-release')).toBeInTheDocument();
    expect(within(screen.getByTestId(`risk-decision-${releasedBlock.id}`)).getByTestId('risk-released')).toHaveTextContent('Released by chai');
  });

  it("asks before ending a deposit's review, in money, and a double press releases once", async () => {
    const { sent, heldAsked } = renderPage();
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId(`risk-decision-${depositReview.id}`)).getByTestId('risk-release'));
    const dialog = await screen.findByTestId('risk-release-dialog');
    expect(dialog).toHaveTextContent("End this deposit's review?");
    await waitFor(() => expect(within(dialog).getByTestId('risk-release-text')).toHaveTextContent("The deposit of 1,000.00 THB stays credited to member 0812345678 (100300)'s wallet, as it is. Their next withdrawals are no longer held for review because of it (other rules still apply); a withdrawal already held stays in the queue for two operators. No money moves now."));
    await user.dblClick(within(dialog).getByTestId('risk-release-confirm'));
    expect(await screen.findByText('Released.')).toBeInTheDocument();
    expect(sent).toEqual([{ path: `/api/admin/risk/decisions/${depositReview.id}/release`, body: undefined }]);
    await waitFor(() => expect(screen.queryByTestId('risk-release-dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(heldAsked.length).toBeGreaterThan(1));
  });

  it('says what releasing a block lets the member do: the same movement once, up to its amount, within 24 hours', async () => {
    renderPage({ held: [openBlock] });
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId(`risk-decision-${openBlock.id}`)).getByTestId('risk-release'));
    const dialog = await screen.findByTestId('risk-release-dialog');
    expect(dialog).toHaveTextContent('Release this block?');
    await waitFor(() => expect(within(dialog).getByTestId('risk-release-text')).toHaveTextContent('Member 0812345678 (100300) may make one withdrawal of up to 2,500.00 THB within the next 24 hours, once'));
  });

  it("asks before ending a reward's review, or a bank-account change's, saying withdrawals are no longer held for it and what stays with two operators", async () => {
    const rewardReview = decision({ id: '0b6a1a00-0000-4000-8000-000000000005', movement: 'reward', amount: 50, rules: [{ code: 'reward_velocity', version: 2, mode: 'active', outcome: 'review', reason: '2 reward claims in 24 h (more than 1)' }] });
    const bankReview = decision({ id: '0b6a1a00-0000-4000-8000-000000000006', movement: 'bank_account', subject: 'SCB:1234567890', amount: 0, rules: [{ code: 'shared_holder', version: 2, mode: 'active', outcome: 'review', reason: '1 other members with the same account holder name' }] });
    renderPage({ held: [rewardReview, bankReview] });
    const user = userEvent.setup();
    const bankRow = await screen.findByTestId(`risk-decision-${bankReview.id}`);
    // A bank-account change moves no money: no amount is shown for it.
    expect(bankRow).toHaveTextContent('Bank account');
    expect(bankRow).not.toHaveTextContent('0.00 THB');
    await user.click(within(screen.getByTestId(`risk-decision-${rewardReview.id}`)).getByTestId('risk-release'));
    let dialog = await screen.findByTestId('risk-release-dialog');
    expect(dialog).toHaveTextContent("End this reward's review?");
    await waitFor(() => expect(within(dialog).getByTestId('risk-release-text')).toHaveTextContent("The reward of 50.00 THB stays paid to member 0812345678 (100300)'s wallet, as it is. Their next withdrawals are no longer held for review because of it (other rules still apply); a withdrawal already held stays in the queue for two operators."));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('risk-release-dialog')).not.toBeInTheDocument());
    await user.click(within(bankRow).getByTestId('risk-release'));
    dialog = await screen.findByTestId('risk-release-dialog');
    expect(dialog).toHaveTextContent("End this bank-account change's review?");
    await waitFor(() => expect(within(dialog).getByTestId('risk-release-text')).toHaveTextContent("Member 0812345678 (100300)'s bank account stays as it was changed."));
  });

  it("says a released bank-account block lets the next change through once, not an amount", async () => {
    const bankBlock = decision({ id: '0b6a1a00-0000-4000-8000-000000000007', movement: 'bank_account', subject: 'SCB:1234567890', amount: 0, outcome: 'block', rules: releasedBlock.rules });
    renderPage({ held: [bankBlock] });
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId(`risk-decision-${bankBlock.id}`)).getByTestId('risk-release'));
    const dialog = await screen.findByTestId('risk-release-dialog');
    expect(dialog).toHaveTextContent('Release this block?');
    await waitFor(() => expect(within(dialog).getByTestId('risk-release-text')).toHaveTextContent("The next change of member 0812345678 (100300)'s bank account within the next 24 hours goes through, once"));
    expect(within(dialog).getByTestId('risk-release-text')).not.toHaveTextContent('up to');
  });

  it('a release someone made first is news, naming them, not a fault', async () => {
    renderPage({ post: async () => new Response(JSON.stringify({ message: 'ALREADY_DECIDED', decidedBy: 'chai' }), { status: 409 }) });
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId(`risk-decision-${depositReview.id}`)).getByTestId('risk-release'));
    await user.click(await screen.findByTestId('risk-release-confirm'));
    expect(await screen.findByText('Already decided by chai; the list now shows the decision.')).toBeInTheDocument();
  });
});

describe('an alert in a case', () => {
  it('links to the case it joined; an approval has none', async () => {
    renderPage({ held: [{ ...depositReview, caseId: '0b6a1a00-0000-4000-8000-00000000ca5e' }, withdrawalReview] });
    const joined = await screen.findByTestId(`risk-decision-${depositReview.id}`);
    expect(within(joined).getByTestId('risk-decision-case')).toHaveAttribute('href', '/risk/cases/0b6a1a00-0000-4000-8000-00000000ca5e');
    expect(within(screen.getByTestId(`risk-decision-${withdrawalReview.id}`)).queryByTestId('risk-decision-case')).not.toBeInTheDocument();
  });
});

describe('a release by two operators', () => {
  it('the first press proposes it, and says a second operator confirms', async () => {
    renderPage({ post: async () => new Response(JSON.stringify({ decision: { ...depositReview, releaseProposedBy: 'boon' } })) });
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId(`risk-decision-${depositReview.id}`)).getByTestId('risk-release'));
    expect(await screen.findByTestId('risk-release-step')).toHaveTextContent('A release takes two operators: the first proposes it, a different one confirms it.');
    await user.click(screen.getByTestId('risk-release-confirm'));
    expect(await screen.findByText('Proposed. A second operator must confirm before it is released.')).toBeInTheDocument();
  });

  it('the proposer is offered no second press; another operator is, naming the proposer', async () => {
    renderPage({ held: [{ ...depositReview, releaseProposedBy: 'boon' }, { ...openBlock, releaseProposedBy: 'chai' }] });
    const mine = await screen.findByTestId(`risk-decision-${depositReview.id}`);
    expect(within(mine).getByTestId('risk-release-proposed')).toHaveTextContent('You proposed this release: another operator confirms it.');
    expect(within(mine).queryByTestId('risk-release')).not.toBeInTheDocument();
    const theirs = screen.getByTestId(`risk-decision-${openBlock.id}`);
    expect(within(theirs).getByTestId('risk-release-proposed')).toHaveTextContent('Release proposed by chai: a second operator confirms it.');
    expect(within(theirs).getByTestId('risk-release')).toBeInTheDocument();
  });
});

describe('the rules tab', () => {
  it('shows each rule by its name, what it decides and answers, its mode and thresholds per currency, in the rule\'s order', async () => {
    renderPage({ tab: 'rules' });
    const row = await screen.findByTestId('risk-rule-cash_in_cash_out');
    expect(row).toHaveTextContent('Cash in, cash out');
    expect(row).toHaveTextContent('cash_in_cash_out');
    expect(row).toHaveTextContent('A withdrawal after deposits that were hardly played.');
    expect(within(row).getByTestId('risk-rule-mode')).toHaveTextContent('Observe');
    expect(within(row).getByTestId('risk-params')).toHaveTextContent('Window (hours) 48 · Played at least (%) 30 · Minimum 1,000 THB / 1,000,000 LAK');
    expect(within(screen.getByTestId('risk-rule-closed_loop')).getByTestId('risk-params')).toHaveTextContent('No thresholds');
  });

  it('an admin changes a rule after the version shown, a double press saving one version', async () => {
    const { sent } = renderPage({ tab: 'rules' });
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId('risk-rule-cash_in_cash_out')).getByTestId('risk-rule-edit'));
    const form = await screen.findByTestId('risk-rule-form');
    expect(within(form).getByTestId('risk-form-save')).toBeDisabled();
    await user.selectOptions(within(form).getByTestId('risk-form-mode'), 'active');
    const minimum = within(form).getByLabelText('Minimum (THB)');
    await user.clear(minimum);
    await user.type(minimum, 'x');
    expect(form).toHaveTextContent('Each threshold is a number, 0 or more.');
    expect(within(form).getByTestId('risk-form-save')).toBeDisabled();
    await user.clear(minimum);
    await user.type(minimum, '2000');
    await user.dblClick(within(form).getByTestId('risk-form-save'));
    expect(await screen.findByText('Version 2 is in force.')).toBeInTheDocument();
    expect(sent).toEqual([{ path: '/api/admin/risk/rules/cash_in_cash_out', body: { after: 1, mode: 'active', params: { windowHours: 48, stakedPercent: 30, minimum: { THB: 2_000, LAK: 1_000_000 } } } }]);
    // The versions show after a save.
    expect(await screen.findByTestId('risk-rule-version-1')).toHaveTextContent('Version 1 · system');
  });

  it('says plainly when another admin changed the rule first, and refills the form from the version now in force', async () => {
    let current = cashInCashOut;
    renderPage({
      tab: 'rules',
      rules: () => rulesOf(current),
      post: async () => {
        current = { ...cashInCashOut, version: 2, mode: 'off' as never };
        return new Response(JSON.stringify({ message: 'RULE_CHANGED' }), { status: 409 });
      },
    });
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId('risk-rule-cash_in_cash_out')).getByTestId('risk-rule-edit'));
    const form = await screen.findByTestId('risk-rule-form');
    await user.selectOptions(within(form).getByTestId('risk-form-mode'), 'active');
    await user.click(within(form).getByTestId('risk-form-save'));
    expect(await within(form).findByTestId('risk-form-failure')).toHaveTextContent('Another operator changed this rule meanwhile: reload it and check before changing it. The form now shows the version in force: check it and save again.');
    await waitFor(() => expect(within(form).getByTestId('risk-form-mode')).toHaveValue('off'));
    expect(within(form).getByTestId('risk-form-save')).toHaveTextContent('Save as version 3');
  });

  it('a dry run posts the proposed mode and thresholds, and shows what would change over 90 days before saving', async () => {
    const { sent } = renderPage({ tab: 'rules' });
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId('risk-rule-cash_in_cash_out')).getByTestId('risk-rule-edit'));
    const form = await screen.findByTestId('risk-rule-form');
    await user.selectOptions(within(form).getByTestId('risk-form-mode'), 'active');
    const staked = within(form).getByLabelText('Played at least (%)');
    await user.clear(staked);
    await user.type(staked, '20');
    await user.click(within(form).getByTestId('risk-form-dry-run'));
    const result = await within(form).findByTestId('risk-dry-run');
    expect(sent).toEqual([{ path: '/api/admin/risk/rules/cash_in_cash_out/dry-run', body: { mode: 'active', params: { windowHours: 48, stakedPercent: 20, minimum: { THB: 1_000, LAK: 1_000_000 } } } }]);
    expect(within(result).getByTestId('risk-dry-run-summary')).toHaveTextContent('Over the last 90 days: 412 decisions, 7 would change.');
    expect(within(result).getByTestId('risk-dry-run-changes')).toHaveTextContent('Approve → Review: 5Review → Approve: 2');
    const example = within(result).getByTestId('risk-dry-run-examples');
    expect(example).toHaveTextContent('1,200.00 THB');
    expect(example).toHaveTextContent('10 % of 48 h of deposits moved to games');
    expect(within(example).getByRole('link', { name: '100302' })).toHaveAttribute('href', '/members/100302');
    // Nothing was saved: the save is still the admin's to press.
    expect(within(form).getByTestId('risk-form-save')).toBeEnabled();
    expect(within(result).queryByTestId('risk-dry-run-stale')).not.toBeInTheDocument();
    // A change after the dry run: the result no longer speaks for the form, and says so.
    await user.type(staked, '5');
    expect(within(result).getByTestId('risk-dry-run-stale')).toBeInTheDocument();
  });

  it('a finance operator reads the rules and their versions but cannot change them', async () => {
    renderPage({ tab: 'rules', roles: ['finance'] });
    const row = await screen.findByTestId('risk-rule-cash_in_cash_out');
    await waitFor(() => expect(within(row).getByTestId('risk-rule-history')).toBeInTheDocument());
    expect(within(row).queryByTestId('risk-rule-edit')).not.toBeInTheDocument();
    await userEvent.setup().click(within(row).getByTestId('risk-rule-history'));
    expect(await screen.findByTestId('risk-rule-version-1')).toHaveTextContent('in force');
  });
});
