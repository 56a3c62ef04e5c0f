import { expect, test } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { HomePage } from '../pages/home-page';
import { creditWallet, memberToken, operatorToken, registerViaApi } from '../support';

test.use({ serviceWorkers: 'allow' });

interface Shown {
  title: string;
  body: string;
  tag: string;
  path: unknown;
}

// The installed app's service worker shows a withdrawal-paid notice that went through the outbox and
// the push service. A test browser is incognito, where Chromium offers no Push API: the sandbox push
// service plays the browser's subscription and decrypts what we send, and Chromium's DevTools
// protocol hands that very payload to the app's service worker, as the push service would.
test('an installed app shows the push for a withdrawal paid, once however often it arrives', async ({ page, context, request }) => {
  const member = await registerViaApi(request);
  await creditWallet(request, member.phone, 500);
  const login = new LoginPage(page);
  await login.open();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await context.grantPermissions(['notifications']);
  await login.logIn(member.phone, member.password, { remember: true });
  await new HomePage(page).expectTotal('500.00');

  const token = await memberToken(request, member);
  const browser = (await (await request.post('/sandbox/push/subscriptions')).json()) as { id: string; endpoint: string; keys: { p256dh: string; auth: string } };
  const subscribed = await request.post('/api/notices/push-subscriptions', { headers: { authorization: `Bearer ${token}` }, data: { endpoint: browser.endpoint, keys: browser.keys } });
  expect(subscribed.ok(), await subscribed.text()).toBe(true);

  const asked = await request.post('/api/wallet/withdraw', { headers: { authorization: `Bearer ${token}` }, data: { amount: 300 } });
  expect(asked.ok(), await asked.text()).toBe(true);
  const withdrawalId = ((await asked.json()) as { withdrawal: { _id: string } }).withdrawal._id;
  const approved = await request.post(`/api/admin/withdrawals/${withdrawalId}/approve`, { headers: { authorization: `Bearer ${await operatorToken(request)}` } });
  expect(approved.ok(), await approved.text()).toBe(true);

  let payload: Record<string, string> | undefined;
  await expect(async () => {
    const inbox = (await (await request.get(`/sandbox/push/messages?subscription=${browser.id}`)).json()) as { messages: Array<{ payload: Record<string, string> }> };
    payload = inbox.messages.find((message) => message.payload.kind === 'withdrawal_paid')?.payload;
    expect(payload).toBeDefined();
  }).toPass({ timeout: 20_000 });
  expect(payload).toMatchObject({ title: 'ถอนเงินสำเร็จ', body: 'โอน 300.00 บาท เข้าบัญชีธนาคารของคุณแล้ว', path: '/user/statement' });

  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: Array<{ registrationId: string; scopeURL: string }> }) => {
      const ours = registrations.find((registration) => registration.scopeURL.endsWith('/'));
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  const deliver = async () => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data: JSON.stringify(payload) });
  const shown = () =>
    page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((notice): Shown => ({ title: notice.title, body: notice.body, tag: notice.tag, path: (notice.data as { path?: unknown } | null)?.path })));
  // DevTools hands a push to the worker once, with no retry when it is lost (seen once on a loaded
  // machine: nothing shown after 10 s); a push service retries until the worker takes it. Delivered
  // again here until shown, which also sends it more than once before the check that it shows once.
  await expect(async () => {
    await deliver();
    await expect.poll(shown, { timeout: 3_000 }).toEqual([{ title: 'ถอนเงินสำเร็จ', body: 'โอน 300.00 บาท เข้าบัญชีธนาคารของคุณแล้ว', tag: payload!.id, path: '/user/statement' }]);
  }).toPass({ timeout: 20_000 });
  // Sent again after a crash, under the same id: it replaces itself.
  await deliver();
  await page.waitForTimeout(500);
  expect(await shown()).toHaveLength(1);
});
