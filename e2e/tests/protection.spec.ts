import { type Page, expect, test } from '@playwright/test';
import { ConsolePage } from '../pages/console-page';
import { HomePage } from '../pages/home-page';
import { countPosts, expectAccessible, keepScreenshot, shownText } from '../support';

const WHEN = String.raw`\d\d/\d\d/\d{4} \d\d:\d\d`;

async function setLanguage(page: Page, language: 'th' | 'en' | 'lo'): Promise<void> {
  await page.evaluate((chosen) => localStorage.setItem('locale', chosen), language);
  await page.reload();
}

test('a member sets a deposit limit and is refused past it with the reset time; one tap takes a 24-hour break that closes games and deposits and leaves withdrawal open', async ({ browser, page, request }) => {
  test.setTimeout(150_000);
  const { home, member } = await HomePage.signInNewMember(page, request, { baht: 500 });
  await expect(page.getByTestId('break-now-compact')).toBeVisible();
  await keepScreenshot(page, 'protection-home-th-390', { fullPage: false });

  // From the profile to Limits and breaks; a day deposit limit of 200 applies now.
  await home.menu('profile').click();
  await page.getByTestId('open-protection').click();
  await page.getByTestId('limit-deposit_day-edit').click();
  await page.locator('input[name="limit-deposit_day-input"]').fill('200');
  await expect(page.getByTestId('limit-deposit_day-preview')).toHaveText('มีผลทันที');
  await page.getByTestId('limit-deposit_day-save').click();
  await expect(page.getByTestId('limit-deposit_day-amount')).toHaveText('200.00');
  await expectAccessible(page, 'limits and breaks');
  await keepScreenshot(page, 'protection-limits-th-390');
  await page.getByTestId('limit-deposit_day-edit').click();
  await page.locator('input[name="limit-deposit_day-input"]').fill('1000');
  await expect(page.getByTestId('limit-deposit_day-preview')).toHaveText(new RegExp(`^การเพิ่มต้องรอ: มีผล ${WHEN}$`));
  await keepScreenshot(page, 'protection-edit-raise-th-390', { fullPage: false });
  await page.setViewportSize({ width: 360, height: 780 });
  await setLanguage(page, 'en');
  await expect(page.getByTestId('limit-deposit_day-amount')).toHaveText('200.00');
  await keepScreenshot(page, 'protection-limits-en-360');
  await setLanguage(page, 'th');
  await page.setViewportSize({ width: 390, height: 844 });

  // A QR past the limit is refused, naming the limit and when it resets.
  await home.menu('home').click();
  const deposit = await home.openDeposit();
  await expect(page.getByTestId('deposit-protection-link')).toBeVisible();
  await deposit.choose('KBANK');
  await deposit.pickAmount(500);
  await deposit.createQrButton().click();
  await expect(page.getByText(new RegExp(`ยอดฝากถึงวงเงินต่อวันแล้ว เริ่มใหม่ ${WHEN}`))).toBeVisible();
  await keepScreenshot(page, 'protection-deposit-refused-th-390', { fullPage: false });
  await page.keyboard.press('Escape');

  // A game account to move money to; its overlay carries the break button too.
  const game = await home.openGameAccount('PG');
  await game.activate();
  await expect(game.playButton()).toBeVisible();
  await expect(page.getByRole('dialog').getByTestId('break-now-compact')).toBeVisible();
  await keepScreenshot(page, 'protection-game-account-th-390', { fullPage: false });
  await page.keyboard.press('Escape');

  // One tap on home: a break at once, no question, one call.
  const breaks = countPosts(page, /\/api\/protection\/break$/);
  await page.getByTestId('break-now-compact').dblclick();
  await expect(page.getByTestId('break-now-compact')).toHaveCount(0);
  expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect(breaks()).toBe(1);

  // Games and deposits are closed, withdrawal open.
  const transfer = await home.openTransfer();
  await transfer.fill('PG', '50');
  await transfer.submit();
  await shownText(transfer.error()).toMatch(new RegExp(`^คุณกำลังพักการเล่นจนถึง ${WHEN}`));
  await page.keyboard.press('Escape');
  await (await home.openDeposit()).choose('KBANK');
  await page.getByTestId('pick-100').click();
  await page.getByTestId('create-qr').click();
  await expect(page.getByText(new RegExp(`คุณกำลังพักการเล่นจนถึง ${WHEN}`)).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await home.tile('withdraw').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog')).not.toContainText('พักการเล่น');
  await page.keyboard.press('Escape');

  await home.menu('profile').click();
  await page.getByTestId('open-protection').click();
  await shownText(page.getByTestId('protection-restriction')).toContain('ยอดเงิน รายการเดินบัญชี การถอน และแชทกับฝ่ายบริการ');
  await expectAccessible(page, 'limits and breaks on a break');
  await keepScreenshot(page, 'protection-on-break-th-390');
  await page.setViewportSize({ width: 360, height: 780 });
  await setLanguage(page, 'en');
  await expect(page.getByTestId('protection-restriction')).toContainText('You are on a break until');
  await keepScreenshot(page, 'protection-on-break-en-360');

  // The desk sees it, with the limit and the break.
  const desk = await ConsolePage.signIn(browser, 'e2e-admin', 'e2e-admin-pass');
  await desk.openMember(member.phone);
  const panel = desk.page.getByTestId('member-protection');
  await expect(panel.getByTestId('protection-in-force')).toContainText('พักการเล่น ถึง');
  await panel.scrollIntoViewIfNeeded();
  await keepScreenshot(desk.page, 'protection-console-1280', { fullPage: false });
  await panel.getByTestId('protection-restrict').click();
  await desk.page.getByTestId('protection-restrict-submit').click();
  await expect(desk.page.getByTestId('protection-restrict-dialog')).toBeVisible();
  await keepScreenshot(desk.page, 'protection-console-reason-1280', { fullPage: false });
});
