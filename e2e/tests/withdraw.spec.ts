import { expect, test } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { creditWallet, keepScreenshot, openOperatorPage, registerViaApi } from '../support';

test('a member withdraws, an operator approves it on /admin, and the member sees SUCCESS', async ({ page, browser, request }) => {
  const member = await registerViaApi(request);
  await creditWallet(request, member.phone, 500);
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(member.phone, member.password, { remember: true });
  await expect(page.getByTestId('total-balance')).toHaveText('500.00');

  await page.getByTestId('tile-withdraw').click();
  await page.locator('input[name="withdrawAmount"]').fill('50');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdraw-error')).toHaveText('จำนวนขั้นต่ำ 100.00 บาท');
  await page.locator('input[name="withdrawAmount"]').fill('200');
  await keepScreenshot(page, 'withdraw-modal');
  await page.getByTestId('withdraw-submit').dblclick();
  await expect(page.getByText('รอการโอน')).toBeVisible();
  await expect(page.getByTestId('wallet-balance')).toHaveText('300.00');
  await page.getByTestId('menu-statement').click();
  await expect(page.getByTestId('statement-list').locator('li').first()).toContainText('กำลังดำเนินการ');
  await expect(page.getByTestId('statement-list').locator('li')).toHaveCount(2); // the credit and one withdrawal

  // The operator, in a browser of their own.
  const operator = await openOperatorPage(browser);
  const row = operator.getByTestId('admin-withdrawals').locator('li', { hasText: member.phone });
  await expect(row).toContainText('200.00');
  await keepScreenshot(operator, 'admin-withdrawals');
  await row.getByTestId('admin-approve').click();
  await expect(operator.getByText('บันทึกว่าโอนแล้ว')).toBeVisible();
  await expect(row).toHaveCount(0);
  await operator.context().close();

  await page.reload();
  await expect(page.getByTestId('statement-list').locator('li').first()).toContainText('สำเร็จ');
  await expect(page.getByTestId('statement-list').locator('li').first()).toContainText('−200.00');
  await keepScreenshot(page, 'statement-withdraw-success');
});
