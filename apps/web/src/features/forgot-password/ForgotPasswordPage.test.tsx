import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OTP_RULES } from '@wallet/contract';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../shared/i18n';
import { callsTo, stubFetch } from '../../test/fetchRoutes';
import { ForgotPasswordPage } from './ForgotPasswordPage';

const SEND = 'POST /api/login/forgot-password';
const RESET = 'POST /api/login/reset-password';
/** Answers are held back, so a second tap lands while the first call is still in flight. */
const SLOW = 150;

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: ['/forgot-password'] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return router;
}

/** A whole value at once, as a paste does. */
async function fill(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

/** Two taps in one batch: the second arrives before React re-renders the button as busy. */
function doubleTap(element: HTMLElement) {
  act(() => {
    element.click();
    element.click();
  });
}

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('th');
});

describe('forgot password screen', () => {
  it('sends the code once for a double tap, shows the reference, and sets the new password once, then goes to log in with a toast', async () => {
    const fetchMock = stubFetch({
      [SEND]: { body: { otpRef: 'K7QP' }, delayMs: SLOW },
      [RESET]: { body: { message: 'OK' }, delayMs: SLOW },
    });
    const router = renderPage();
    const user = userEvent.setup();
    await fill(user, 'เบอร์โทรศัพท์', '0812345678');
    doubleTap(screen.getByTestId('forgot-send'));
    expect(await screen.findByTestId('otp-ref')).toHaveTextContent('รหัสอ้างอิง: K7QP');
    expect(callsTo(fetchMock, SEND)).toHaveLength(1);
    expect(JSON.parse(String(callsTo(fetchMock, SEND)[0]![1]!.body))).toEqual({ phoneNumber: '0812345678' });
    expect(screen.getByTestId('forgot-sent')).toHaveTextContent('0812345678');
    // The resend waits out the server's gap, counting down.
    expect(screen.getByTestId('otp-resend')).toBeDisabled();
    expect(screen.getByTestId('otp-resend')).toHaveTextContent(String(OTP_RULES.resendGapMs / 1000));

    await fill(user, 'รหัส 6 หลัก', '123456');
    await fill(user, 'รหัสผ่านใหม่', 'new-pass-123');
    await fill(user, 'ยืนยันรหัสผ่านใหม่', 'new-pass-123');
    doubleTap(screen.getByTestId('forgot-submit'));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByText('เปลี่ยนรหัสผ่านเรียบร้อย กรุณาเข้าสู่ระบบด้วยรหัสผ่านใหม่')).toBeInTheDocument();
    expect(callsTo(fetchMock, RESET)).toHaveLength(1);
    expect(JSON.parse(String(callsTo(fetchMock, RESET)[0]![1]!.body))).toEqual({ phoneNumber: '0812345678', otpRef: 'K7QP', otpCode: '123456', newPassword: 'new-pass-123' });
  });

  it('checks the fields before calling: a short phone, unequal passwords, a short code', async () => {
    const fetchMock = stubFetch({ [SEND]: { body: { otpRef: 'K7QP' } } });
    renderPage();
    const user = userEvent.setup();
    await fill(user, 'เบอร์โทรศัพท์', '08123');
    await user.click(screen.getByTestId('forgot-send'));
    expect(await screen.findByText('เบอร์โทรศัพท์ต้องรองรับ 10 หลัก')).toBeInTheDocument();
    expect(callsTo(fetchMock, SEND)).toHaveLength(0);
    await fill(user, 'เบอร์โทรศัพท์', '45678');
    await user.click(screen.getByTestId('forgot-send'));
    await screen.findByTestId('otp-ref');

    await fill(user, 'รหัส 6 หลัก', '123456');
    await fill(user, 'รหัสผ่านใหม่', 'new-pass-123');
    await fill(user, 'ยืนยันรหัสผ่านใหม่', 'new-pass-999');
    await user.click(screen.getByTestId('forgot-submit'));
    expect(await screen.findByText('รหัสผ่านไม่ตรงกัน')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('รหัส 6 หลัก'));
    await fill(user, 'รหัส 6 หลัก', '123');
    await user.click(screen.getByTestId('forgot-submit'));
    expect(await screen.findByText('กรุณากรอกรหัส 6 หลัก')).toBeInTheDocument();
    expect(callsTo(fetchMock, RESET)).toHaveLength(0);
  });

  it('says why the server refused, in the language chosen, and stays on the code step', async () => {
    stubFetch({ [SEND]: { body: { otpRef: 'K7QP' } }, [RESET]: { status: 400, body: { message: 'OTP_CODE_INVALID' } } });
    await act(() => i18n.changeLanguage('en'));
    const router = renderPage();
    const user = userEvent.setup();
    await fill(user, 'Phone number', '0812345678');
    await user.click(screen.getByTestId('forgot-send'));
    expect(await screen.findByTestId('otp-ref')).toHaveTextContent('Reference: K7QP');
    await fill(user, '6-digit code', '000000');
    await fill(user, 'New password', 'new-pass-123');
    await fill(user, 'Confirm new password', 'new-pass-123');
    await user.click(screen.getByTestId('forgot-submit'));
    expect(await screen.findByText('The code is incorrect.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
    await waitFor(() => expect(screen.getByTestId('forgot-submit')).toBeEnabled());
  });
});
