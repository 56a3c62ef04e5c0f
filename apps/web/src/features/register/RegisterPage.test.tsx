import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RegisterPage } from './RegisterPage';

const calls: Array<{ path: string; body: unknown }> = [];

function fakeServer(registerOTP: boolean | 'broken' = false) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    if (path.endsWith('/api/lookup/registerOTP')) return registerOTP === 'broken' ? json({ message: 'BAD_REQUEST' }, 400) : json({ registerOTP });
    if (path.endsWith('/api/otp/send')) return json({ otpRef: 'ABCD', otpToken: 'token-1', code: 'OTP_SENT' });
    if (path.endsWith('/api/lookup/sources')) return json({ sources: [{ code: 'LINE', description: 'ไลน์' }] });
    if (path.endsWith('/api/lookup/banks'))
      return json({
        banks: [
          { code: 'KTB', nameTH: 'ธนาคารกรุงไทย', nameEN: 'Krungthai Bank', nameLO: 'Krungthai Bank', slipCode: '006', country: 'TH' },
          { code: 'SCB', nameTH: 'ธนาคารไทยพาณิชย์', nameEN: 'SCB', nameLO: 'SCB', slipCode: '014', country: 'TH' },
        ],
      });
    const body = init?.body ? (JSON.parse(String(init.body)) as { inviteCode?: string }) : {};
    // PR999999 is nobody's code: the server refuses it.
    if (path.endsWith('/api/account/validate')) return body.inviteCode === 'PR999999' ? json({ message: 'INVALID_USER_INFO' }, 400) : json({ message: 'OK' });
    if (path.endsWith('/api/account')) return json({ message: 'SUCCESS', _id: '100002' });
    if (process.env.PROFILE_CALLS) console.log('unanswered', path, performance.now());
    return json({ message: 'NO_DATA' }, 404);
  });
}

/** The app's client keeps a read fresh for 30 s (app/query.tsx): a list asked for ahead is not asked again when shown. */
function renderRegister(url = '/register') {
  const router = createMemoryRouter([{ path: '/register', element: <RegisterPage /> }, { path: '/login', element: <p>login page</p> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } })}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  calls.length = 0;
});
afterEach(() => vi.restoreAllMocks());

/**
 * Enters a whole value at once, as a paste does: one change per field instead of one render per
 * keystroke. Typed key by key, these forms took seconds on a loaded machine and the tests hit
 * vitest's 5 s limit; what they check is what the screen does with a value.
 */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function passPhoneAndProfile(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, screen.getByLabelText('เบอร์โทรศัพท์'), '0899999999');
  await user.click(screen.getByTestId('register-next'));
  await fill(user, await screen.findByLabelText('ชื่อที่แสดง'), 'Tester');
  await fill(user, screen.getByLabelText('รหัสผ่าน'), 'password-1');
  await fill(user, screen.getByLabelText('ยืนยันรหัสผ่าน'), 'password-1');
  await user.click(screen.getByTestId('register-next'));
  await screen.findByLabelText('ธนาคาร');
}

describe('registration screen', () => {
  it('refuses a phone that is not 10 digits without calling the server', async () => {
    fakeServer();
    renderRegister();
    const user = userEvent.setup({ delay: null });
    await fill(user, screen.getByLabelText('เบอร์โทรศัพท์'), '081234567');
    await user.click(screen.getByTestId('register-next'));
    expect(await screen.findByText('เบอร์โทรศัพท์ต้องรองรับ 10 หลัก')).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/api/account/validate'))).toBe(false);
  });

  it('asks the server nothing until a phone is given, then the later steps\' lists with it', async () => {
    fakeServer(false);
    renderRegister();
    const user = userEvent.setup({ delay: null });
    await fill(user, screen.getByLabelText('เบอร์โทรศัพท์'), '0899999999');
    expect(calls).toEqual([]);
    await user.click(screen.getByTestId('register-next'));
    await screen.findByLabelText('ชื่อที่แสดง');
    const asked = calls.map((call) => new URL(call.path, 'http://x').pathname).sort();
    expect(asked).toEqual(['/api/account/validate', '/api/lookup/banks', '/api/lookup/registerOTP', '/api/lookup/sources']);
    expect(await screen.findByRole('option', { name: 'ไลน์' })).toBeInTheDocument();
  });

  it('asks for the SMS code when whether to ask cannot be read', async () => {
    fakeServer('broken');
    renderRegister();
    const user = userEvent.setup({ delay: null });
    await fill(user, screen.getByLabelText('เบอร์โทรศัพท์'), '0899999999');
    await user.click(screen.getByTestId('register-next'));
    expect(await screen.findByText('รหัสอ้างอิง: ABCD')).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/api/otp/send'))).toBe(true);
  });

  it('skips the OTP step when registerOTP is off, and refuses different passwords', async () => {
    fakeServer(false);
    renderRegister();
    const user = userEvent.setup({ delay: null });
    await fill(user, screen.getByLabelText('เบอร์โทรศัพท์'), '0899999999');
    await user.click(screen.getByTestId('register-next'));
    await fill(user, await screen.findByLabelText('ชื่อที่แสดง'), 'Tester');
    await fill(user, screen.getByLabelText('รหัสผ่าน'), 'password-1');
    await fill(user, screen.getByLabelText('ยืนยันรหัสผ่าน'), 'password-2');
    await user.click(screen.getByTestId('register-next'));
    expect(await screen.findByText('รหัสผ่านไม่ตรงกัน')).toBeInTheDocument();
  });

  // One test walked all of this and hit the 5 s limit on a loaded machine; each part
  // is now its own test (every step renders the form in jsdom: the cost is in the steps).
  it('wants English account names for KTB, without calling the server', async () => {
    fakeServer();
    renderRegister();
    const user = userEvent.setup({ delay: null });
    await passPhoneAndProfile(user);
    await user.selectOptions(screen.getByLabelText('ธนาคาร'), 'KTB');
    await fill(user, screen.getByLabelText('เลขที่บัญชี'), '1234567890');
    await fill(user, screen.getByLabelText('ชื่อ'), 'สมชาย');
    await fill(user, screen.getByLabelText('นามสกุล'), 'ใจดี');
    await user.click(screen.getByTestId('register-submit'));
    // Asked afresh each time: the form renders the message again as its validation settles, and a
    // node found once may be replaced by the time it is checked (seen on a loaded machine).
    await waitFor(() => expect(screen.getByText('ชื่อบัญชีธนาคารต้องเป็นภาษาอังกฤษเท่านั้น')).toBeInTheDocument());
    expect(calls.some((call) => call.path.endsWith('/api/account'))).toBe(false);
  });

  it('upper-cases the account names and registers with them joined', async () => {
    fakeServer();
    renderRegister();
    const user = userEvent.setup({ delay: null });
    await passPhoneAndProfile(user);
    await user.selectOptions(screen.getByLabelText('ธนาคาร'), 'KTB');
    await fill(user, screen.getByLabelText('เลขที่บัญชี'), '1234567890');
    await user.type(screen.getByLabelText('ชื่อ'), 'somchai');
    await fill(user, screen.getByLabelText('นามสกุล'), 'jaidee');
    expect(screen.getByLabelText('ชื่อ')).toHaveValue('SOMCHAI');
    await user.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('สมัครสมาชิกสำเร็จ กรุณาเข้าสู่ระบบ')).toBeInTheDocument();
    const created = calls.find((call) => call.path.endsWith('/api/account'));
    expect(created?.body).toMatchObject({ username: '0899999999', bankCode: 'KTB', bankAccountName: 'SOMCHAI JAIDEE', password: 'password-1' });
  });

  it('takes the invite code from ?code=, stores it and makes the field read-only', async () => {
    fakeServer();
    renderRegister('/register?code=PR100001');
    const user = userEvent.setup({ delay: null });
    await fill(user, screen.getByLabelText('เบอร์โทรศัพท์'), '0899999999');
    await user.click(screen.getByTestId('register-next'));
    const inviter = await screen.findByLabelText('รหัสผู้แนะนำ (ถ้ามี)');
    expect(inviter).toHaveValue('PR100001');
    expect(inviter).toHaveAttribute('readonly');
    expect(localStorage.getItem('code')).toBe('PR100001');
  });

  it('shows a refused invite code as refused, and lets the member remove it', async () => {
    fakeServer();
    renderRegister('/register?code=PR999999');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('เบอร์โทรศัพท์'), '0899999999');
    await user.click(screen.getByTestId('register-next'));
    await user.type(await screen.findByLabelText('ชื่อที่แสดง'), 'Tester');
    await user.type(screen.getByLabelText('รหัสผ่าน'), 'password-1');
    await user.type(screen.getByLabelText('ยืนยันรหัสผ่าน'), 'password-1');
    await user.click(screen.getByTestId('register-next'));
    const inviter = screen.getByLabelText('รหัสผู้แนะนำ (ถ้ามี)');
    expect(await screen.findByText(/ระบบไม่รับรหัสผู้แนะนำ PR999999/)).toBeInTheDocument();
    expect(inviter).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByTestId('invite-remove'));
    expect(localStorage.getItem('code')).toBeNull();
    const emptied = screen.getByLabelText('รหัสผู้แนะนำ (ถ้ามี)');
    expect(emptied).toHaveValue('');
    expect(emptied).not.toHaveAttribute('readonly');
    await user.click(screen.getByTestId('register-next'));
    expect(await screen.findByLabelText('ธนาคาร')).toBeInTheDocument();
  });

  it('goes on without a refused code in one tap', async () => {
    fakeServer();
    localStorage.setItem('code', 'PR999999');
    renderRegister();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('เบอร์โทรศัพท์'), '0899999999');
    await user.click(screen.getByTestId('register-next'));
    await user.type(await screen.findByLabelText('ชื่อที่แสดง'), 'Tester');
    await user.type(screen.getByLabelText('รหัสผ่าน'), 'password-1');
    await user.type(screen.getByLabelText('ยืนยันรหัสผ่าน'), 'password-1');
    await user.click(screen.getByTestId('register-next'));
    await user.click(await screen.findByTestId('invite-skip'));
    expect(await screen.findByLabelText('ธนาคาร')).toBeInTheDocument();
    const lastValidate = calls.filter((call) => call.path.endsWith('/api/account/validate')).at(-1);
    expect(lastValidate?.body).not.toHaveProperty('inviteCode');
    expect(localStorage.getItem('code')).toBeNull();
  });

  it('forgets a stored invite code once a registration used it, so the next person on the phone is not credited to it', async () => {
    fakeServer();
    renderRegister('/register?code=PR100001');
    const user = userEvent.setup();
    await passPhoneAndProfile(user);
    await user.selectOptions(screen.getByLabelText('ธนาคาร'), 'SCB');
    await user.type(screen.getByLabelText('เลขที่บัญชี'), '1234567890');
    await user.type(screen.getByLabelText('ชื่อ'), 'somchai');
    await user.type(screen.getByLabelText('นามสกุล'), 'jaidee');
    await user.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/api/account'))).toBe(true));
    expect(calls.find((call) => call.path.endsWith('/api/account'))?.body).toMatchObject({ inviteCode: 'PR100001' });
    await waitFor(() => expect(localStorage.getItem('code')).toBeNull());
  });
});
