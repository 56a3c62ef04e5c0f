import { expect, test } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { keepScreenshot, registerViaApi } from '../support';

test('a member deposits by QR, pays it through the sandbox gateway, and sees it in the balance and statement', async ({ page, request }) => {
  const member = await registerViaApi(request);
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(member.phone, member.password, { remember: true });
  await expect(page.getByTestId('total-balance')).toHaveText('0.00');

  await page.getByTestId('tile-deposit').click();
  await keepScreenshot(page, 'deposit-methods');
  await page.getByTestId('deposit-method-WW').click();
  await page.getByTestId('pick-100').click();
  await page.locator('input[name="depositAmount"]').fill('99');
  await expect(page.getByTestId('create-qr')).toBeDisabled(); // gateways start at 100
  await page.getByText('ย้อนกลับ').click();

  await page.getByTestId('deposit-method-KBANK').click();
  await page.getByTestId('pick-500').click();
  await page.getByTestId('create-qr').click();
  const shown = page.getByTestId('qr-shown');
  await expect(shown).toBeVisible();
  await expect(page.getByTestId('qr-amount')).toHaveText('500.00');
  await expect(page.getByTestId('qr-countdown')).toHaveText(/^1[45]:\d\d$/);
  await keepScreenshot(page, 'deposit-qr');

  const qrcodeId = await shown.getAttribute('data-qrcode-id');
  const paid = await request.post('/sandbox/gateway/pay', { data: { qrcodeId } });
  expect(await paid.json()).toEqual({ paid: true, webhookStatus: 200 });

  await page.getByTestId('qr-transferred').click();
  await expect(page.getByTestId('total-balance')).toHaveText('500.00');
  await page.getByTestId('menu-statement').click();
  const first = page.getByTestId('statement-list').locator('li').first();
  await expect(first).toContainText('ฝากเงินจาก KBANK');
  await expect(first).toContainText('+500.00');
});

test('a member deposits with a TrueMoney gift link', async ({ page, request }) => {
  const member = await registerViaApi(request);
  const { link } = (await (await request.post('/sandbox/truemoney/vouchers', { data: { amount: 75 } })).json()) as { link: string };
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(member.phone, member.password, { remember: true });
  await page.getByTestId('tile-deposit').click();
  await page.getByTestId('deposit-method-truelink').click();
  await expect(page.getByTestId('send-truelink')).toBeDisabled();
  await page.locator('input[name="truelink"]').fill(link);
  await keepScreenshot(page, 'deposit-truelink');
  await page.getByTestId('send-truelink').click();
  await expect(page.getByText('ส่งลิงก์แล้ว: เพิ่ม 75.00 บาท')).toBeVisible();
  await expect(page.getByTestId('total-balance')).toHaveText('75.00');

  // The same link again is refused with the translated duplicate message.
  await page.getByTestId('tile-deposit').click();
  await page.getByTestId('deposit-method-truelink').click();
  await page.locator('input[name="truelink"]').fill(link);
  await page.getByTestId('send-truelink').click();
  await expect(page.getByText('ลิงก์ซองของขวัญนี้ถูกใช้แล้ว')).toBeVisible();
  await expect(page.getByTestId('total-balance')).toHaveText('75.00');
});
