import { type Locator, expect, test } from '@playwright/test';
import { ChatWidget } from '../../pages/chat-widget';
import { HomePage } from '../../pages/home-page';
import { LoginPage } from '../../pages/login-page';
import { expectAccessible } from '../../support';

// Every screen and overlay of the Laos build, in Lao, passes axe with nothing serious.
test('every public screen of the Laos build passes axe with nothing serious', async ({ page }) => {
  for (const path of ['/login', '/register', '/howto', '/contact']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('html')).toHaveAttribute('lang', 'lo');
    await expectAccessible(page, `Laos ${path}`);
  }
});

test('every member screen and overlay of the Laos build passes axe with nothing serious', async ({ page }) => {
  // Every screen and overlay in turn: about 25 s alone, past a minute when the machine is busy.
  test.setTimeout(120_000);
  const login = new LoginPage(page);
  await login.open();
  await login.logIn('2055512345', 'demo1234', { remember: true });
  const home = new HomePage(page);
  await expect(home.totalBalance()).toBeVisible();
  await expectAccessible(page, 'Laos home');

  const overlays: Array<[Locator, string]> = [
    [home.tile('deposit'), 'deposit'],
    [home.tile('withdraw'), 'withdraw'],
    [home.transferButton(), 'transfer'],
    [home.provider('PG'), 'game account'],
    [home.tile('spin'), 'spin wheel'],
    [home.tile('invite'), 'invite'],
    [home.tile('refund'), 'refund'],
    [home.menu('conditions'), 'conditions'],
  ];
  for (const [opener, name] of overlays) {
    await opener.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, `Laos ${name}`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }

  for (const menu of ['statement', 'profile', 'contact'] as const) {
    await home.menu(menu).click();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, `Laos ${menu}`);
  }
  const chat = new ChatWidget(page);
  await chat.bubble().click();
  await expect(chat.panel()).toBeVisible();
  await expectAccessible(page, 'Laos chat');
  await chat.toggle();

  await page.goto('/user/bonus');
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'Laos bonus');
});
