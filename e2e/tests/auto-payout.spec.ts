import { type APIRequestContext, expect, test } from '@playwright/test';
import { HomePage } from '../pages/home-page';
import { LoginPage } from '../pages/login-page';
import { OperatorPage } from '../pages/operator-page';
import { creditWallet, keepScreenshot, operatorToken, registerViaApi } from '../support';

/**
 * Journeys share one server: auto-payout pays only up to an amount no other journey withdraws
 * (they withdraw 150 baht and more), and goes back off after this file.
 */
const AUTO_PAY_UP_TO = 120;

async function putSettings(request: APIRequestContext, token: string, change: Record<string, number>) {
  return request.put('/api/admin/settings/site', { headers: { authorization: `Bearer ${token}` }, data: change });
}

test.afterAll(async ({ request }) => {
  // Lowering applies at once, with no second operator.
  const off = await putSettings(request, await operatorToken(request), { autoPayoutMax: 0, autoPayoutDailyBudget: 0 });
  expect(off.status(), await off.text()).toBe(200);
});

test('a small withdrawal is paid by the bank by itself; a large one waits, the operator reads why and approves it; pausing and resuming take a reason', async ({ page, browser, request }) => {
  // Turning auto-payout on takes two admins: the first proposes, the second approves.
  const first = await operatorToken(request);
  const proposed = await putSettings(request, first, { autoPayoutMax: AUTO_PAY_UP_TO, autoPayoutDailyBudget: 1_000 });
  expect(proposed.status(), await proposed.text()).toBe(202);
  const change = (await proposed.json()) as { _id: string; reasons: string[] };
  expect(change.reasons).toContain('auto_payout_looser');
  const second = `payout-admin-${Date.now()}`;
  const created = await request.post('/api/admin/operators', { headers: { authorization: `Bearer ${first}` }, data: { username: second, password: `${second}-pass-1`, roles: ['admin'] } });
  expect(created.status(), await created.text()).toBe(200);
  const login = await request.post('/api/admin/login', { data: { username: second, password: `${second}-pass-1` } });
  const secondToken = ((await login.json()) as { token: string }).token;
  const approved = await request.post(`/api/admin/config-changes/${change._id}/approve`, { headers: { authorization: `Bearer ${secondToken}` } });
  expect(approved.status(), await approved.text()).toBe(200);
  const state = (await (await request.get('/api/admin/auto-payout', { headers: { authorization: `Bearer ${first}` } })).json()) as { paused: boolean; THB: { max: number } };
  expect(state).toMatchObject({ paused: false, THB: { max: AUTO_PAY_UP_TO } });

  const member = await registerViaApi(request);
  await creditWallet(request, member.phone, 500);
  await new LoginPage(page).open();
  await new LoginPage(page).logIn(member.phone, member.password, { remember: true });
  const home = new HomePage(page);
  await home.expectTotal('500.00');

  // Within the auto-pay amount: paid without any operator.
  let withdraw = await home.openWithdraw();
  await withdraw.fill(AUTO_PAY_UP_TO);
  await withdraw.submit();
  await expect(home.walletBalance()).toHaveText('380.00');
  const headers = { authorization: `Bearer ${first}` };
  const found = (await (await request.get(`/api/admin/members?q=${member.phone}&page=1&limit=5`, { headers })).json()) as { members: Array<{ _id: string; phone: string }> };
  const memberId = found.members.find((candidate) => candidate.phone === member.phone)!._id;
  const withdrawalsOf = async () =>
    ((await (await request.get(`/api/admin/members/${memberId}/withdrawals?page=1&limit=5`, { headers })).json()) as { withdrawals: Array<{ amount: number; status: string; decidedBy: string | null; autoPayout: unknown }> }).withdrawals;
  // Said with what auto-payout did, should it not pay.
  await expect.poll(async () => JSON.stringify(await withdrawalsOf()), { timeout: 20_000 }).toContain('"decidedBy":"auto-payout"');
  // The bank has paid it: the statement, opened now, says so (a reload in a loop would show the cached line each time).
  const statement = await home.openStatement();
  await expect(statement.first()).toContainText('สำเร็จ');
  await expect(statement.first()).toContainText(`−${AUTO_PAY_UP_TO}.00`);
  await keepScreenshot(page, 'statement-auto-paid');

  // Above it: waits for an operator.
  await home.menu('home').click();
  withdraw = await home.openWithdraw();
  await withdraw.fill(300);
  await withdraw.submit();
  await expect(home.walletBalance()).toHaveText('80.00');

  const operator = await OperatorPage.open(browser, { viewport: { width: 1280, height: 800 } });
  await expect(operator.page.getByTestId('auto-payout')).toBeVisible();
  const rows = operator.row('withdrawals', member.phone);
  // Only the large one is in the queue: the small one was paid.
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('300.00');
  await expect(rows.getByTestId('queue-auto-payout')).toHaveText('รอพนักงาน: เกินยอดโอนอัตโนมัติ');
  await keepScreenshot(operator.page, 'console-auto-payout-queue', { fullPage: false });
  await operator.approve(rows);
  await expect(operator.page.getByText('บันทึกว่าโอนแล้ว')).toBeVisible();
  await expect(rows).toHaveCount(0);
  // The panel's figures count the payout; the dashboard reads the share paid without staff.
  await expect(operator.page.getByTestId('auto-payout-THB-max')).toContainText(`${AUTO_PAY_UP_TO}.00 THB`);
  await keepScreenshot(operator.page, 'console-auto-payout-panel', { fullPage: false });
  // The one switch: paused with a reason, and (an admin) resumed.
  const panel = operator.page.getByTestId('auto-payout');
  await panel.getByTestId('auto-payout-switch').click();
  const dialog = operator.page.getByTestId('auto-payout-dialog');
  await expect(dialog).toContainText('จะไม่มีรายการถอนใดที่ธนาคารโอนให้เองอัตโนมัติ จนกว่าแอดมินจะเปิดอีกครั้ง');
  await dialog.getByRole('textbox').fill('journey pause');
  await keepScreenshot(operator.page, 'console-auto-payout-pause-dialog', { fullPage: false });
  await dialog.getByTestId('auto-payout-confirm').dblclick();
  await expect(panel.getByTestId('auto-payout-status')).toContainText('journey pause');
  await panel.getByTestId('auto-payout-switch').click();
  await dialog.getByRole('textbox').fill('journey resume');
  await dialog.getByTestId('auto-payout-confirm').click();
  await expect(panel.getByTestId('auto-payout-paused')).toHaveCount(0);
  await operator.page.goto('/admin/dashboard');
  await expect(operator.page.getByTestId('dashboard-no-staff-withdrawals')).not.toHaveText('-');
  await keepScreenshot(operator.page, 'console-dashboard-no-staff');
  await operator.page.goto('/admin/settings');
  await expect(operator.page.getByTestId('settings-baht')).toBeVisible();
  await keepScreenshot(operator.page, 'console-settings-auto-payout');
  await operator.close();

  expect((await withdrawalsOf()).map(({ amount, status, decidedBy }) => ({ amount, status, decidedBy })).sort((a, b) => a.amount - b.amount)).toEqual([
    { amount: AUTO_PAY_UP_TO, status: 'SUCCESS', decidedBy: 'auto-payout' },
    { amount: 300, status: 'SUCCESS', decidedBy: 'e2e-admin' },
  ]);
});
