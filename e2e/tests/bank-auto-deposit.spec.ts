import { expect, test } from '@playwright/test';
import { ConsolePage } from '../pages/console-page';
import { HomePage } from '../pages/home-page';
import { keepScreenshot, operatorToken, shownText } from '../support';

// The demo's statement-fed bank accounts (apps/server/src/seed/seed.ts): SCB and GSB take baht, mode AUTO.
const SCB_AUTO_ACCOUNT = '4061234567';
const GSB_AUTO_ACCOUNT = '020123456789';

test('a member transfers from their registered account and sees the deposit arrive without a slip', async ({ page, request }) => {
  const { home, member } = await HomePage.signInNewMember(page, request);
  const deposit = await home.openDeposit();
  const account = deposit.autoBankAccount('SCB');
  await expect(account).toContainText('406-123-4567');
  // The member's registered account (registerViaApi: SCB) and its last four digits.
  await shownText(account.getByTestId('deposit-account-hint')).toContain(`โอนจากบัญชีที่ลงทะเบียนไว้ ธนาคารไทยพาณิชย์ •••${member.bankAccountNo.slice(-4)}`);
  await shownText(account.getByTestId('deposit-account-hint')).toContain('ไม่ต้องแนบสลิป');
  await keepScreenshot(page, 'deposit-bank-auto');

  // The member's banking app: SCB to SCB, from the registered account.
  const sent = await request.post('/sandbox/bank/transfers', {
    data: { amount: 350, toAccountNo: SCB_AUTO_ACCOUNT, toBankCode: 'SCB', fromBankCode: 'SCB', fromAccountNo: member.bankAccountNo, fromName: 'WALLET JOURNEY' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);

  // The reconciler reads the statement every 10 s; the open screen shows the deposit when it lands.
  await expect(deposit.bankReceived()).toBeVisible({ timeout: 40_000 });
  await expect(deposit.bankReceivedAmount()).toHaveText('350.00');
  await keepScreenshot(page, 'deposit-bank-auto-received');
  await page.keyboard.press('Escape');
  await home.expectTotal('350.00');
});

test('two operators credit a transfer the statement could not match by itself', async ({ page, request, browser }) => {
  const { home, member } = await HomePage.signInNewMember(page, request);
  // From another bank than the receiving one, without the sender's name: the number comes masked and nothing names the member.
  const sent = await request.post('/sandbox/bank/transfers', {
    data: { amount: 275, toAccountNo: GSB_AUTO_ACCOUNT, toBankCode: 'GSB', fromBankCode: 'SCB', fromAccountNo: member.bankAccountNo },
  });
  expect(sent.ok(), await sent.text()).toBe(true);

  const first = await ConsolePage.signIn(browser, 'e2e-admin', 'e2e-admin-pass');
  await first.goTo('ยอดโอนธนาคาร');
  const line = first.page.getByTestId('bank-credit').filter({ hasText: member.phone });
  await expect(async () => {
    await first.page.reload();
    await expect(line).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 40_000 });
  await expect(line.getByTestId('bank-credit-amount')).toHaveText('275.00 THB');
  await expect(line.getByTestId('bank-credit-reason')).toContainText('ธนาคารซ่อนเลขบัญชีบางส่วนและไม่แสดงชื่อ');
  await line.locator('label', { hasText: member.phone }).getByTestId('bank-credit-candidate').check();
  await line.getByTestId('bank-credit-propose').click();
  const dialog = first.page.getByTestId('bank-credit-dialog');
  await expect(dialog).toContainText(`275.00 THB เข้ากระเป๋าของ ${member.phone} WALLET JOURNEY`);
  await keepScreenshot(first.page, 'console-bank-credit-propose', { fullPage: false });
  // A double click proposes once.
  await dialog.getByTestId('bank-credit-send').dblclick();
  await expect(first.page.getByText('บันทึกข้อเสนอแล้ว')).toBeVisible();
  await expect(line.getByTestId('bank-credit-proposed')).toContainText('e2e-admin');

  // The operator who proposed cannot also credit it.
  await line.getByTestId('bank-credit-confirm').click();
  await dialog.getByTestId('bank-credit-send').click();
  await expect(first.page.getByText('คุณเป็นผู้เสนอสมาชิกคนนี้เอง ผู้ดูแลอีกคนต้องเป็นผู้ยืนยัน')).toBeVisible();
  await first.close();

  const token = await operatorToken(request);
  const username = `finance-bank-${member.phone}`;
  const created = await request.post('/api/admin/operators', { headers: { authorization: `Bearer ${token}` }, data: { username, password: `${username}-pass-1`, roles: ['finance'] } });
  expect(created.status(), await created.text()).toBe(200);
  const second = await ConsolePage.signIn(browser, username, `${username}-pass-1`);
  await second.goTo('ยอดโอนธนาคาร');
  const proposed = second.page.getByTestId('bank-credit').filter({ hasText: member.phone }).filter({ has: second.page.getByTestId('bank-credit-proposed') });
  await expect(proposed.getByTestId('bank-credit-confirm')).toContainText(`ยืนยัน ${member.phone} WALLET JOURNEY ที่ e2e-admin เสนอ`);
  await keepScreenshot(second.page, 'console-bank-credits', { fullPage: false });
  await proposed.getByTestId('bank-credit-confirm').click();
  await second.page.getByTestId('bank-credit-dialog').getByTestId('bank-credit-send').click();
  await expect(second.page.getByText('เติมเงินเข้ากระเป๋าสมาชิกแล้ว')).toBeVisible();
  await expect(proposed).toHaveCount(0);
  await second.close();

  await page.reload();
  await home.expectTotal('275.00');
});
