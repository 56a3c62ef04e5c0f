import { expect, test } from '@playwright/test';
import { HomePage } from '../../pages/home-page';
import { LoginPage } from '../../pages/login-page';
import { ProfilePage } from '../../pages/profile-page';
import { RegisterPage } from '../../pages/register-page';
import { expectAccessible, keepScreenshot, latestOtp, randomAccountNo, shownText, waitOutDoubleTap } from '../../support';

/** A Lao mobile number: 020 and eight digits (DESIGN §6 allows 8–11). */
const laoPhone = () => `20${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

// The Laos build from registration to a withdrawal, in Lao and in kip, every money
// button pressed with a real double click.
test('a Lao member registers with kip and BCEL, deposits by BCEL QR, moves kip to a game and withdraws', async ({ page, request }) => {
  // A whole member's life in one journey: about 22 s alone, past a minute when the machine is busy.
  test.setTimeout(120_000);
  const phone = laoPhone();
  const password = 'journey-pass-1';
  const register = new RegisterPage(page);
  await register.open();
  await expect(page.locator('html')).toHaveAttribute('lang', 'lo');
  await register.enterPhone(phone);
  await expect(register.otpRef()).toBeVisible();
  await register.enterOtp((await latestOtp(request, phone)).otpCode);
  await register.enterProfile({ name: 'ສົມພອນ ແກ້ວມະນີ', password });
  // Kip is the default currency; only Lao banks are offered.
  await expect(page.locator('select[name="currency"]')).toHaveValue('LAK');
  await expect(page.locator('select[name="bankCode"] option[value="KBANK"]')).toHaveCount(0);
  await keepScreenshot(page, 'laos-register-bank');
  await expectAccessible(page, 'laos-register-bank');
  await register.enterBank({ bankCode: 'BCEL', accountNo: randomAccountNo(), firstName: 'SOMPHONE', lastName: 'KEOMANY' });
  await expect(page.getByText('ສະໝັກສຳເລັດ ກະລຸນາເຂົ້າສູ່ລະບົບ')).toBeVisible();

  const login = new LoginPage(page);
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
  await login.logIn(phone, password, { remember: true });
  const home = new HomePage(page);
  await home.expectTotal('0');

  // Deposit: BCEL's QR in kip is the only QR offered; no Thai bank, gateway or TrueMoney.
  const deposit = await home.openDeposit();
  await expect(deposit.method('BCEL')).toBeVisible();
  for (const thaiOnly of ['KBANK', 'WW', 'ZAPMAN', 'truelink']) await expect(deposit.method(thaiOnly)).toHaveCount(0);
  await keepScreenshot(page, 'laos-deposit-methods');
  await expectAccessible(page, 'laos-deposit-methods');
  await deposit.choose('BCEL');
  await deposit.pickAmount(100_000);
  await expect(deposit.amountField()).toHaveValue('100000');
  await deposit.createQrButton().dblclick();
  await waitOutDoubleTap(page);
  await expect(deposit.shownQr()).toBeVisible();
  await expect(deposit.qrAmount()).toHaveText('100,000');
  await keepScreenshot(page, 'laos-deposit-bcel-qr');
  await expectAccessible(page, 'laos-deposit-bcel-qr');
  const qrcodeId = await deposit.shownQr().getAttribute('data-qrcode-id');
  expect(await (await request.post('/sandbox/gateway/pay', { data: { qrcodeId } })).json()).toEqual({ paid: true, webhookStatus: 200 });
  await expect(deposit.qrPaidAmount()).toHaveText('100,000');
  await deposit.closePaidQr();
  await home.expectTotal('100,000');
  await waitOutDoubleTap(page);

  // A game that takes kip: open the account, move 20,000 kip.
  const game = await home.openGameAccount('PG');
  await game.activate();
  await expect(game.playButton()).toBeVisible();
  await page.keyboard.press('Escape');
  const transfer = await home.openTransfer();
  await transfer.fill('PG', '20000');
  await keepScreenshot(page, 'laos-transfer');
  await expectAccessible(page, 'laos-transfer');
  await transfer.submit({ doubleTap: true });
  await waitOutDoubleTap(page);
  await expect(home.providerBalance('PG')).toHaveText('20,000');
  await expect(home.walletBalance()).toHaveText('80,000');

  // Withdraw to the BCEL account, within the kip limits.
  const withdraw = await home.openWithdraw();
  await withdraw.fill(30_000);
  await withdraw.submit();
  await shownText(withdraw.error()).toBe('ຈຳນວນຂັ້ນຕ່ຳ 50,000 ກີບ');
  await withdraw.fill(60_000);
  await keepScreenshot(page, 'laos-withdraw');
  await expectAccessible(page, 'laos-withdraw');
  await withdraw.submit({ doubleTap: true });
  await waitOutDoubleTap(page);
  // A withdrawal takes everything back from the games first (SPEC withdrawAll): 100,000 − 60,000, once.
  await expect(home.walletBalance()).toHaveText('40,000');
  await expect(home.totalBalance()).toHaveText('40,000');

  const statement = await home.openStatement();
  await expect(statement.first()).toContainText('60,000');
  await expect(statement.filter({ hasText: '60,000' })).toHaveCount(1);
  await keepScreenshot(page, 'laos-statement');
  await expectAccessible(page, 'laos-statement');
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('the kip demo member sees kip everywhere: home, the kip bonus, the kip wheel, the profile with the Lao bank', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.logIn('2055512345', 'demo1234', { remember: true });
    const home = new HomePage(page);
    await home.expectTotal('500,000');
    await keepScreenshot(page, 'laos-360-home');
    await expectAccessible(page, 'laos home at 360 px');

    await home.tile('spin').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await keepScreenshot(page, 'laos-360-spin');
    await page.keyboard.press('Escape');

    await page.goto('/user/bonus');
    await expect(page.getByText('ໂບນັດຕ້ອນຮັບ 50% (ກີບ)')).toBeVisible();
    await keepScreenshot(page, 'laos-360-bonus');
    await expectAccessible(page, 'laos bonus at 360 px');

    await page.goto('/user/profile');
    await shownText(new ProfilePage(page).name()).toContain('ສົມພອນ');
    await expect(page.getByText('ທະນາຄານການຄ້າຕ່າງປະເທດລາວ')).toBeVisible();
    await expect(page.getByText('20 5551 2345')).toBeVisible();
    await keepScreenshot(page, 'laos-360-profile');
  });
});
