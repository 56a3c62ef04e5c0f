import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../shared/i18n';
import { LineRow } from './LineRow';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{pathname + search}</output>;
}

function renderRow(at = '/user/profile') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/user/profile" element={<><LineRow /><Address /></>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('th');
});

describe('the LINE row of the profile page', () => {
  it('offers to connect LINE and sends the member to LINE Login', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith('/api/notices/line/link')) return json({ url: 'https://access.line.me/oauth2/v2.1/authorize?state=s' });
      return json({ linked: false, following: false, linkedAt: null });
    });
    await i18n.changeLanguage('en');
    renderRow();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Connect LINE' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://access.line.me/oauth2/v2.1/authorize?state=s'));
  });

  it('shows a linked LINE as connected, and disconnects it', async () => {
    const calls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
      if (init?.method === 'DELETE') return json({ linked: false, following: false, linkedAt: null });
      return json({ linked: true, following: true, linkedAt: 1_800_000_000_000 });
    });
    renderRow();
    expect(await screen.findByTestId('line-state')).toHaveTextContent('เชื่อมต่อแล้ว');
    await userEvent.setup().click(screen.getByTestId('line-disconnect'));
    expect(await screen.findByTestId('line-connect')).toHaveTextContent('เชื่อมต่อ LINE');
    expect(calls.some((call) => call.startsWith('DELETE') && call.endsWith('/api/notices/line/link'))).toBe(true);
  });

  it('says why linking was refused, in the member’s language, and takes the result off the address', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ linked: false, following: false, linkedAt: null }));
    renderRow('/user/profile?line=LINE_ACCOUNT_TAKEN');
    expect(await screen.findByText('บัญชี LINE นี้เชื่อมต่อกับสมาชิกคนอื่นอยู่แล้ว')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/user\/profile$/));
  });
});
