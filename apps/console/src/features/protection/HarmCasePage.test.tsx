import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HarmCaseDetail } from '@wallet/contract';
import i18n from 'i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../shared/api/client';
import { CASE_ID, MINUTE, NOW, harmDetail } from './fixtures';
import { HarmCasePage } from './HarmCasePage';

type Sent = { method: string; path: string; body: unknown };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const member = {
  _id: '100300', phone: '0812345678', name: 'Somchai', status: 'active', bankCode: 'SCB', bankAccountNo: '1234567890', inviteCode: 'PR100300', createdAt: '2026-04-01T03:00:00.000Z', wallet: 0,
  bankAccountName: 'SOMCHAI', bankName: 'SCB', currency: 'THB', sourceCode: null, inviter: null, invitees: 0, accounts: [], condition: null, sessions: [],
};
const action = (kind: HarmCaseDetail['actions'][number]['kind'], detail: string, minutesAgo: number) => ({ id: `a-${kind}-${minutesAgo}`, kind, detail, by: 'boon', at: NOW - minutesAgo * MINUTE });

/** The case page against a stub server; `answer` answers each change (by default the case as `change` last set it). */
function renderCase(options: { shown?: HarmCaseDetail; answer?: (sent: Sent) => Response | undefined } = {}) {
  const sent: Sent[] = [];
  let shown = options.shown ?? harmDetail();
  saveToken('operator-token');
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init.method ?? 'GET';
    if (method !== 'GET') {
      const call = { method, path, body: init.body ? JSON.parse(String(init.body)) : undefined };
      sent.push(call);
      // The server takes a moment: a double press lands while the first call is on its way.
      await new Promise((resolve) => setTimeout(resolve, 30));
      return options.answer?.(call) ?? json({ case: shown });
    }
    if (path === '/api/admin/me') return json({ _id: '2', username: 'boon', roles: ['support'], totp: false });
    if (path === `/api/admin/protection/cases/${CASE_ID}`) return json({ case: shown });
    if (path === '/api/admin/members/100300') return json(member);
    return json({ message: 'NO_DATA' }, 404);
  });
  const router = createMemoryRouter([{ path: '/protection/cases/:id', element: <HarmCasePage /> }], { initialEntries: [`/protection/cases/${CASE_ID}`] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return {
    sent,
    /** The server's case from now on (what the next change answers, and a reload reads). */
    change: (next: HarmCaseDetail) => {
      shown = next;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
beforeAll(() => i18n.changeLanguage('en'));
afterAll(() => i18n.changeLanguage('th'));

describe('a harm case', () => {
  it('shows the member, the clock, the assessment with what each marker saw, and what the desk did', async () => {
    renderCase({ shown: harmDetail({ actions: [action('note', 'Called twice, no answer.', 5)] }) });
    const summary = await screen.findByTestId('harm-case-summary');
    expect(within(summary).getByTestId('harm-case-member')).toHaveTextContent('0812345678');
    expect(within(summary).getByTestId('harm-case-member')).toHaveAttribute('href', '/members/100300');
    expect(within(summary).getByTestId('harm-case-status')).toHaveTextContent('Open');
    expect(within(summary).getByTestId('harm-level')).toHaveTextContent('Interact');
    expect(within(summary).getByTestId('harm-clock')).toHaveTextContent('40 min left');
    expect(summary).toHaveTextContent('29/11/2026 14:40:00');
    const assessment = screen.getByTestId('harm-case-assessment');
    expect(assessment).toHaveTextContent('score 7, level Interact');
    expect(within(assessment).getByTestId('harm-marker-chasing_losses')).toHaveTextContent('Chasing losses');
    expect(within(assessment).getByTestId('harm-marker-chasing_losses')).toHaveTextContent('+4');
    expect(within(assessment).getByTestId('harm-marker-chasing_losses')).toHaveTextContent('3 deposits within 30 min of a loss in 7 days');
    expect(within(assessment).getByTestId('harm-marker-night_play')).toHaveTextContent('rule version 2');
    // A note is not an action on the member: it does not stop the clock.
    expect(screen.getByTestId('harm-case-action')).toHaveTextContent('Noteboon');
    expect(screen.getByTestId('harm-case-action')).toHaveTextContent('Called twice, no answer.');
    expect(screen.getByTestId('harm-case-action')).not.toHaveTextContent('first action');
  });

  it('says overdue once the hour has passed with no action', async () => {
    renderCase({ shown: harmDetail({ openedAt: NOW - 80 * MINUTE, dueAt: NOW - 20 * MINUTE }) });
    expect(await screen.findByTestId('harm-clock')).toHaveTextContent('Overdue 20 min');
  });

  it('sends a message after saying the member reads it in their chat; a double press sends it once', async () => {
    const { sent, change } = renderCase();
    const user = userEvent.setup();
    const text = 'We noticed long sessions late at night. Would a break or a limit help?';
    change(harmDetail({ firstActionAt: NOW, actions: [action('message', text, 0)] }));
    await user.type(await screen.findByTestId('harm-message-text'), text);
    await user.click(screen.getByTestId('harm-message-submit'));
    const dialog = await screen.findByTestId('harm-confirm-dialog');
    expect(within(dialog).getByTestId('harm-confirm-effect')).toHaveTextContent('The member reads this message in their support chat');
    expect(within(dialog).getByTestId('harm-confirm-preview')).toHaveTextContent(text);
    expect(sent).toEqual([]);
    await user.dblClick(within(dialog).getByTestId('harm-confirm'));
    expect(await screen.findByText('Message sent.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: `/api/admin/protection/cases/${CASE_ID}/actions`, body: { kind: 'message', text } }]);
    expect(screen.getByTestId('harm-message-text')).toHaveValue('');
    expect(screen.getByTestId('harm-case-action')).toHaveTextContent('first action');
    expect(screen.getByTestId('harm-clock')).toHaveTextContent('Acted after 20 min');
  });

  it('applies a break of the period chosen, saying what it stops', async () => {
    const { sent } = renderCase();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByTestId('harm-break-period'), '1w');
    await user.click(screen.getByTestId('harm-break-submit'));
    expect(screen.getByTestId('harm-break')).toHaveTextContent('Write at least 3 characters.');
    expect(screen.queryByTestId('harm-confirm-dialog')).not.toBeInTheDocument();
    await user.type(screen.getByTestId('harm-break-reason'), 'Chasing losses at night');
    await user.click(screen.getByTestId('harm-break-submit'));
    const dialog = await screen.findByTestId('harm-confirm-dialog');
    expect(within(dialog).getByTestId('harm-confirm-effect')).toHaveTextContent('The member goes on a break of 1 week from now: no deposits, no transfers to games');
    expect(within(dialog).getByTestId('harm-confirm-effect')).toHaveTextContent('They are not messaged about it');
    await user.dblClick(within(dialog).getByTestId('harm-confirm'));
    expect(await screen.findByText('Break applied.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: `/api/admin/protection/cases/${CASE_ID}/actions`, body: { kind: 'break', period: '1w', reason: 'Chasing losses at night' } }]);
  });

  it('lowers a limit in the member\'s money, with the message they read', async () => {
    const { sent } = renderCase();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByTestId('harm-limit-kind'), 'deposit_week');
    await user.type(screen.getByTestId('harm-limit-amount'), '2000');
    await user.type(screen.getByTestId('harm-limit-text'), 'We lowered your weekly deposit limit to 2,000 baht.');
    await user.click(screen.getByTestId('harm-limit-submit'));
    const dialog = await screen.findByTestId('harm-confirm-dialog');
    expect(within(dialog).getByTestId('harm-confirm-effect')).toHaveTextContent('limit "Deposits per week" becomes 2,000.00 THB at once');
    expect(within(dialog).getByTestId('harm-confirm-preview')).toHaveTextContent('We lowered your weekly deposit limit');
    await user.dblClick(within(dialog).getByTestId('harm-confirm'));
    expect(await screen.findByText('Limit lowered.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: `/api/admin/protection/cases/${CASE_ID}/actions`, body: { kind: 'limit', limit: 'deposit_week', amount: 2000, text: 'We lowered your weekly deposit limit to 2,000 baht.' } }]);
  });

  it('adds a note without a confirmation (the member never sees it), once for a double press', async () => {
    const { sent } = renderCase();
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('harm-note-text'), 'Member said they are fine.');
    await user.dblClick(screen.getByTestId('harm-note-submit'));
    expect(await screen.findByText('Note added.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: `/api/admin/protection/cases/${CASE_ID}/actions`, body: { kind: 'note', text: 'Member said they are fine.' } }]);
  });

  it('closes with an outcome and a note, once for a double press, and then shows it closed without forms', async () => {
    const { sent, change } = renderCase({ shown: harmDetail({ firstActionAt: NOW - 5 * MINUTE, actions: [action('break', '24h: chasing losses', 5)] }) });
    const user = userEvent.setup();
    change(harmDetail({ status: 'closed', outcome: 'restricted', firstActionAt: NOW - 5 * MINUTE, closedAt: NOW, closedBy: 'boon', closingNote: 'On a break; limits talked through.', actions: [action('break', '24h: chasing losses', 5)] }));
    await user.click(await screen.findByTestId('harm-case-close'));
    const dialog = await screen.findByTestId('harm-close-dialog');
    expect(dialog).toHaveTextContent('Closing does nothing more to the member and tells them nothing');
    await user.click(within(dialog).getByTestId('harm-close-confirm'));
    expect(dialog).toHaveTextContent('Choose an outcome.');
    await user.click(within(dialog).getByTestId('harm-outcome-restricted'));
    await user.type(within(dialog).getByTestId('harm-close-note'), 'On a break; limits talked through.');
    await user.dblClick(within(dialog).getByTestId('harm-close-confirm'));
    expect(await screen.findByText('Case closed.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: `/api/admin/protection/cases/${CASE_ID}/close`, body: { outcome: 'restricted', note: 'On a break; limits talked through.' } }]);
    expect(screen.getByTestId('harm-case-status')).toHaveTextContent('Closed · Restricted');
    expect(screen.getByTestId('harm-case-closed')).toHaveTextContent('Restricted · by boon · 29/11/2026 14:00:00');
    expect(screen.getByTestId('harm-case-closing-note')).toHaveTextContent('On a break; limits talked through.');
    expect(screen.queryByTestId('harm-case-actions')).not.toBeInTheDocument();
    expect(screen.queryByTestId('harm-case-close')).not.toBeInTheDocument();
  });

  it('reloads and says who closed it when another operator closed it first', async () => {
    const { change } = renderCase({ answer: () => json({ message: 'ALREADY_DECIDED', decidedBy: 'chai' }, 409) });
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('harm-message-text'), 'Are you all right?');
    await user.click(screen.getByTestId('harm-message-submit'));
    change(harmDetail({ status: 'closed', outcome: 'no_concern', closedAt: NOW, closedBy: 'chai', closingNote: 'Spoke on the phone.' }));
    await user.click(within(await screen.findByTestId('harm-confirm-dialog')).getByTestId('harm-confirm'));
    expect(await screen.findByText('Already decided by chai; the list now shows the decision.')).toBeInTheDocument();
    expect(await screen.findByTestId('harm-case-closed')).toHaveTextContent('No concern · by chai');
  });
});
