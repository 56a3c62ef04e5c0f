import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../shared/api/client';
import { fakeServer } from '../../shared/test/fake-server';
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
    const sent = fakeServer(({ method, body }) => {
      if (method !== 'POST') return { notices };
      notices = [sentNotice('n-1', (body as { kind: string }).kind, 'copywriter'), ...notices];
      return { message: 'SUCCESS', noticeId: 'n-1' };
    });
    renderPanel(true);
    const panel = await screen.findByTestId('member-notices');
    const user = userEvent.setup();
    await user.selectOptions(within(panel).getByTestId('test-notice-kind'), 'offer');
    await user.click(within(panel).getByTestId('test-notice-send'));
    expect(sent.find((call) => call.method === 'POST')).toEqual({ method: 'POST', path: '/api/admin/members/100300/notices/test', body: { kind: 'offer' }, idempotencyKey: expect.any(String) });
    await waitFor(() => expect(within(panel).getByText('Offer · test by copywriter')).toBeInTheDocument());
    expect(within(panel).getByText('Not sent · no consent to offers')).toBeInTheDocument();
  });

  it('sends one intent per press: a double click carries one key, the next press another', async () => {
    saveToken('operator-token');
    const sent = fakeServer(({ method }) => (method === 'POST' ? { message: 'SUCCESS', noticeId: 'n-3' } : { notices: [] }));
    renderPanel(true);
    const panel = await screen.findByTestId('member-notices');
    const user = userEvent.setup();
    await user.dblClick(within(panel).getByTestId('test-notice-send'));
    await waitFor(() => expect(within(panel).getByTestId('test-notice-send')).toBeEnabled(), { timeout: 3_000 });
    const doubleClick = new Set(sent.filter((call) => call.method === 'POST').map((call) => call.idempotencyKey));
    expect(doubleClick.size).toBe(1);
    await user.click(within(panel).getByTestId('test-notice-send'));
    await waitFor(() => expect(new Set(sent.filter((call) => call.method === 'POST').map((call) => call.idempotencyKey)).size).toBe(2));
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
