import { expect, test } from '@playwright/test';
import { HomePage } from '../pages/home-page';
import { LoginPage } from '../pages/login-page';
import { OperatorPage } from '../pages/operator-page';
import { StatementPage } from '../pages/statement-page';
import { creditWallet, keepScreenshot, registerViaApi, waitOutDoubleTap } from '../support';

test('a member withdraws, an operator approves it on /admin, and the member sees SUCCESS', async ({ page, browser, request }) => {
  const member = await registerViaApi(request);
  await creditWallet(request, member.phone, 500);
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(member.phone, member.password, { remember: true });
  const home = new HomePage(page);
  await home.expectTotal('500.00');

  const withdraw = await home.openWithdraw();
  await withdraw.fill(50);
  await withdraw.submit();
  await expect(withdraw.error()).toHaveText('จำนวนขั้นต่ำ 100.00 บาท');
  await withdraw.fill(200);
  await keepScreenshot(page, 'withdraw-modal');
  await withdraw.submit({ doubleTap: true });
  await waitOutDoubleTap(page);
  await expect(page.getByText('รอการโอน')).toBeVisible();
  await expect(home.walletBalance()).toHaveText('300.00');
  const statement = await home.openStatement();
  await expect(statement.first()).toContainText('กำลังดำเนินการ');
  await expect(statement).toHaveCount(2); // the credit and one withdrawal

  // The operator, in a browser of their own.
  const operator = await OperatorPage.open(browser);
  const row = operator.row('withdrawals', member.phone);
  await expect(row).toContainText('200.00');
  await keepScreenshot(operator.page, 'admin-withdrawals');
  await operator.approve(row);
  await expect(operator.page.getByText('บันทึกว่าโอนแล้ว')).toBeVisible();
  await expect(row).toHaveCount(0);
  await operator.close();

  await page.reload();
  await expect(statement.first()).toContainText('สำเร็จ');
  await expect(statement.first()).toContainText('−200.00');
  await keepScreenshot(page, 'statement-withdraw-success');
});

test('an operator returns a withdrawal with a reason typed in the dialog, and the money is back in the wallet', async ({ page, browser, request }) => {
  const member = await registerViaApi(request);
  await creditWallet(request, member.phone, 300);
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(member.phone, member.password, { remember: true });
  const home = new HomePage(page);
  const withdraw = await home.openWithdraw();
  await withdraw.fill(150);
  await withdraw.submit();
  await expect(home.walletBalance()).toHaveText('150.00');

  const operator = await OperatorPage.open(browser, { viewport: { width: 1280, height: 800 } });
  const row = operator.row('withdrawals', member.phone);
  await operator.fail(row, 'account closed at the bank');
  await expect(operator.page.getByText('ไม่อนุมัติแล้ว คืนเงินเข้ากระเป๋า')).toBeVisible();
  await expect(row).toHaveCount(0);
  await operator.close();

  await page.reload();
  await expect(home.walletBalance()).toHaveText('300.00');
  const statement = await home.openStatement();
  await expect(statement.first()).toContainText('ไม่สำเร็จ');
  // Why, and the money back in the wallet.
  const refused = new StatementPage(page).withdrawRefused(statement.first());
  await expect(refused).toContainText('account closed at the bank');
  await expect(refused).toContainText(/คืนเข้ากระเป๋าหลักแล้ว\s*\+150\.00/);
  await keepScreenshot(page, 'statement-withdraw-refused');
});
