import { expect, test } from '@playwright/test';
import { ConfirmDialog } from '../pages/confirm-dialog';
import { HomePage } from '../pages/home-page';
import { LoginPage } from '../pages/login-page';
import { StatementPage } from '../pages/statement-page';
import { creditWallet, keepScreenshot, pauseSpinCampaigns, registerViaApi, waitOutDoubleTap } from '../support';

const money = (text: string | null) => Number((text ?? '').replace(/,/g, ''));

// Every money button is pressed with a real double click: each must move money once.
test('a member opens a slot account, moves money in three ways, plays a round, refreshes and moves everything back', async ({ page, request }) => {
  // The collect-all tile shows only while no spin campaign runs (SPEC §1).
  await pauseSpinCampaigns(request);
  const member = await registerViaApi(request);
  await creditWallet(request, member.phone, 300);

  const login = new LoginPage(page);
  await login.open();
  await login.logIn(member.phone, member.password, { remember: true });
  const home = new HomePage(page);
  await expect(home.totalBalance()).toHaveText('300.00');
  await keepScreenshot(page, 'wallet-home');

  // Open the account.
  const game = await home.openGameAccount('PG');
  await game.activate();
  await expect(game.playButton()).toBeVisible();
  await expect(game.username()).toHaveText(/^bw\d+$/);
  await page.keyboard.press('Escape');

  // Move 100 baht with the transfer overlay.
  const transfer = await home.openTransfer();
  await transfer.fill('PG', '0.5');
  await transfer.submit();
  await expect(transfer.error()).toHaveText('จำนวนขั้นต่ำ 1 บาท');
  await transfer.fillAmount('100');
  await keepScreenshot(page, 'wallet-transfer');
  await transfer.submit({ doubleTap: true });
  await waitOutDoubleTap(page);
  await expect(page.getByText('โยกเงินสำเร็จ')).toBeVisible();
  await expect(home.providerBalance('PG')).toHaveText('100.00');
  await expect(home.walletBalance()).toHaveText('200.00');
  await waitOutDoubleTap(page);

  // Transfer-only of the whole wallet asks first.
  const confirm = new ConfirmDialog(page);
  await home.openGameAccount('PG');
  await game.transferOnly();
  await expect(confirm.root()).toContainText('200.00');
  await keepScreenshot(page, 'wallet-transfer-only-confirm');
  await confirm.yesButton().dblclick();
  await waitOutDoubleTap(page);
  await expect(game.balance()).toHaveText('300.00');
  await page.keyboard.press('Escape');
  await expect(home.walletBalance()).toHaveText('0.00');
  await waitOutDoubleTap(page);

  // Resetting the game password asks first too; cancelling changes nothing.
  await home.openGameAccount('PG');
  await game.resetPassword();
  await expect(confirm.root()).toBeVisible();
  await page.getByRole('button', { name: 'ยกเลิก' }).click();
  await expect(confirm.root()).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Play moves the wallet in first: 50 baht arrive; Play says in money what moves and what stays,
  // a double click on "move and play" moves them once, then the game opens.
  await creditWallet(request, member.phone, 50);
  await page.reload();
  await home.openGameAccount('PG');
  await keepScreenshot(page, 'wallet-game-account');
  await game.playButton().click();
  await expect(game.playMoves()).toContainText('50.00');
  await expect(game.playStays()).toContainText('0.00');
  await keepScreenshot(page, 'wallet-play-confirm');
  await confirm.yesButton().dblclick();
  await waitOutDoubleTap(page);
  await expect(page).toHaveURL(/\/sandbox\/provider\/play\?token=/);
  await expect(page.locator('#balance')).toHaveText('350.00');
  await page.locator('[data-bet="10"]').click();
  await expect(page.locator('#result')).not.toBeEmpty();
  const afterRound = money(await page.locator('#balance').textContent());
  await keepScreenshot(page, 'wallet-demo-game');

  // Back in the wallet, a balance check shows the game's new balance.
  await page.goto('/user/home');
  await home.checkBalance();
  await expect(home.providerBalance('PG')).toHaveText(afterRound.toFixed(2));
  await expect(home.lastSync()).not.toHaveText('ยังไม่ได้เช็คยอด');
  await expect(home.totalBalance()).toHaveText(afterRound.toFixed(2));

  // Everything back to the wallet.
  await home.tile('collect').dblclick();
  await waitOutDoubleTap(page);
  await expect(page.getByText('ดึงเงินจากทุกเกมกลับเข้ากระเป๋าแล้ว')).toBeVisible();
  await expect(home.walletBalance()).toHaveText(afterRound.toFixed(2));
  await expect(home.providerBalance('PG')).toHaveText('0.00');
  await keepScreenshot(page, 'wallet-collected');

  // The statement lists the movements, newest first.
  const entries = await home.openStatement();
  await expect(entries.first()).toContainText('โยกเงิน');
  // Both ends of the transfer show in full on a phone, not cut off with an ellipsis.
  const route = new StatementPage(page).route(entries.first());
  await expect(route).toHaveText('PG Soft → กระเป๋าหลัก');
  expect(await route.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expect(entries.last()).toContainText('ฝากเงินจาก ระบบ');
  await expect(entries.last()).toContainText('+300.00');
  // Credit 300, credit 50, three moves in, one move back: a double click never added a line.
  await expect(entries).toHaveCount(6);
  await keepScreenshot(page, 'statement');
});

/**
 * The app checks every answer against the contract's schema on a worker thread of its own
 * (docs/adr: answers are checked off the drawing thread). An answer that does not match is shown
 * nowhere: home waits as it does for an answer not yet in, and draws the balance once a good one comes.
 */
test('answers are checked on a worker thread, and one that does not match its schema is not shown', async ({ page, request }) => {
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  const { home } = await HomePage.signInNewMember(page, request, { baht: 500 });
  expect(workers.filter((url) => /answer-check\.worker/.test(url))).toHaveLength(1);

  await page.route('**/api/wallet', async (route) => {
    const answer = await route.fetch();
    const body = await answer.json();
    await route.fulfill({ response: answer, json: { ...body, wallet: { ...body.wallet, amount: '9,999,999.00' } } });
  });
  await page.reload();
  await expect(home.memberName()).toHaveText('กำลังโหลด…');
  await expect(home.totalBalance()).not.toContainText('9,999,999');
  // /user/home's page read the wallet itself, before the app's code (public/early-reads.js): its
  // answer is checked as any other, on the worker the page started, the visit's only one.
  expect(await page.evaluate(() => 'earlyReads' in window)).toBe(true);
  expect(workers.filter((url) => /answer-check\.worker/.test(url))).toHaveLength(2);
  await keepScreenshot(page, 'answer-refused');

  await page.unroute('**/api/wallet');
  await page.reload();
  await home.expectTotal('500.00');
});

// Home's forms open in a transition (the tap's frame first): a double tap still opens each one once.
test('a double tap on the deposit and withdrawal tiles and the transfer button opens each form once', async ({ page, request }) => {
  const member = await registerViaApi(request);
  await creditWallet(request, member.phone, 500);
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(member.phone, member.password, { remember: true });
  const home = new HomePage(page);
  await home.expectTotal('500.00');
  for (const opener of [home.tile('deposit'), home.tile('withdraw'), page.getByTestId('open-transfer')]) {
    await opener.dblclick();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
});
