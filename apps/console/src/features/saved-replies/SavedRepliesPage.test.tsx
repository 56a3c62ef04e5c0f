import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../shared/api/client';
import { fakeServer } from '../../shared/test/fake-server';
import { SavedRepliesPage } from './SavedRepliesPage';

type Template = { _id: string; title: string; message: unknown };
afterEach(() => vi.restoreAllMocks());
beforeAll(() => i18n.changeLanguage('en'));
afterAll(() => i18n.changeLanguage('th'));

describe('the saved replies screen', () => {
  it('writes a reply with choices, lists it, and removes it', async () => {
    saveToken('operator-token');
    let templates: Template[] = [{ _id: 't-1', title: 'greeting', message: { message_type: 'text', payload: 'สวัสดีค่ะ' } }];
    const sent = fakeServer(({ method, path, body }) => {
      if (method === 'POST') templates = [...templates, { _id: 't-2', ...(body as Omit<Template, '_id'>) }];
      if (method === 'DELETE') templates = templates.filter((template) => !path.endsWith(template._id));
      return { templates };
    });
    render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}><MemoryRouter><SavedRepliesPage /></MemoryRouter></QueryClientProvider>);
    expect(await screen.findByTestId('saved-reply-greeting')).toHaveTextContent('สวัสดีค่ะ');

    const user = userEvent.setup();
    await user.type(screen.getByTestId('saved-reply-title'), 'withdraw time');
    await user.selectOptions(screen.getByLabelText('Kind'), 'quick_replies');
    await user.type(screen.getByTestId('saved-reply-text'), 'Which withdrawal?');
    await user.type(screen.getByTestId('saved-reply-choices'), 'Today{Enter}Yesterday');
    await user.click(screen.getByTestId('saved-reply-save'));
    expect(await screen.findByTestId('saved-reply-withdraw time')).toHaveTextContent('Which withdrawal? [Today | Yesterday]');
    expect(sent.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/admin/chat/templates',
      body: {
        title: 'withdraw time',
        message: { message_type: 'quick_replies', payload: { text: 'Which withdrawal?', quick_replies: [{ type: 'postback', title: 'Today', payload: 'Today' }, { type: 'postback', title: 'Yesterday', payload: 'Yesterday' }] } },
      },
    });

    await user.click(within(screen.getByTestId('saved-reply-greeting')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('saved-reply-greeting')).not.toBeInTheDocument());
    expect(sent.some((call) => call.method === 'DELETE' && call.path === '/api/admin/chat/templates/t-1')).toBe(true);
  });
});
