import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { HomePage } from '../pages/home-page';
import { keepScreenshot, waitOutDoubleTap } from '../support';

/** A new member with 500 baht, signed in on a phone of this size, on home. */
async function signedInWith500(page: Page, request: APIRequestContext, viewport: { width: number; height: number }): Promise<HomePage> {
  await page.setViewportSize(viewport);
  return (await HomePage.signInNewMember(page, request, { baht: 500 })).home;
}

/**
 * A node shedding load answers a money call 503 BUSY with Retry-After (docs/operations.md "Load
 * shedding and draining"). The balancer's answer is played here by the browser: the first two
 * withdrawals it sends are answered busy, the third goes through to the server.
 */
test('a busy node: the app says it is trying again, sends the same key, and the member withdraws once', async ({ page, request }) => {
  const home = await signedInWith500(page, request, { width: 360, height: 780 });

  const keys: string[] = [];
  await page.route('**/api/wallet/withdrawAll', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length <= 2) await route.fulfill({ status: 503, headers: { 'retry-after': '1' }, json: { message: 'BUSY' } });
    else await route.continue();
  });
  const withdraw = await home.openWithdraw();
  await withdraw.fill(200);
  await withdraw.submit({ doubleTap: true });
  await expect(page.getByText('ขณะนี้มีผู้ใช้งานจำนวนมาก กำลังลองใหม่…')).toBeVisible();
  await keepScreenshot(page, 'busy-node-retrying');
  await waitOutDoubleTap(page);
  await expect(page.getByText('รอการโอน')).toBeVisible({ timeout: 10_000 });
  await expect(home.walletBalance()).toHaveText('300.00');
  // Three tries of one intent, one key: the server took it once.
  expect(keys).toHaveLength(3);
  expect(new Set(keys).size).toBe(1);
  const statement = await home.openStatement();
  await expect(statement).toHaveCount(2); // the credit and one withdrawal
});

test('a node still busy after the last try: the member reads that nothing was done, in their language', async ({ page, request }) => {
  const home = await signedInWith500(page, request, { width: 390, height: 844 });

  let tries = 0;
  await page.route('**/api/wallet/withdrawAll', (route) => {
    tries += 1;
    return route.fulfill({ status: 503, headers: { 'retry-after': '1' }, json: { message: 'BUSY' } });
  });
  const withdraw = await home.openWithdraw();
  await withdraw.fill(200);
  await withdraw.submit();
  await expect(withdraw.error()).toHaveText('ขณะนี้มีผู้ใช้งานจำนวนมาก ยังไม่มีรายการใดเกิดขึ้น กรุณาลองใหม่อีกครั้งในอีกสักครู่', { timeout: 10_000 });
  await keepScreenshot(page, 'busy-node-gave-up');
  expect(tries).toBe(3);
  await page.unroute('**/api/wallet/withdrawAll');
  await page.reload();
  await expect(home.walletBalance()).toHaveText('500.00');
});
