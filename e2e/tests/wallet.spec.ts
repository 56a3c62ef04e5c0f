import { expect, test } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { creditWallet, keepScreenshot, pauseSpinCampaigns, registerViaApi, waitOutDoubleTap } from '../support';

const money = (text: string | null) => Number((text ?? '').replace(/,/g, ''));

// Every money button is pressed with a real double click: each must move money once (issue 8 §1).
test('a member opens a slot account, moves money in three ways, plays a round, refreshes and moves everything back', async ({ page, request }) => {
  // The collect-all tile shows only while no spin campaign runs (SPEC §1).
  await pauseSpinCampaigns(request);
  const member = await registerViaApi(request);
  await creditWallet(request, member.phone, 300);

  const login = new LoginPage(page);
  await login.open();
  await login.logIn(member.phone, member.password, { remember: true });
  await expect(page.getByTestId('total-balance')).toHaveText('300.00');
  await keepScreenshot(page, 'wallet-home');

  // Open the account.
  await page.getByTestId('provider-PG').click();
  await page.getByTestId('activate-game').click();
  await expect(page.getByTestId('play-game')).toBeVisible();
  await expect(page.getByTestId('game-username')).toHaveText(/^bw\d+$/);
  await page.keyboard.press('Escape');

  // Move 100 baht with the transfer overlay.
  await page.getByTestId('open-transfer').click();
  await page.locator('select[name="to"]').selectOption('PG');
  await page.locator('input[name="amount"]').fill('0.5');
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByTestId('transfer-error')).toHaveText('จำนวนขั้นต่ำ 1 บาท');
  await page.locator('input[name="amount"]').fill('100');
  await keepScreenshot(page, 'wallet-transfer');
  await page.getByTestId('transfer-submit').dblclick();
  await waitOutDoubleTap(page);
  await expect(page.getByText('โยกเงินสำเร็จ')).toBeVisible();
  await expect(page.getByTestId('provider-balance-PG')).toHaveText('100.00');
  await expect(page.getByTestId('wallet-balance')).toHaveText('200.00');
  await waitOutDoubleTap(page);

  // Transfer-only of the whole wallet asks first.
  await page.getByTestId('provider-PG').click();
  await page.getByTestId('transfer-only').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('200.00');
  await keepScreenshot(page, 'wallet-transfer-only-confirm');
  await page.getByTestId('confirm-yes').dblclick();
  await waitOutDoubleTap(page);
  await expect(page.getByTestId('game-balance')).toHaveText('300.00');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('wallet-balance')).toHaveText('0.00');
  await waitOutDoubleTap(page);

  // Resetting the game password asks first too; cancelling changes nothing.
  await page.getByTestId('provider-PG').click();
  await page.getByTestId('reset-password').click();
  await expect(page.getByTestId('confirm-dialog')).toBeVisible();
  await page.getByRole('button', { name: 'ยกเลิก' }).click();
  await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Play moves the wallet in first: 50 baht arrive; Play says in money what moves and what stays,
  // a double click on "move and play" moves them once, then the game opens.
  await creditWallet(request, member.phone, 50);
  await page.reload();
  await page.getByTestId('provider-PG').click();
  await keepScreenshot(page, 'wallet-game-account');
  await page.getByTestId('play-game').click();
  await expect(page.getByTestId('play-moves-marked')).toContainText('50.00');
  await expect(page.getByTestId('play-stays-marked')).toContainText('0.00');
  await keepScreenshot(page, 'wallet-play-confirm');
  await page.getByTestId('confirm-yes').dblclick();
  await waitOutDoubleTap(page);
  await expect(page).toHaveURL(/\/sandbox\/provider\/play\?token=/);
  await expect(page.locator('#balance')).toHaveText('350.00');
  await page.locator('[data-bet="10"]').click();
  await expect(page.locator('#result')).not.toBeEmpty();
  const afterRound = money(await page.locator('#balance').textContent());
  await keepScreenshot(page, 'wallet-demo-game');

  // Back in the wallet, a balance check shows the game's new balance.
  await page.goto('/user/home');
  await page.getByTestId('check-balance').click();
  await expect(page.getByTestId('provider-balance-PG')).toHaveText(afterRound.toFixed(2));
  await expect(page.getByTestId('last-sync')).not.toHaveText('ยังไม่ได้เช็คยอด');
  await expect(page.getByTestId('total-balance')).toHaveText(afterRound.toFixed(2));

  // Everything back to the wallet.
  await page.getByTestId('tile-collect').dblclick();
  await waitOutDoubleTap(page);
  await expect(page.getByText('ดึงเงินจากทุกเกมกลับเข้ากระเป๋าแล้ว')).toBeVisible();
  await expect(page.getByTestId('wallet-balance')).toHaveText(afterRound.toFixed(2));
  await expect(page.getByTestId('provider-balance-PG')).toHaveText('0.00');
  await keepScreenshot(page, 'wallet-collected');

  // The statement lists the movements, newest first.
  await page.getByTestId('menu-statement').click();
  const entries = page.getByTestId('statement-list').locator('li');
  await expect(entries.first()).toContainText('โยกเงิน');
  // Both ends of the transfer show in full on a phone, not cut off with an ellipsis.
  const route = entries.first().getByTestId('statement-route');
  await expect(route).toHaveText('PG Soft → กระเป๋าหลัก');
  expect(await route.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expect(entries.last()).toContainText('ฝากเงินจาก ระบบ');
  await expect(entries.last()).toContainText('+300.00');
  // Credit 300, credit 50, three moves in, one move back: a double click never added a line.
  await expect(entries).toHaveCount(6);
  await keepScreenshot(page, 'statement');
});
