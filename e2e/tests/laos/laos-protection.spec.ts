import { expect, test } from '@playwright/test';
import { HomePage } from '../../pages/home-page';
import { LoginPage } from '../../pages/login-page';
import { expectAccessible, keepScreenshot } from '../../support';

// The Lao demo member (a Thai bank cannot register on the Laos site); this journey runs after the
// other Laos journeys, as the break it takes closes games and deposits for the rest of the run.
test('Limits and breaks in Lao, with a break taken in one tap', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn('2055512345', 'demo1234', { remember: true });
  const home = new HomePage(page);
  await expect(page.getByTestId('break-now-compact')).toBeVisible();
  await page.goto('/user/protection');
  await expect(page.getByTestId('limit-deposit_day-amount')).toBeVisible();
  await expectAccessible(page, 'limits and breaks (Lao)');
  await keepScreenshot(page, 'protection-limits-lo-390');
  await page.getByTestId('break-now').click();
  await expect(page.getByTestId('protection-restriction')).toContainText('ທ່ານກຳລັງພັກການຫຼິ້ນຈົນຮອດ');
  await page.setViewportSize({ width: 360, height: 780 });
  await keepScreenshot(page, 'protection-on-break-lo-360');
  await home.menu('home').click();
  await expect(page.getByTestId('break-now-compact')).toHaveCount(0);
});
