import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../shared/i18n';
import { OverlayContext } from '../../shared/overlays/overlays';
import { ProfilePage } from './ProfilePage';
import { MemoryRouter } from 'react-router';

const profile = {
  profile: { name: 'สมชาย ใจดี', _id: '7', createdAt: '2026-11-01T03:04:05.000Z', username: '0812345678' },
  bankAccount: { bankCode: 'KBANK', bankAccountName: 'สมชาย ใจดี', bankAccountNo: '1234567890', bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' } },
};

/** The profile's own dialogs are its own; overlays of other features are not drawn here. */
const NO_OVERLAYS = { open: () => Promise.resolve(undefined), closeAll: () => undefined, preload: async () => undefined };

function answer(url: string, init?: RequestInit): Response {
  if (url.endsWith('/api/account/changepwd') && init?.method === 'PUT') return new Response(JSON.stringify({ message: 'WRONG_PASSWORD' }), { status: 400 });
  return new Response(JSON.stringify(profile), { status: 200 });
}

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('th');
});

describe('change-password modal', () => {
  it('keeps its error line in step with the language', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => answer(String(input), init));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <OverlayContext.Provider value={NO_OVERLAYS}>
            <ProfilePage />
          </OverlayContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('open-change-password'));
    await user.type(screen.getByLabelText('รหัสผ่านเดิม'), 'old-pass');
    await user.type(screen.getByLabelText('รหัสผ่านใหม่'), 'new-pass-1');
    await user.type(screen.getByLabelText('ยืนยันรหัสผ่านใหม่'), 'new-pass-2');
    await user.click(screen.getByTestId('save-password'));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('รหัสผ่านใหม่ไม่ตรงกัน');
    await act(() => i18n.changeLanguage('en'));
    expect(alert).toHaveTextContent('The new passwords are not equal.');
  });

  it('shows a server refusal in the language chosen afterwards', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => answer(String(input), init));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <OverlayContext.Provider value={NO_OVERLAYS}>
            <ProfilePage />
          </OverlayContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('open-change-password'));
    await user.type(screen.getByLabelText('รหัสผ่านเดิม'), 'old-pass');
    await user.type(screen.getByLabelText('รหัสผ่านใหม่'), 'new-pass-1');
    await user.type(screen.getByLabelText('ยืนยันรหัสผ่านใหม่'), 'new-pass-1');
    await user.click(screen.getByTestId('save-password'));
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
  });

  it('sends one request for a double tap on save', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (String(input).endsWith('/api/account/changepwd')) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        return new Response(JSON.stringify({ message: 'SUCCESS' }), { status: 200 });
      }
      return answer(String(input), init);
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <OverlayContext.Provider value={NO_OVERLAYS}>
            <ProfilePage />
          </OverlayContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('open-change-password'));
    await user.type(screen.getByLabelText('รหัสผ่านเดิม'), 'old-pass');
    await user.type(screen.getByLabelText('รหัสผ่านใหม่'), 'new-pass-1');
    await user.type(screen.getByLabelText('ยืนยันรหัสผ่านใหม่'), 'new-pass-1');
    // Two taps before React re-renders the button busy.
    const save = screen.getByTestId('save-password');
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(screen.queryByTestId('save-password')).not.toBeInTheDocument());
    const changes = fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/api/account/changepwd'));
    expect(changes).toHaveLength(1);
  });
});

describe('notifications row', () => {
  it('opens the notifications sheet by name', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => answer(String(input), init));
    const open = vi.fn(() => Promise.resolve(undefined));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <OverlayContext.Provider value={{ open, closeAll: () => undefined, preload: async () => undefined }}>
            <ProfilePage />
          </OverlayContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const row = await screen.findByTestId('open-notices');
    expect(row).toHaveTextContent('การแจ้งเตือน');
    await userEvent.setup().click(row);
    expect(open).toHaveBeenCalledWith('notices', {});
  });
});
