import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n, * as texts from '../../shared/i18n';
import { LoginPage } from './LoginPage';

// The real loader unless a test holds it back.
vi.mock('../../shared/i18n', async (original) => {
  const actual = await original<typeof texts>();
  return { ...actual, loadAllTexts: vi.fn(actual.loadAllTexts) };
});

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/user', element: <p>member area</p> },
      { path: '/forgot-password', element: <p>forgot password page</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(async () => {
  vi.restoreAllMocks();
  vi.mocked(texts.loadAllTexts).mockReset();
  await i18n.changeLanguage('th');
});

describe('login screen', () => {
  it('shows the translated error under the form and clears it on typing', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ message: 'WRONG_CREDENTIAL' }), { status: 401 }));
    renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('เบอร์โทรศัพท์'), '0812345678');
    await user.type(screen.getByLabelText('รหัสผ่าน'), 'wrong-pass');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('เบอร์โทรศัพท์หรือรหัสผ่านไม่ถูกต้อง')).toBeInTheDocument();
    await user.type(screen.getByLabelText('รหัสผ่าน'), 'x');
    expect(screen.getByTestId('login-error')).toBeEmptyDOMElement();
  });

  it('asks for both fields without calling the server', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    renderLogin();
    await userEvent.setup().click(screen.getByTestId('login-submit'));
    expect(screen.getByTestId('login-error')).toHaveTextContent('กรุณากรอกเบอร์โทรศัพท์และรหัสผ่าน');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stores the token in sessionStorage when remember-me is off, then goes to /user', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ token: 'tok' }), { status: 200 }));
    const router = renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('เบอร์โทรศัพท์'), '0812345678');
    await user.type(screen.getByLabelText('รหัสผ่าน'), 'demo1234');
    await user.click(screen.getByLabelText('จดจำฉันไว้'));
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('member area')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user');
    expect(sessionStorage.getItem('token')).toBe('tok');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows the error line in the new language after a language switch', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ message: 'WRONG_CREDENTIAL' }), { status: 401 }));
    renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('เบอร์โทรศัพท์'), '0812345678');
    await user.type(screen.getByLabelText('รหัสผ่าน'), 'wrong-pass');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('เบอร์โทรศัพท์หรือรหัสผ่านไม่ถูกต้อง')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('login-error')).toHaveTextContent('Phone number or password is incorrect.');
    await act(() => i18n.changeLanguage('lo'));
    expect(screen.getByTestId('login-error')).toHaveTextContent('ເບີໂທລະສັບ ຫຼື ລະຫັດຜ່ານບໍ່ຖືກຕ້ອງ');
  });

  it('waits for the error table before it says why a login failed (it is not in the first texts)', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ message: 'WRONG_CREDENTIAL' }), { status: 401 }));
    let textsIn = () => {};
    vi.mocked(texts.loadAllTexts).mockImplementation(() => new Promise<void>((resolve) => (textsIn = resolve)));
    renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('เบอร์โทรศัพท์'), '0812345678');
    await user.type(screen.getByLabelText('รหัสผ่าน'), 'wrong-pass');
    await user.click(screen.getByTestId('login-submit'));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Not the raw code while the texts are on their way.
    expect(screen.getByTestId('login-error')).toBeEmptyDOMElement();
    await act(async () => textsIn());
    expect(await screen.findByText('เบอร์โทรศัพท์หรือรหัสผ่านไม่ถูกต้อง')).toBeInTheDocument();
  });

  it('switches the language of the required-fields line too', async () => {
    renderLogin();
    await userEvent.setup().click(screen.getByTestId('login-submit'));
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('login-error')).toHaveTextContent('Please enter your phone number and password.');
  });

  it('offers a way back in to a member who forgot the password', async () => {
    const router = renderLogin();
    await userEvent.setup().click(screen.getByRole('link', { name: 'ลืมรหัสผ่าน?' }));
    expect(await screen.findByText('forgot password page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });
});
