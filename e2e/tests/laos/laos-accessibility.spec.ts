import { expect, test } from '@playwright/test';
import { LoginPage } from '../../pages/login-page';
import { expectAccessible } from '../../support';

// Issue 15 §4: every screen and overlay of the Laos build, in Lao, passes axe with nothing serious.
test('every public screen of the Laos build passes axe with nothing serious', async ({ page }) => {
  for (const path of ['/login', '/register', '/howto', '/contact']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('html')).toHaveAttribute('lang', 'lo');
    await expectAccessible(page, `Laos ${path}`);
  }
});

test('every member screen and overlay of the Laos build passes axe with nothing serious', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn('2055512345', 'demo1234', { remember: true });
  await expect(page.getByTestId('total-balance')).toBeVisible();
  await expectAccessible(page, 'Laos home');

  for (const opener of ['tile-deposit', 'tile-withdraw', 'open-transfer', 'provider-PG', 'tile-spin', 'tile-invite', 'tile-refund', 'menu-conditions']) {
    await page.getByTestId(opener).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, `Laos ${opener}`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }

  for (const menu of ['menu-statement', 'menu-profile', 'menu-contact']) {
    await page.getByTestId(menu).click();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, `Laos ${menu}`);
  }
  await page.getByTestId('chat-bubble').click();
  await expect(page.getByTestId('chat-panel')).toBeVisible();
  await expectAccessible(page, 'Laos chat');
  await page.getByTestId('chat-toggle').click();

  await page.goto('/user/bonus');
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'Laos bonus');
});
