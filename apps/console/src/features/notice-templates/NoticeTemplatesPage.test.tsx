import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTICE_KINDS, NOTICE_LANGUAGES, type NoticeTemplateItem } from '@wallet/contract';
import i18n from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../shared/api/client';
import { fakeServer } from '../../shared/test/fake-server';
import { NoticeTemplatesPage } from './NoticeTemplatesPage';

afterEach(() => vi.restoreAllMocks());
beforeAll(() => i18n.changeLanguage('en'));
afterAll(() => i18n.changeLanguage('th'));

const BUILT_IN: Record<string, { title: string; body: string }> = {
  th: { title: 'ฝากเงินสำเร็จ', body: 'ยอด {amount} เข้ากระเป๋าของคุณแล้ว' },
  lo: { title: 'ຝາກເງິນສຳເລັດ', body: 'ຍອດ {amount} ເຂົ້າກະເປົາຂອງທ່ານແລ້ວ' },
  en: { title: 'Deposit credited', body: '{amount} is in your wallet.' },
};
const builtIn = (kind: NoticeTemplateItem['kind'], language: NoticeTemplateItem['language']): NoticeTemplateItem => {
  const text = kind === 'deposit_credited' ? BUILT_IN[language]! : { title: `${kind} title`, body: `${kind} body` };
  return { kind, language, title: text.title, body: text.body, defaultTitle: text.title, defaultBody: text.body, edited: false, updatedBy: null, updatedAt: null };
};

/** The server as the editor sees it: the list, a save that keeps what it is sent, a reset that returns the built-in text. */
function editorServer(sample: { amount: string; currency: 'THB' | 'LAK' }) {
  let templates = NOTICE_KINDS.flatMap((kind) => NOTICE_LANGUAGES.map((language) => builtIn(kind, language)));
  return fakeServer(({ method, path, body }) => {
    if (method === 'GET') return { templates, sample };
    const [kind, language] = path.split('/').slice(-2) as [NoticeTemplateItem['kind'], NoticeTemplateItem['language']];
    const item: NoticeTemplateItem =
      method === 'PUT' ? { ...builtIn(kind, language), ...(body as { title: string; body: string }), edited: true, updatedBy: 'copywriter', updatedAt: '2026-11-30T05:00:00.000Z' } : builtIn(kind, language);
    templates = templates.map((row) => (row.kind === kind && row.language === language ? item : row));
    return item;
  });
}

const renderPage = () => render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}><NoticeTemplatesPage /></QueryClientProvider>);

describe('the notice texts editor', () => {
  it('previews each language with the sample amount as it is typed, saves the edit, and resets it to the built-in text', async () => {
    saveToken('operator-token');
    const sent = editorServer({ amount: '125000', currency: 'THB' });
    renderPage();
    const thai = await screen.findByTestId('template-deposit_credited-th');
    expect(within(thai).getByTestId('template-deposit_credited-th-preview')).toHaveTextContent('ยอด 1,250.00 บาท เข้ากระเป๋าของคุณแล้ว');
    expect(screen.getByTestId('template-deposit_credited-en-preview')).toHaveTextContent('1,250.00 THB is in your wallet.');
    expect(screen.getByTestId('template-deposit_credited-lo-preview')).toHaveTextContent('ຍອດ 1,250.00 ບາດ ເຂົ້າກະເປົາຂອງທ່ານແລ້ວ');
    expect(within(thai).getByTestId('template-deposit_credited-th-save')).toBeDisabled();

    const user = userEvent.setup();
    const title = within(thai).getByTestId('template-deposit_credited-th-title');
    const body = within(thai).getByTestId('template-deposit_credited-th-body');
    await user.clear(title);
    await user.type(title, 'เงินเข้าแล้ว');
    await user.clear(body);
    await user.type(body, 'ได้รับ {{amount} แล้ว');
    expect(within(thai).getByTestId('template-deposit_credited-th-preview')).toHaveTextContent('เงินเข้าแล้วได้รับ 1,250.00 บาท แล้ว');
    await user.click(within(thai).getByTestId('template-deposit_credited-th-save'));
    await waitFor(() => expect(within(screen.getByTestId('template-deposit_credited-th')).getByText('Edited by copywriter')).toBeInTheDocument());
    expect(sent.find((call) => call.method === 'PUT')).toEqual({ method: 'PUT', path: '/api/admin/notice-templates/deposit_credited/th', body: { title: 'เงินเข้าแล้ว', body: 'ได้รับ {amount} แล้ว' } });

    await user.click(within(screen.getByTestId('template-deposit_credited-th')).getByTestId('template-deposit_credited-th-reset'));
    await waitFor(() => expect(within(screen.getByTestId('template-deposit_credited-th')).getByText('Built-in text')).toBeInTheDocument());
    expect(sent.some((call) => call.method === 'DELETE' && call.path === '/api/admin/notice-templates/deposit_credited/th')).toBe(true);
    expect(screen.getByTestId('template-deposit_credited-th-title')).toHaveValue('ฝากเงินสำเร็จ');
  });

  it('says why a text cannot be saved before anything is sent: an unknown placeholder, or the amount dropped', async () => {
    saveToken('operator-token');
    const sent = editorServer({ amount: '5000000', currency: 'LAK' });
    renderPage();
    const lao = await screen.findByTestId('template-deposit_credited-lo');
    // The Lao site's sample is in kip, shown whole.
    expect(within(lao).getByTestId('template-deposit_credited-lo-preview')).toHaveTextContent('ຍອດ 50,000 ກີບ');
    const user = userEvent.setup();
    const body = within(lao).getByTestId('template-deposit_credited-lo-body');
    await user.clear(body);
    await user.type(body, 'ສະບາຍດີ {{name} {{amount}');
    expect(within(lao).getByTestId('template-deposit_credited-lo-problem')).toHaveTextContent('Only {amount} may be written in braces');
    expect(within(lao).getByTestId('template-deposit_credited-lo-save')).toBeDisabled();
    await user.clear(body);
    await user.type(body, 'ເງິນເຂົ້າແລ້ວ');
    expect(within(lao).getByTestId('template-deposit_credited-lo-problem')).toHaveTextContent('keep {amount}');
    expect(within(lao).getByTestId('template-deposit_credited-lo-save')).toBeDisabled();
    expect(within(lao).getByTestId('template-deposit_credited-lo-reset')).toBeDisabled();
    expect(sent.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});
