import { expect, test } from '@playwright/test';
import { ConsolePage } from '../pages/console-page';
import { HomePage } from '../pages/home-page';
import { LoginPage } from '../pages/login-page';
import { StatementPage } from '../pages/statement-page';
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
  const statement = new StatementPage(page);
  await expect(lines).toHaveCount(3);
  // Every deposit and withdrawal line carries its reference.
  await expect(statement.reference(lines)).toHaveCount(3);
  await keepScreenshot(page, 'statement-filters');
  await expectAccessible(page, 'statement with filters');

  // The withdrawal's receipt: what a dispute needs, and the reference to read out or copy.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const receipt = await statement.openReceipt(lines.first());
  await expect(receipt).toContainText('ถอนเงิน');
  await expect(statement.receiptField('amount')).toContainText('−฿150.00');
  await expect(statement.receiptField('status')).toHaveText('กำลังดำเนินการ');
  await expect(statement.receiptField('from')).toHaveText('กระเป๋าหลัก');
  await expect(statement.receiptField('when')).toContainText('(UTC+7)');
  const reference = (await statement.receiptField('reference-value').textContent()) ?? '';
  expect(reference).toMatch(/^W[0-9A-HJKMNP-TV-Z]{3}-[0-9A-HJKMNP-TV-Z]{4}$/);
  await statement.copyReceiptReference();
  await expect(page.getByText(`คัดลอกแล้ว: ${reference}`)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
  await keepScreenshot(page, 'statement-receipt');
  await expectAccessible(page, 'statement receipt');
  await page.keyboard.press('Escape');
  await expect(receipt).toHaveCount(0);

  // Filters run on the server: by type, then by days.
  await statement.filterType('deposit');
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toContainText('ฝากเงินจาก');
  await statement.filterType('withdraw');
  await expect(lines).toHaveCount(1);
  await statement.filterPeriod('today');
  await expect(lines).toHaveCount(1);
  await statement.filterDays('2020-01-01', '2020-01-31');
  await expect(statement.emptyNote()).toHaveText('ไม่มีรายการตามตัวกรองนี้');
  await statement.filterType('all');
  await statement.filterPeriod('all');
  await expect(lines).toHaveCount(3);

  // The operator types what the member read out, loosely, and lands on the withdrawal and its member.
  const desk = await ConsolePage.signIn(browser, 'e2e-admin', 'e2e-admin-pass');
  await desk.search(reference.toLowerCase().replace('-', ' '));
  const found = desk.member.referenceResult();
  await expect(found).toContainText(reference);
  await expect(found).toContainText('150.00 THB');
  await expect(found).toContainText(member.phone);
  await keepScreenshot(desk.page, 'console-reference-search');
  await desk.member.openReferenceMember();
  await expect(desk.member.root()).toBeVisible();
  await desk.member.openStatement();
  await expect(desk.member.statement()).toContainText(reference);
  await desk.member.filterStatement('withdraw');
  await expect(desk.member.statement().locator('tbody tr')).toHaveCount(1);
  await keepScreenshot(desk.page, 'console-member-statement');
  await desk.close();
});
