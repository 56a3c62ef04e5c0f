import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../shared/api/client';
import { MemberNotices } from './MemberNotices';

afterEach(() => vi.restoreAllMocks());
beforeAll(() => i18n.changeLanguage('en'));
afterAll(() => i18n.changeLanguage('th'));

const sentNotice = (id: string, kind: string, testBy: string | null) => ({
  id,
  kind,
  state: 'suppressed',
  channel: null,
  outcome: 'no_consent',
  createdAt: '2026-11-30T05:00:00.000Z',
  finishedAt: '2026-11-30T05:00:01.000Z',
  testBy,
  attempts: [],
});

const renderPanel = (canSendTest: boolean) =>
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}><MemberNotices memberId="100300" canSendTest={canSendTest} /></QueryClientProvider>);

describe('the member’s notices panel', () => {
  it('sends a test notice of the chosen kind and shows it in the history as a test, with what became of it', async () => {
    saveToken('operator-token');
    let notices: ReturnType<typeof sentNotice>[] = [];
    const sent: { method: string; path: string; body: unknown }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ method, path, body });
      if (method === 'POST') {
        notices = [sentNotice('n-1', (body as { kind: string }).kind, 'copywriter'), ...notices];
        return new Response(JSON.stringify({ message: 'SUCCESS', noticeId: 'n-1' }));
      }
      return new Response(JSON.stringify({ notices }));
    });
    renderPanel(true);
    const panel = await screen.findByTestId('member-notices');
    const user = userEvent.setup();
    await user.selectOptions(within(panel).getByTestId('test-notice-kind'), 'offer');
    await user.click(within(panel).getByTestId('test-notice-send'));
    expect(sent.find((call) => call.method === 'POST')).toEqual({ method: 'POST', path: '/api/admin/members/100300/notices/test', body: { kind: 'offer' } });
    await waitFor(() => expect(within(panel).getByText('Offer · test by copywriter')).toBeInTheDocument());
    expect(within(panel).getByText('Not sent · no consent to offers')).toBeInTheDocument();
  });

  it('offers no test to an operator who may not send one, and still shows the history', async () => {
    saveToken('operator-token');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ notices: [sentNotice('n-2', 'deposit_credited', null)] })));
    renderPanel(false);
    const panel = await screen.findByTestId('member-notices');
    expect(within(panel).getByText('Deposit credited')).toBeInTheDocument();
    expect(within(panel).queryByTestId('test-notice')).not.toBeInTheDocument();
  });
});
