import { expect, test } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { creditWallet, expectAccessible, registerViaApi } from '../support';

// Issue 15 §4: every member screen and overlay of the Thai build, as a member reaches them.
test('every public screen passes axe with nothing serious', async ({ page }) => {
  for (const path of ['/login', '/register', '/howto', '/contact']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, path);
  }
});

test('every member screen and overlay passes axe with nothing serious', async ({ page, request }) => {
  const member = await registerViaApi(request);
  await creditWallet(request, member.phone, 500);
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(member.phone, member.password, { remember: true });
  await expect(page.getByTestId('total-balance')).toHaveText('500.00');
  await expectAccessible(page, 'home');

  const overlays: Array<[string, string]> = [
    ['tile-deposit', 'deposit'],
    ['tile-withdraw', 'withdraw'],
    ['open-transfer', 'transfer'],
    ['provider-PG', 'game account'],
    ['tile-spin', 'spin wheel'],
    ['tile-invite', 'invite'],
    ['tile-refund', 'refund'],
  ];
  for (const [opener, name] of overlays) {
    await page.getByTestId(opener).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, name);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }

  // A QR on screen, with its countdown.
  await page.getByTestId('tile-deposit').click();
  await page.getByTestId('deposit-method-KBANK').click();
  await page.getByTestId('pick-100').click();
  await page.getByTestId('create-qr').click();
  await expect(page.getByTestId('qr-shown')).toBeVisible();
  await expectAccessible(page, 'deposit QR');
  await page.keyboard.press('Escape');

  await page.getByTestId('menu-conditions').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'conditions');
  await page.keyboard.press('Escape');

  for (const [menu, name] of [['menu-statement', 'statement'], ['menu-profile', 'profile'], ['menu-contact', 'contact']] as const) {
    await page.getByTestId(menu).click();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, name);
  }
  // The support chat, opened from the contact screen.
  await page.getByTestId('chat-bubble').click();
  await expect(page.getByTestId('chat-panel')).toBeVisible();
  await expectAccessible(page, 'chat');
  await page.getByTestId('chat-toggle').click();

  await page.goto('/user/bonus');
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'bonus');
});
