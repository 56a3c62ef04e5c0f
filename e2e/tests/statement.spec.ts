import { expect, test } from '@playwright/test';
import { ConsolePage } from '../pages/console-page';
import { HomePage } from '../pages/home-page';
import { LoginPage } from '../pages/login-page';
import { creditWallet, depositByQr, expectAccessible, keepScreenshot, memberToken, registerViaApi } from '../support';

test('a member opens a statement line as a receipt, copies its reference, filters the list, and an operator finds the item by that reference', async ({ page, browser, request, context }) => {
  const member = await registerViaApi(request);
  await creditWallet(request, member.phone, 500);
  const token = await memberToken(request, member);
  await depositByQr(request, token, 300);
  const withdrawn = await request.post('/api/wallet/withdraw', { data: { amount: 150 }, headers: { authorization: `Bearer ${token}` } });
  expect(withdrawn.ok()).toBe(true);

  const login = new LoginPage(page);
  await login.open();
  await login.logIn(member.phone, member.password, { remember: true });
  const home = new HomePage(page);
  const lines = await home.openStatement();
  await expect(lines).toHaveCount(3);
  // Every deposit and withdrawal line carries its reference.
  await expect(lines.getByTestId('statement-reference')).toHaveCount(3);
  await keepScreenshot(page, 'statement-filters');
  await expectAccessible(page, 'statement with filters');

  // The withdrawal's receipt: what a dispute needs, and the reference to read out or copy.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await lines.first().getByTestId('statement-line').click();
  const receipt = page.getByTestId('statement-receipt');
  await expect(receipt).toContainText('ถอนเงิน');
  await expect(receipt.getByTestId('receipt-amount')).toContainText('−฿150.00');
  await expect(receipt.getByTestId('receipt-status')).toHaveText('กำลังดำเนินการ');
  await expect(receipt.getByTestId('receipt-from')).toHaveText('กระเป๋าหลัก');
  await expect(receipt.getByTestId('receipt-when')).toContainText('(UTC+7)');
  const reference = (await receipt.getByTestId('receipt-reference-value').textContent()) ?? '';
  expect(reference).toMatch(/^W[0-9A-HJKMNP-TV-Z]{3}-[0-9A-HJKMNP-TV-Z]{4}$/);
  await receipt.getByTestId('receipt-copy').click();
  await expect(page.getByText(`คัดลอกแล้ว: ${reference}`)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
  await keepScreenshot(page, 'statement-receipt');
  await expectAccessible(page, 'statement receipt');
  await page.keyboard.press('Escape');
  await expect(receipt).toHaveCount(0);

  // Filters run on the server: by type, then by days.
  await page.getByTestId('filter-type-deposit').click();
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toContainText('ฝากเงินจาก');
  await page.getByTestId('filter-type-withdraw').click();
  await expect(lines).toHaveCount(1);
  await page.getByTestId('filter-period-today').click();
  await expect(lines).toHaveCount(1);
  await page.getByTestId('filter-period-custom').click();
  await page.getByTestId('filter-from').fill('2020-01-01');
  await page.getByTestId('filter-to').fill('2020-01-31');
  await expect(page.getByTestId('statement-empty')).toHaveText('ไม่มีรายการตามตัวกรองนี้');
  await page.getByTestId('filter-type-all').click();
  await page.getByTestId('filter-period-all').click();
  await expect(lines).toHaveCount(3);

  // The operator types what the member read out, loosely, and lands on the withdrawal and its member.
  const desk = await ConsolePage.signIn(browser, 'e2e-admin', 'e2e-admin-pass');
  await desk.nav().getByRole('link', { name: 'สมาชิก' }).click();
  await desk.page.locator('input[name="memberSearch"]').fill(reference.toLowerCase().replace('-', ' '));
  await desk.page.getByTestId('member-search').click();
  const found = desk.page.getByTestId('reference-result');
  await expect(found).toContainText(reference);
  await expect(found).toContainText('150.00 THB');
  await expect(found).toContainText(member.phone);
  await keepScreenshot(desk.page, 'console-reference-search');
  await found.getByTestId('reference-member').click();
  await expect(desk.page.getByTestId('member-page')).toBeVisible();
  await desk.page.getByTestId('member-tab-statement').click();
  await expect(desk.page.getByTestId('member-statement')).toContainText(reference);
  await desk.page.getByTestId('member-statement-type').selectOption('withdraw');
  await expect(desk.page.getByTestId('member-statement').locator('tbody tr')).toHaveCount(1);
  await keepScreenshot(desk.page, 'console-member-statement');
  await desk.close();
});
