import { expect, test } from '@playwright/test';
import { HomePage } from '../pages/home-page';
import { keepScreenshot, memberToken, registerViaApi, shownText, waitOutDoubleTap } from '../support';

// The demo's KTB QR is our own (ADR 0410): a PromptPay bill payment to the operator's biller ID,
// credited from the account's statement, with no gateway and no slip.
test('a member pays a bank QR of our own from their banking app and sees it paid; a few satang tell it from another member’s', async ({ page, request }) => {
  // Another member has an unpaid QR for the same amount open at the same account.
  const other = await registerViaApi(request);
  const othersQr = await request.post('/api/qrcode/KTB', { data: { amount: 500 }, headers: { authorization: `Bearer ${await memberToken(request, other)}` } });
  expect(((await othersQr.json()) as { amount: number }).amount).toBe(500);

  const { home, member } = await HomePage.signInNewMember(page, request);
  const deposit = await home.openDeposit();
  await expect(deposit.method('KTB')).toBeVisible();
  await keepScreenshot(page, 'deposit-methods-own-qr', { fullPage: false });
  await deposit.choose('KTB');
  await deposit.pickAmount(500);
  await deposit.createQrButton().dblclick();
  await waitOutDoubleTap(page);
  await expect(deposit.shownQr()).toBeVisible();
  await expect(deposit.qrAmount()).toHaveText('500.01');
  await shownText(deposit.qrAmountAdjusted()).toContain('คุณขอ 500.00 แต่ QR นี้ขอ 500.01');
  await keepScreenshot(page, 'deposit-own-qr');

  // The member's banking app scans the QR (the payload it draws) and pays it from the registered account.
  const token = await memberToken(request, member);
  const { payload } = (await (await request.get('/api/qrcode/KTB', { headers: { authorization: `Bearer ${token}` } })).json()) as { payload: string };
  const paid = await request.post('/sandbox/bank/qr-payments', { data: { payload, fromBankCode: 'SCB', fromAccountNo: member.bankAccountNo } });
  expect(paid.ok(), await paid.text()).toBe(true);

  // The statement is read every 15 s; the open QR learns it was paid.
  await expect(deposit.qrPaidAmount()).toHaveText('500.01', { timeout: 45_000 });
  await keepScreenshot(page, 'deposit-own-qr-paid');
  await deposit.closePaidQr();
  await home.expectTotal('500.01');
  const first = (await home.openStatement()).first();
  await expect(first).toContainText('ฝากเงินจาก ธนาคารกรุงไทย');
  await expect(first).toContainText('+500.01');
});
