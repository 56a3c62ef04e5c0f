import { type APIRequestContext, expect, test } from '@playwright/test';
import { ForgotPasswordPage } from '../pages/forgot-password-page';
import { LoginPage } from '../pages/login-page';
import { keepScreenshot, registerViaApi } from '../support';

/** The newest SMS code sent to the phone, once its message carries the reference (it leaves after the answer). */
async function codeInInbox(request: APIRequestContext, phone: string, ref: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const answer = await request.get(`/sandbox/sms/messages?phone=${phone}`);
      const [newest] = ((await answer.json()) as { messages: { text: string; otpCode: string }[] }).messages;
      code = newest?.text.includes(ref) ? newest.otpCode : '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

test('a member who forgot the password sets a new one with the SMS code, then logs in with it (the old one fails)', async ({ page, request }) => {
  // Registration's own SMS holds the phone for a minute (the same limit), which this journey waits out.
  test.setTimeout(150_000);
  const member = await registerViaApi(request);
  const registeredAt = Date.now();
  const login = new LoginPage(page);
  await login.open();
  await page.getByRole('link', { name: 'ลืมรหัสผ่าน?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'ลืมรหัสผ่าน' })).toBeVisible();
  await page.waitForTimeout(Math.max(0, 61_000 - (Date.now() - registeredAt)));

  const forgot = new ForgotPasswordPage(page);
  await forgot.enterPhone(member.phone);
  const ref = await forgot.reference();
  expect(ref).toMatch(/^[A-Z0-9]{4}$/);
  await keepScreenshot(page, 'forgot-2-code');
  const sms = await codeInInbox(request, member.phone, ref);

  await forgot.fillNewPassword(sms, 'journey-new-pass-2');
  const resets: string[] = [];
  page.on('request', (sent) => sent.url().endsWith('/api/login/reset-password') && resets.push(sent.method()));
  // A double tap sets the password once.
  await forgot.submit({ doubleTap: true });
  await expect(page.getByText('เปลี่ยนรหัสผ่านเรียบร้อย กรุณาเข้าสู่ระบบด้วยรหัสผ่านใหม่')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(resets).toEqual(['POST']);

  await login.logIn(member.phone, member.password, { remember: false });
  await expect(login.errorLine()).toHaveText('เบอร์โทรศัพท์หรือรหัสผ่านไม่ถูกต้อง');
  await login.logIn(member.phone, 'journey-new-pass-2', { remember: false });
  await expect(page).toHaveURL(/\/user\/home$/);
});
