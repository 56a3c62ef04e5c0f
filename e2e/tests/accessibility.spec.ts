import { type Locator, expect, test } from '@playwright/test';
import { ChatWidget } from '../pages/chat-widget';
import { HomePage } from '../pages/home-page';
import { LoginPage } from '../pages/login-page';
import { StatementPage } from '../pages/statement-page';
import { creditWallet, expectAccessible, keepScreenshot, registerViaApi } from '../support';

// Every member screen and overlay of the Thai build, as a member reaches them.
test('every public screen passes axe with nothing serious', async ({ page }) => {
  for (const path of ['/login', '/register', '/howto', '/contact']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, path);
  }
});

test('every member screen and overlay passes axe with nothing serious', async ({ page, request }) => {
  // Every screen and overlay in turn: about 25 s alone, past a minute when the machine is busy.
  test.setTimeout(120_000);
  const member = await registerViaApi(request);
  await creditWallet(request, member.phone, 500);
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(member.phone, member.password, { remember: true });
  const home = new HomePage(page);
  await expect(home.totalBalance()).toHaveText('500.00');
  await expectAccessible(page, 'home');

  const overlays: Array<[Locator, string]> = [
    [home.tile('deposit'), 'deposit'],
    [home.tile('withdraw'), 'withdraw'],
    [home.transferButton(), 'transfer'],
    [home.provider('PG'), 'game account'],
    [home.tile('spin'), 'spin wheel'],
    [home.tile('invite'), 'invite'],
    [home.tile('refund'), 'refund'],
  ];
  for (const [opener, name] of overlays) {
    await opener.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, name);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }

  // A QR on screen, with its countdown.
  const deposit = await home.openDeposit();
  await deposit.choose('KBANK');
  await deposit.pickAmount(100);
  await deposit.createQrButton().click();
  await expect(deposit.shownQr()).toBeVisible();
  await expectAccessible(page, 'deposit QR');
  await page.keyboard.press('Escape');

  await home.menu('conditions').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'conditions');
  await page.keyboard.press('Escape');

  for (const menu of ['statement', 'profile', 'contact'] as const) {
    await home.menu(menu).click();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, menu);
  }
  // The support chat, opened from the contact screen.
  const chat = new ChatWidget(page);
  await chat.bubble().click();
  await expect(chat.panel()).toBeVisible();
  await expectAccessible(page, 'chat');
  await chat.toggle();

  await page.goto('/user/bonus');
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'bonus');
});

// The system text size at 200 % (Chromium's minimum font size setting is not reachable
// from a test; the root font size is what rem-based text follows) clips nothing sideways.
test('home, the deposit overlay and the statement keep their text inside the screen at 200 % text size', async ({ page, request }) => {
  const member = await registerViaApi(request);
  await creditWallet(request, member.phone, 1234.5);
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(member.phone, member.password, { remember: true });
  const home = new HomePage(page);
  await expect(home.totalBalance()).toHaveText('1,234.50');
  const doubled = () => page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
  const overflowing = () =>
    page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      return Array.from(document.querySelectorAll<HTMLElement>('body *'))
        // Text for screen readers only is clipped on purpose; a carousel (the provider cards) shows
        // the rest by swiping.
        .filter((element) => element.offsetParent !== null && element.children.length === 0 && (element.textContent ?? '').trim() !== '')
        .filter((element) => element.getBoundingClientRect().width > 1 && !element.closest('[aria-roledescription="carousel"]'))
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.right > width + 1 || box.left < -1 || element.scrollWidth > element.clientWidth + 1;
        })
        .map((element) => `${element.tagName.toLowerCase()}[${element.dataset.testid ?? ''}] ${(element.textContent ?? '').trim().slice(0, 30)}`);
    });
  await doubled();
  await keepScreenshot(page, 'text-200-home');
  expect(await overflowing(), 'home at 200 %').toEqual([]);
  await home.openDeposit();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await overflowing(), 'deposit at 200 %').toEqual([]);
  await page.keyboard.press('Escape');
  await home.menu('statement').click();
  await expect(new StatementPage(page).list()).toBeVisible();
  await doubled();
  expect(await overflowing(), 'statement at 200 %').toEqual([]);
  await keepScreenshot(page, 'text-200-statement');
});

// A keyboard reaches a money overlay, stays inside it, and comes back to where it was.
test('a keyboard opens the deposit overlay, Tab stays inside it, and Escape returns focus to the tile', async ({ page, request }) => {
  const member = await registerViaApi(request);
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(member.phone, member.password, { remember: true });
  const home = new HomePage(page);
  await expect(home.totalBalance()).toHaveText('0.00');

  const tile = home.tile('deposit');
  await tile.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  for (let step = 0; step < 15; step += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement)), `focus after ${step + 1} Tab presses`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(tile).toBeFocused();
});
