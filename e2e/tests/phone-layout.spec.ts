import { type Locator, type Page, expect, test } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { keepScreenshot, registerViaApi } from '../support';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

/** The element a tap at the centre of `locator` would reach is the control itself (nothing lies over it). */
async function expectTappable(page: Page, locator: Locator): Promise<void> {
  const { x, y, width, height } = await box(locator);
  const reached = await page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.closest('button, select, a')?.outerHTML ?? '', [x + width / 2, y + height / 2]);
  expect(reached).toBe(await locator.evaluate((element) => element.outerHTML));
}

test('a toast covers neither the top bar (language, logout) nor the bottom menu', async ({ page, request }) => {
  const member = await registerViaApi(request);
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(member.phone, member.password, { remember: true });
  await expect(page.getByTestId('total-balance')).toBeVisible();

  await page.getByTestId('tile-collect').click();
  const toast = page.locator('[data-sonner-toast]').first();
  await expect(toast).toBeVisible();
  await page.waitForTimeout(600); // sonner's enter animation
  await keepScreenshot(page, 'toast-home');

  const header = await box(page.locator('header'));
  const menu = await box(page.getByRole('navigation'));
  const shown = await box(toast);
  expect(shown.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(shown.y + shown.height).toBeLessThanOrEqual(menu.y);
  await expectTappable(page, page.getByTestId('language-select'));
  await expectTappable(page, page.getByTestId('logout'));
  await expectTappable(page, page.getByTestId('menu-statement'));
  // The dropdown works while the toast shows.
  await page.getByTestId('language-select').selectOption('en');
  await expect(page.getByTestId('tile-collect')).toContainText('Collect');
});
