import { expect, test } from '@playwright/test';
import { HomePage } from '../pages/home-page';
import { LoginPage } from '../pages/login-page';
import { keepScreenshot, registerViaApi } from '../support';

test.use({ serviceWorkers: 'allow' });

// The member app installs from Chromium, starts offline from its cached shell and says
// it is offline in the member's language, and never keeps an API answer.
test('the member app is installable, starts offline with an offline screen, and caches no API answer', async ({ page, context, request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ display: 'standalone', start_url: '/', lang: 'th' });
  expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));

  const member = await registerViaApi(request);
  const login = new LoginPage(page);
  await login.open();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await login.logIn(member.phone, member.password, { remember: true });
  const home = new HomePage(page);
  await expect(home.totalBalance()).toBeVisible();
  // A first visit is not controlled by the worker it installs (it waits, as updates do): the next load is.
  await page.reload();
  await expect(home.totalBalance()).toBeVisible();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // Chromium's own verdict on installability.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
  // A test browser context is incognito, where Chromium installs nothing: every other check must pass.
  expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

  // Nothing of the API is in any cache: only the built files.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const entry of await (await caches.open(name)).keys()) urls.push(new URL(entry.url).pathname);
    return urls;
  });
  expect(cached.length).toBeGreaterThan(5);
  expect(cached.filter((path) => path.startsWith('/api/') || path.startsWith('/sandbox/'))).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(home.offlineScreen()).toContainText('ไม่มีการเชื่อมต่ออินเทอร์เน็ต');
  await keepScreenshot(page, 'pwa-offline');
  await expect(home.totalBalance()).not.toHaveText(/\d/); // no money figure from a cache
  await context.setOffline(false);
  await home.returnOnline();
  await expect(home.offlineScreen()).toHaveCount(0);
  await expect(home.totalBalance()).toHaveText('0.00');
});
