import { expect, test } from '@playwright/test';
import { HomePage } from '../pages/home-page';
import { LoginPage } from '../pages/login-page';
import { OperatorPage } from '../pages/operator-page';
import { StatementPage } from '../pages/statement-page';
import { bankSlip, keepScreenshot, operatorToken, registerViaApi, waitOutDoubleTap } from '../support';

test('a member deposits by QR, pays it through the sandbox gateway, and sees it in the balance and statement', async ({ page, request }) => {
  const member = await registerViaApi(request);
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(member.phone, member.password, { remember: true });
  const home = new HomePage(page);
  await home.expectTotal('0.00');

  const deposit = await home.openDeposit();
  await keepScreenshot(page, 'deposit-methods');
  await deposit.choose('WW');
  await deposit.pickAmount(100);
  await deposit.amountField().fill('99');
  await expect(deposit.createQrButton()).toBeDisabled(); // gateways start at 100
  await deposit.back();

  await deposit.choose('KBANK');
  await deposit.pickAmount(500);
  await deposit.createQrButton().dblclick();
  await waitOutDoubleTap(page);
  const shown = deposit.shownQr();
  await expect(shown).toBeVisible();
  await expect(deposit.qrAmount()).toHaveText('500.00');
  await expect(deposit.qrCountdown()).toHaveText(/^1[45]:\d\d$/);
  await keepScreenshot(page, 'deposit-qr');

  const qrcodeId = await shown.getAttribute('data-qrcode-id');
  const paid = await request.post('/sandbox/gateway/pay', { data: { qrcodeId } });
  expect(await paid.json()).toEqual({ paid: true, webhookStatus: 200 });

  // The open QR learns it was paid: the countdown gives way to the credited amount.
  await expect(deposit.qrPaidAmount()).toHaveText('500.00');
  await expect(deposit.qrCountdown()).toHaveCount(0);
  await keepScreenshot(page, 'deposit-qr-paid');
  await deposit.closePaidQr();
  await home.expectTotal('500.00');
  const first = (await home.openStatement()).first();
  await expect(first).toContainText('ฝากเงินจาก ธนาคารกสิกรไทย');
  await expect(first).toContainText('+500.00');
});

test('a member deposits with a TrueMoney gift link', async ({ page, request }) => {
  const member = await registerViaApi(request);
  const { link } = (await (await request.post('/sandbox/truemoney/vouchers', { data: { amount: 75 } })).json()) as { link: string };
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(member.phone, member.password, { remember: true });
  const home = new HomePage(page);
  const deposit = await home.openDeposit();
  await deposit.choose('truelink');
  await expect(deposit.giftLinkButton()).toBeDisabled();
  await deposit.fillGiftLink(link);
  await keepScreenshot(page, 'deposit-truelink');
  await deposit.sendGiftLink({ doubleTap: true });
  await waitOutDoubleTap(page);
  await expect(page.getByText('ส่งลิงก์แล้ว: เพิ่ม 75.00 บาท')).toBeVisible();
  await expect(page.getByText('ลิงก์ซองของขวัญนี้ถูกใช้แล้ว')).toHaveCount(0);
  await expect(home.totalBalance()).toHaveText('75.00');

  // The same link again is refused with the translated duplicate message.
  await home.openDeposit();
  await deposit.choose('truelink');
  await deposit.fillGiftLink(link);
  await deposit.sendGiftLink();
  await expect(page.getByText('ลิงก์ซองของขวัญนี้ถูกใช้แล้ว')).toBeVisible();
  await expect(home.totalBalance()).toHaveText('75.00');

  // Auto mode: the member sends from their registered number to the wallet number shown.
  await deposit.back();
  await expect(deposit.method('truewallet-auto')).toContainText('099-000-0000');
  const sent = await request.post('/sandbox/truemoney/transfers', { data: { fromMobile: member.phone, amount: 25 } });
  expect(((await sent.json()) as { outcome: string }).outcome).toBe('credited');
  await page.keyboard.press('Escape');
  await home.checkBalance();
  await expect(home.totalBalance()).toHaveText('100.00');
});

test('a member uploads a bank slip, watches the progress bar, and sees it credited and listed', async ({ page, request }) => {
  const member = await registerViaApi(request);
  // The member pays the operator's SCB account from their own account; the sandbox bank issues the slip.
  const slip = await bankSlip(request, { amount: 420, fromBankCode: 'SCB', fromAccountNo: member.bankAccountNo, minutesAgo: 3 });
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(member.phone, member.password, { remember: true });

  const home = new HomePage(page);
  const deposit = await home.openDeposit();
  await deposit.choose('slip');
  await keepScreenshot(page, 'deposit-slip');
  // A phone on slow mobile data (~50 kB/s up): the upload takes long enough for the bar to be seen moving.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, uploadThroughput: 50 * 1024, downloadThroughput: -1 });
  await deposit.pickSlip(slip);
  const bar = deposit.slipProgressBar();
  await expect(bar).toHaveAttribute('aria-valuenow', /^([1-9]|[1-9]\d)$/); // part-way
  await keepScreenshot(page, 'deposit-slip-progress');
  await expect(deposit.slipResult()).toHaveAttribute('data-status', 'SUCCESS');
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await keepScreenshot(page, 'deposit-slip-done');
  await expect(page.getByText('สลิปผ่านแล้ว: เติม 420.00 บาท')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(home.totalBalance()).toHaveText('420.00');

  await expect((await home.openStatement()).first()).toContainText('ฝากเงินจาก สลิปโอนเงิน');
  const statement = new StatementPage(page);
  const row = (await statement.openSlips()).first();
  await expect(row).toHaveAttribute('data-status', 'SUCCESS');
  await expect(row).toContainText('420.00');
  await keepScreenshot(page, 'slip-status');
  await row.getByRole('button').click();
  await expect(statement.slipImage()).toBeVisible();
  expect(await statement.slipImage().evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(300);
});

test('a slip the bank cannot confirm waits; an operator enters the amount on /admin and the member sees it credited', async ({ page, browser, request }) => {
  const member = await registerViaApi(request);
  const slip = await bankSlip(request, { amount: 260, verifyOutcome: 'TRIPPLE_WRONG_CAPTCHA' });
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(member.phone, member.password, { remember: true });
  const home = new HomePage(page);
  const deposit = await home.openDeposit();
  await deposit.choose('slip');
  await deposit.pickSlip(slip);
  await expect(deposit.slipResult()).toHaveAttribute('data-status', 'in_progress');
  await expect(page.getByText('สลิปของคุณรอเจ้าหน้าที่ตรวจสอบ')).toBeVisible();

  const operator = await OperatorPage.open(browser, { viewport: { width: 1280, height: 800 } });
  const row = operator.row('slips', member.phone);
  await expect(row).toContainText('แคปช่าผิด 3 ครั้งติดกัน');
  await keepScreenshot(operator.page, 'admin-slips');
  await operator.approve(row, { answer: '260' });
  await expect(row).toHaveCount(0);
  await operator.close();

  await page.keyboard.press('Escape');
  await page.reload();
  await expect(home.totalBalance()).toHaveText('260.00');
});

test('in manual mode a member sends a deposit notice, an operator credits it on /admin', async ({ page, browser, request }) => {
  const token = await operatorToken(request);
  const setManual = (isManualDeposit: boolean) => request.put('/api/admin/settings/site', { headers: { authorization: `Bearer ${token}` }, data: { isManualDeposit } });
  await setManual(true);
  try {
    const member = await registerViaApi(request);
    const login = new LoginPage(page);
    await login.open();
    await login.logIn(member.phone, member.password, { remember: true });
    const home = new HomePage(page);
    const deposit = await home.openDeposit();
    await deposit.choose('notice');
    await deposit.sendNotice(350, { doubleTap: true });
    await waitOutDoubleTap(page);
    await expect(page.getByText('ส่งแจ้งฝากแล้ว')).toBeVisible();

    const operator = await OperatorPage.open(browser);
    const row = operator.row('deposit-notices', member.phone);
    await expect(row).toContainText('350.00');
    await expect(row).toHaveCount(1);
    await operator.approve(row);
    await expect(operator.page.getByText('เติมเงินเข้ากระเป๋าสมาชิกแล้ว')).toBeVisible();
    await operator.close();

    await home.checkBalance();
    await expect(home.totalBalance()).toHaveText('350.00');
  } finally {
    await setManual(false);
  }
});

test('a slip picked twice in a row is uploaded and credited once', async ({ page, request }) => {
  const member = await registerViaApi(request);
  const slip = await bankSlip(request, { amount: 180, fromBankCode: 'SCB', fromAccountNo: member.bankAccountNo, minutesAgo: 2 });
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(member.phone, member.password, { remember: true });
  const home = new HomePage(page);
  const deposit = await home.openDeposit();
  await deposit.choose('slip');
  // Slow upload, so the second pick lands while the first is still going up.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, uploadThroughput: 50 * 1024, downloadThroughput: -1 });
  const uploads: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/api/wallet/slip')) uploads.push(sent.url());
  });
  await deposit.pickSlip(slip);
  await deposit.pickSlip(slip);
  await expect(deposit.slipResult()).toHaveAttribute('data-status', 'SUCCESS');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, uploadThroughput: -1, downloadThroughput: -1 });
  expect(uploads).toHaveLength(1);
  await page.keyboard.press('Escape');
  await home.expectTotal('180.00');
  await home.openStatement();
  await expect(await new StatementPage(page).openSlips()).toHaveCount(1);
});
