import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { PublicScreens } from '../pages/public-screens';
import { keepScreenshot, operatorToken } from '../support';

test('the language switch to lo and en survives a reload', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'เข้าสู่ระบบ' })).toBeVisible();
  await keepScreenshot(page, 'login-th');

  const shell = new AppShell(page);
  await shell.chooseLanguage('lo');
  await expect(page.getByRole('heading', { name: 'ເຂົ້າສູ່ລະບົບ' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'ເຂົ້າສູ່ລະບົບ' })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('locale'), document.cookie, document.documentElement.lang])).toEqual(['lo', 'lang=LO', 'lo']);
  await keepScreenshot(page, 'login-lo');

  await shell.chooseLanguage('en');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await keepScreenshot(page, 'login-en');
  // The server answers its texts in the chosen language too.
  await page.goto('/contact');
  await expect(new PublicScreens(page).contactText()).toContainText('Our team is here');
});

test('how-to plays each of its five videos in a modal', async ({ page }) => {
  await page.goto('/howto');
  await keepScreenshot(page, 'howto');
  const screens = new PublicScreens(page);
  for (const key of ['wallet', 'play', 'balance', 'bonus', 'endBonus']) {
    await screens.openHowto(key);
    const video = screens.howtoVideo();
    await expect(video).toBeVisible();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
    // Recordings of the real app at phone size (npm run howto:videos), not placeholder clips.
    expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThanOrEqual(10);
    expect(await video.evaluate((element: HTMLVideoElement) => [element.videoWidth, element.videoHeight])).toEqual([390, 844]);
    if (key === 'wallet') await keepScreenshot(page, 'howto-video');
    await page.keyboard.press('Escape');
  }
});

test('contact shows the server text, the version, the QR and the LINE link', async ({ page }) => {
  await page.goto('/contact');
  const screens = new PublicScreens(page);
  await expect(screens.contactText()).toContainText('ติดต่อทีมงาน');
  await expect(screens.appVersion()).toContainText('1.1.14');
  await expect(page.getByRole('link', { name: /@bahtwallet/ })).toHaveAttribute('href', /line\.me/);
  await keepScreenshot(page, 'contact');
});

test('an unknown path shows the 404 screen', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(new PublicScreens(page).notFound()).toBeVisible();
  await keepScreenshot(page, 'not-found');
});

test('a terminated site sends /login to /terminated', async ({ page, request }) => {
  const token = await operatorToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  await request.put('/api/admin/settings/site', { headers, data: { terminated: true } });
  try {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/terminated$/);
    await expect(new PublicScreens(page).terminated()).toBeVisible();
    await expect(page).toHaveTitle(/ไม่พบหน้าที่ต้องการ/);
    await keepScreenshot(page, 'terminated');
  } finally {
    await request.put('/api/admin/settings/site', { headers, data: { terminated: false } });
  }
  await page.goto('/login');
  await expect(page).toHaveURL(/\/login$/);
});
