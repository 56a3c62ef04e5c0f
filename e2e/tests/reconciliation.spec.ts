import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { ConsolePage } from '../pages/console-page';
import { keepScreenshot, operatorToken, registerViaApi } from '../support';

/** Today as a gaming day in the Thai site's zone (the runs' default). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

test.afterEach(async ({ request }) => {
  // The sandbox gateway's faults are the server's: the next journey starts from an honest report.
  await request.put('/sandbox/gateway/faults', { data: {} });
});

test("a day's close: the reconciliations run, an exception is owned and corrected with a second operator's approval, and the day's report is exported", async ({ browser, request }) => {
  const member = await registerViaApi(request);
  const headers = { authorization: `Bearer ${await operatorToken(request)}` };
  const found = (await (await request.get(`/api/admin/members?q=${member.phone}&page=1&limit=5`, { headers })).json()) as { members: Array<{ _id: string; phone: string }> };
  const memberId = found.members.find((candidate) => candidate.phone === member.phone)!._id;
  // The member paid 777.77 baht at the gateway, which never told us: the settlement report carries a payment we never credited.
  const faults = await request.put('/sandbox/gateway/faults', { data: { settlementExtraLines: [{ reference: `QR-${member.phone}`, amount: 77_777, currency: 'THB' }] } });
  expect(faults.ok(), await faults.text()).toBe(true);
  const day = today();

  const first = await ConsolePage.signIn(browser, 'e2e-admin', 'e2e-admin-pass');
  await first.goTo('กระทบยอด');
  await first.reconciliation.openTab('runs');
  for (const source of ['provider', 'gateway', 'bank'] as const) await first.reconciliation.runNow(source, day);
  await expect(first.page.getByTestId(`run-gateway-${day}`).first()).toContainText('e2e-admin');

  await first.reconciliation.openTab('exceptions');
  const row = first.reconciliation.row('777.77');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('มีแต่ฝั่งเขา');
  await expect(row).toContainText('ไม่มีผู้รับผิดชอบ');
  const dialog = await first.reconciliation.open('777.77');
  await expect(dialog.getByTestId('exception-details')).toContainText(`QR-${member.phone}`);
  await dialog.getByTestId('exception-assign-me').click();
  await expect(dialog.getByTestId('exception-assignee')).toHaveText('e2e-admin');
  await dialog.getByTestId('exception-note').fill('member sent the gateway receipt by chat');
  await dialog.getByTestId('exception-add-note').click();
  await expect(dialog.getByTestId('exception-notes')).toContainText('member sent the gateway receipt by chat');

  await dialog.getByTestId('exception-resolve-correction').click();
  await expect(dialog.getByTestId('exception-correction-amount')).toHaveValue('777.77');
  await expect(dialog.getByTestId('exception-correction-direction')).toHaveValue('credit');
  await dialog.getByTestId('exception-correction-member').fill(memberId);
  await expect(dialog.getByTestId('exception-correction-phone')).toContainText(member.phone);
  await dialog.getByTestId('exception-correction-note').fill('paid at the gateway, never credited');
  // A double click proposes once.
  await dialog.getByTestId('exception-correction-submit').dblclick();
  await expect(dialog.getByTestId('exception-status')).toHaveText('รออนุมัติการปรับยอด');
  await expect(dialog.getByTestId('exception-correcting')).toBeVisible();
  await first.close();

  const username = `finance-${member.phone}`;
  const created = await request.post('/api/admin/operators', { headers, data: { username, password: `${username}-pass-1`, roles: ['finance'] } });
  expect(created.status(), await created.text()).toBe(200);
  const second = await ConsolePage.signIn(browser, username, `${username}-pass-1`);
  await second.goTo('ปรับยอดเงิน');
  const proposal = second.corrections.row(member.phone);
  await expect(proposal).toContainText('777.77');
  await second.corrections.approveButton(proposal).click();
  await expect(second.page.getByText('อนุมัติและปรับยอดแล้ว')).toBeVisible();

  await second.goTo('กระทบยอด');
  await second.page.getByTestId('exceptions-all').click();
  const settled = await second.reconciliation.open('777.77');
  await expect(settled.getByTestId('exception-status')).toHaveText('ปรับยอดแล้ว');
  await expect(settled).toContainText(username);
  await settled.getByTestId('exception-close').click();

  await second.goTo('ตรวจยอดบัญชี');
  await second.page.getByTestId('books-tab-reports').click();
  await second.page.getByTestId('reports-from').fill(day);
  await second.page.getByTestId('reports-to').fill(day);
  const downloading = second.page.waitForEvent('download');
  await second.page.getByTestId('reports-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`daily-figures-${day}-${day}-THB.csv`);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.split(/\r?\n/)[0]).toContain('gaming day');
  await keepScreenshot(second.page, 'console-reconciliation-close');
  await second.close();
});
