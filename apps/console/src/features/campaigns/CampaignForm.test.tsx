import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { Toaster } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../shared/api/client';
import { CampaignForm } from './CampaignForm';

const campaignAnswer = (id: string, body: Record<string, unknown>, status: string) => ({
  _id: id,
  createdBy: 'marketer',
  createdAt: '2026-11-30T05:00:00.000Z',
  sentBy: status === 'draft' ? null : 'marketer',
  sentAt: status === 'draft' ? null : '2026-11-30T05:00:01.000Z',
  matched: status === 'draft' ? null : 120,
  notices: { written: 0, pending: 0, sent: 0, suppressed: 0, undelivered: 0 },
  status,
  ...body,
});

/** The form against a stub server that takes a moment to answer, recording every call that changes something. */
function renderForm() {
  const sent: Array<{ method: string; path: string; body: Record<string, unknown> | null }> = [];
  let draft: Record<string, unknown> = {};
  saveToken('operator-token');
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
    sent.push({ method: init.method ?? 'GET', path, body });
    await new Promise((resolve) => setTimeout(resolve, 30));
    if (path.endsWith('/segment-counts')) return new Response(JSON.stringify({ matched: 120, reachable: 45 }));
    const id = path.split('/')[4]!;
    if (init.method === 'PUT') {
      draft = body!;
      return new Response(JSON.stringify(campaignAnswer(id, draft, 'draft')));
    }
    return new Response(JSON.stringify(campaignAnswer(id, draft, 'sent')));
  });
  const done = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CampaignForm onDone={done} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { sent, done, changes: () => sent.filter((call) => !call.path.endsWith('/segment-counts')) };
}
afterEach(() => vi.restoreAllMocks());
beforeAll(() => i18n.changeLanguage('en'));
afterAll(() => i18n.changeLanguage('th'));

describe('a new offer campaign', () => {
  it('counts the segment before it can be sent, and asks again once the segment changes', async () => {
    const user = userEvent.setup();
    const { sent } = renderForm();
    expect(screen.getByTestId('campaign-send')).toBeDisabled();
    await user.click(screen.getByTestId('segment-language-th'));
    await user.type(screen.getByTestId('segment-registered'), '30');
    await user.selectOptions(screen.getByTestId('segment-deposits'), 'never');
    await user.click(screen.getByTestId('segment-count'));
    expect(await screen.findByTestId('segment-counts')).toHaveTextContent('120 members match; 45 of them can receive offers now.');
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/api/admin/notice-campaigns/segment-counts', body: { languages: ['th'], registeredWithinDays: 30, activeWithinDays: null, deposits: { kind: 'never' } } });
    expect(screen.getByTestId('campaign-send')).toHaveTextContent('Send to 120 members');
    expect(screen.getByTestId('campaign-send')).toBeEnabled();

    await user.type(screen.getByTestId('segment-active'), '7');
    expect(screen.queryByTestId('segment-counts')).not.toBeInTheDocument();
    expect(screen.getByTestId('campaign-send')).toBeDisabled();
  });

  it('asks for the texts of each language the segment reads, and previews each as the phone shows it', async () => {
    const user = userEvent.setup();
    renderForm();
    for (const language of ['th', 'lo', 'en']) expect(screen.getByTestId(`campaign-text-${language}`)).toBeInTheDocument();
    await user.click(screen.getByTestId('segment-language-en'));
    expect(screen.queryByTestId('campaign-text-th')).not.toBeInTheDocument();
    await user.type(screen.getByTestId('campaign-title-en'), 'Weekend bonus');
    await user.type(screen.getByTestId('campaign-body-en'), 'Deposit today for 100%');
    expect(screen.getByTestId('campaign-preview-en')).toHaveTextContent('Weekend bonus');
    expect(screen.getByTestId('campaign-preview-en')).toHaveTextContent('Deposit today for 100%');
  });

  it('refuses a placeholder and sends nothing', async () => {
    const user = userEvent.setup();
    const { changes } = renderForm();
    await user.click(screen.getByTestId('segment-language-en'));
    await user.click(screen.getByTestId('segment-count'));
    await screen.findByTestId('segment-counts');
    await user.type(screen.getByTestId('campaign-name'), 'Weekend');
    await user.type(screen.getByTestId('campaign-title-en'), 'Hi {{name}');
    await user.type(screen.getByTestId('campaign-body-en'), 'Deposit today');
    await user.click(screen.getByTestId('campaign-send'));
    expect(await screen.findByText('Some information is not valid.')).toBeInTheDocument();
    expect(changes()).toEqual([]);
  });

  it('sends once on a double click: one campaign written, one send, under one id', async () => {
    const user = userEvent.setup();
    const { changes, done } = renderForm();
    await user.click(screen.getByTestId('segment-language-th'));
    await user.click(screen.getByTestId('segment-count'));
    await screen.findByTestId('segment-counts');
    await user.type(screen.getByTestId('campaign-name'), 'Weekend');
    await user.selectOptions(screen.getByTestId('campaign-path'), '/user/bonus');
    await user.type(screen.getByTestId('campaign-title-th'), 'โบนัสสุดสัปดาห์');
    await user.type(screen.getByTestId('campaign-body-th'), 'ฝากวันนี้รับโบนัส');
    await user.dblClick(screen.getByTestId('campaign-send'));
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    const calls = changes();
    expect(calls.map((call) => call.method)).toEqual(['PUT', 'POST']);
    const id = calls[0]!.path.split('/')[4];
    expect(calls[1]!.path).toBe(`/api/admin/notice-campaigns/${id}/send`);
    expect(calls[0]!.body).toEqual({
      name: 'Weekend',
      path: '/user/bonus',
      segment: { languages: ['th'], currency: null, sourceCode: null, registeredWithinDays: null, activeWithinDays: null, deposits: { kind: 'any' } },
      texts: { th: { title: 'โบนัสสุดสัปดาห์', body: 'ฝากวันนี้รับโบนัส' } },
    });
    expect(await screen.findByText('Campaign sent to 120 members')).toBeInTheDocument();
  });
});
