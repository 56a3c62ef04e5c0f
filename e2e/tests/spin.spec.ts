import { expect, test } from '@playwright/test';
import { ConsolePage } from '../pages/console-page';
import { HomePage } from '../pages/home-page';
import { LoginPage } from '../pages/login-page';
import { SpinOverlay } from '../pages/spin-overlay';
import { creditWallet, keepScreenshot, loseInGame, memberToken, registerViaApi } from '../support';

const SLICES = [
  { label: { th: '20 บาท', lo: '20 ບາດ', en: '20 baht' }, amount: '20' },
  { label: { th: '50 บาท', lo: '50 ບາດ', en: '50 baht' }, amount: '50' },
  { label: { th: '5 บาท', lo: '5 ບາດ', en: '5 baht' }, amount: '5' },
  { label: { th: '100 บาท', lo: '100 ບາດ', en: '100 baht' }, amount: '100' },
];

test('an operator runs a campaign; a member earns coins, spins, the wheel stops on the server’s slice, and the prize reaches the wallet', async ({ browser, page, request }) => {
  test.setTimeout(120_000);
  // The operator creates a campaign in the console and activates it (the demo one pauses).
  const desk = await ConsolePage.signIn(browser, 'e2e-admin', 'e2e-admin-pass');
  await desk.goTo('วงล้อนำโชค');
  await desk.campaigns.create({ th: 'วงล้อทดสอบ', lo: 'ວົງລໍ້ທົດສອບ', en: 'Test wheel' }, SLICES);
  const row = desk.campaigns.row('วงล้อทดสอบ');
  await expect(row).toContainText('ฉบับร่าง');
  await row.getByRole('button', { name: 'เปิดใช้งาน' }).click();
  await expect(row).toContainText('กำลังใช้งาน');
  await keepScreenshot(desk.page, 'spin-console-campaigns');
  await desk.page.context().close();

  // A member plays and loses 200 baht: 2 coins (coins reward play, not deposits).
  const member = await registerViaApi(request);
  await creditWallet(request, member.phone, 200);
  await loseInGame(request, await memberToken(request, member), 200, 200);
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(member.phone, member.password, { remember: true });
  const home = new HomePage(page);
  await expect(home.spinTileCount()).toHaveText('2');
  await expect(home.tile('collect')).toHaveCount(0);

  const wheel = await SpinOverlay.open(page);
  await expect(wheel.coins()).toHaveText('2');
  const first = await wheel.spin();
  await expect(wheel.coins()).toHaveText('1');
  await page.waitForTimeout(1_200);
  await keepScreenshot(page, 'spin-th-mid-spin');
  expect(await wheel.sliceAtRest()).toBe(first.result.code);
  await expect(wheel.prizeLabel()).toHaveText(first.result.label);
  await keepScreenshot(page, 'spin-th-at-rest');
  await wheel.closePrize();

  // The coupon, claimed through the confirm dialog (double-tapped), pays once.
  await wheel.claimFirstCoupon();
  await expect(page.getByText(`ได้รับรางวัล ${first.result.label} แล้ว`)).toBeVisible();
  await expect(wheel.couponStatuses().first()).toHaveText('รับแล้ว');
  await keepScreenshot(page, 'spin-th-claimed');

  // In Lao, the second coin.
  await page.keyboard.press('Escape');
  await home.chooseLanguage('lo');
  const inLao = await SpinOverlay.open(page);
  const second = await inLao.spin();
  await page.waitForTimeout(1_200);
  await keepScreenshot(page, 'spin-lo-mid-spin');
  expect(await inLao.sliceAtRest()).toBe(second.result.code);
  await keepScreenshot(page, 'spin-lo-at-rest');
  await inLao.closePrize();
  await expect(inLao.coins()).toHaveText('0');
  await expect(inLao.button()).toBeDisabled();
  await page.keyboard.press('Escape');
  await home.chooseLanguage('th');

  // The first prize is in the wallet and the statement (the second waits as a coupon).
  await expect(home.walletBalance()).toHaveText(first.result.amount.toFixed(2));
  await expect((await home.openStatement()).first()).toContainText(first.result.amount.toFixed(2));
});
