import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../shared/api/client';
import { PromotionsPage } from './PromotionsPage';

const banner = { _id: '6f1c2d3e-0000-4000-8000-000000000001', placement: 'invite', offerCode: null, position: 2, image: '/api/banners/image/a.png', html: { th: 'ชวนเพื่อน', lo: 'ຊວນໝູ່', en: 'Invite a friend' }, createdAt: '2026-11-01T03:00:00.000Z' };
afterEach(() => vi.restoreAllMocks());
beforeAll(() => i18n.changeLanguage('en'));
afterAll(() => i18n.changeLanguage('th'));

describe('editing a banner', () => {
  it('changes its order and texts in place, keeping its picture', async () => {
    saveToken('operator-token');
    const patches: { path: string; body: unknown }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as { position: number; html: typeof banner.html };
        patches.push({ path, body });
        return new Response(JSON.stringify({ ...banner, ...body }));
      }
      if (path === '/api/admin/me') return new Response(JSON.stringify({ _id: '1', username: 'mia', roles: ['marketing'], totp: false }));
      if (path === '/api/admin/banners') return new Response(JSON.stringify({ banners: [banner] }));
      return new Response(JSON.stringify({ total: 0, offers: [] }));
    });
    render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}><PromotionsPage /></QueryClientProvider>);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('promotions-tab-banners'));
    await user.click(await screen.findByTestId('banner-edit-2'));
    const dialog = await screen.findByTestId('banner-edit');
    const position = screen.getByTestId('banner-edit-position');
    await user.clear(position);
    await user.type(position, '0');
    const thai = within(dialog).getByLabelText('Text (html) (th)');
    await user.clear(thai);
    await user.type(thai, 'ชวนเพื่อนรับโบนัส');
    expect(dialog.querySelector('img')).toHaveAttribute('src', banner.image);
    await user.click(screen.getByTestId('banner-edit-save'));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({ path: `/api/admin/banners/${banner._id}`, body: { position: 0, html: { ...banner.html, th: 'ชวนเพื่อนรับโบนัส' } } });
    await waitFor(() => expect(screen.queryByTestId('banner-edit')).not.toBeInTheDocument());
  });
});
