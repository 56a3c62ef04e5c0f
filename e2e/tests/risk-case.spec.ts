import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { ConsolePage } from '../pages/console-page';
import { countPosts, expectAccessible, keepScreenshot, memberToken, operatorToken, registerViaApi, setRule } from '../support';

const STRUCTURING_DEFAULTS = { threshold: { THB: 100_000, LAK: 100_000_000 }, belowPercent: 10, count: 3, windowHours: 24 };

test.afterEach(async ({ request }) => {
  // The site as the other journeys expect it: structuring observing at its defaults, deposits by QR.
  const headers = { authorization: `Bearer ${await operatorToken(request)}` };
  await setRule(request, headers, 'structuring', 'observe', STRUCTURING_DEFAULTS);
  await request.put('/api/admin/settings/site', { headers, data: { isManualDeposit: false } });
});

test('risk case: deposits split under a threshold raise an alert; an investigator takes the case, notes it, has two held withdrawals decided with a second operator, closes it and exports it', async ({ browser, request }) => {
  const headers = { authorization: `Bearer ${await operatorToken(request)}` };
  expect((await request.put('/api/admin/settings/site', { headers, data: { isManualDeposit: true } })).ok()).toBe(true);
  // Structuring on, with a reporting amount of 1,000 baht for the journey: three deposits between 900 and 1,000 within a day.
  await setRule(request, headers, 'structuring', 'active', { threshold: { THB: 1_000, LAK: 1_000_000 }, belowPercent: 10, count: 3 });
  const member = await registerViaApi(request);
  const memberHeaders = { authorization: `Bearer ${await memberToken(request, member)}` };
  const found = (await (await request.get(`/api/admin/members?q=${member.phone}&page=1&limit=5`, { headers })).json()) as { members: Array<{ _id: string; phone: string }> };
  const memberId = found.members.find((candidate) => candidate.phone === member.phone)!._id;
  for (const amount of [950, 960, 970]) {
    const notice = await request.post('/api/wallet/add', { headers: memberHeaders, data: { amount } });
    expect(notice.status(), await notice.text()).toBe(200);
    const { notice: sent } = (await notice.json()) as { notice: { _id: string } };
    expect((await request.post(`/api/admin/deposit-notices/${sent._id}/approve`, { headers })).status()).toBe(200);
  }
  // The third deposit is under review: the member's withdrawals are held for it, each joining the case.
  for (const amount of [1_000, 800]) {
    const withdrawal = await request.post('/api/wallet/withdraw', { headers: memberHeaders, data: { amount } });
    expect(withdrawal.status(), await withdrawal.text()).toBe(200);
    expect(((await withdrawal.json()) as { withdrawal: { checking: boolean } }).withdrawal.checking).toBe(true);
  }

  // A finance investigator finds the case first on the Risk page, and takes it.
  const investigator = `case-${member.phone}`;
  const created = await request.post('/api/admin/operators', { headers, data: { username: investigator, password: `${investigator}-pass-1`, roles: ['finance'] } });
  expect(created.status(), await created.text()).toBe(200);
  const desk = await ConsolePage.signIn(browser, investigator, `${investigator}-pass-1`);
  await desk.goTo('ความเสี่ยง');
  await expect(desk.page.getByTestId('risk-tab-cases')).toHaveAttribute('aria-selected', 'true');
  const row = desk.risk.caseRow(`สมาชิก ${memberId}`);
  await expect(row).toContainText('การเงิน');
  await expect(row).toContainText('ฝากต่ำกว่าเกณฑ์เล็กน้อย');
  await keepScreenshot(desk.page, 'risk-cases', { fullPage: false });
  await expectAccessible(desk.page, 'the risk cases');
  await row.getByTestId('risk-case-open').click();
  const summary = desk.page.getByTestId('risk-case-summary');
  await expect(summary).toBeVisible();
  await desk.page.getByTestId('risk-case-take').click();
  await expect(summary.getByTestId('risk-case-assignee')).toHaveText(investigator);
  await expect(summary.getByTestId('risk-case-status')).toHaveText('กำลังดำเนินการ');

  // A note.
  await desk.page.getByTestId('risk-case-note-body').fill('Three deposits just under 1,000 within minutes; bank statement asked.');
  await desk.page.getByTestId('risk-case-note-add').click();
  await expect(desk.page.getByTestId('risk-case-note')).toContainText('Three deposits just under 1,000');

  // The first withdrawal proposed paid, the second refused; a second operator agrees to each on the case page.
  await expect(desk.risk.caseDecision('1,000.00 THB').getByTestId('queue-held')).toBeVisible();
  // Each decision with a double tap: one call.
  const deskApprovals = countPosts(desk.page, /\/api\/admin\/withdrawals\/[^/]+\/approve$/);
  await desk.risk.caseDecision('1,000.00 THB').getByTestId('risk-case-approve').dblclick();
  await expect(desk.risk.caseDecision('1,000.00 THB').getByTestId('queue-first-decision')).toHaveText(`เสนอโดย ${investigator}: โอนจ่าย`);
  expect(deskApprovals()).toBe(1);
  const deskRefusals = countPosts(desk.page, /\/api\/admin\/withdrawals\/[^/]+\/fail$/);
  await desk.risk.refuseOnCase('800.00 THB', 'Deposits not explained');
  await expect(desk.risk.caseDecision('800.00 THB').getByTestId('queue-first-decision')).toHaveText(`เสนอโดย ${investigator}: ไม่อนุมัติ`);
  expect(deskRefusals()).toBe(1);
  // The toasts gone, so the picture and the check are of the page alone.
  await expect(desk.page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await keepScreenshot(desk.page, 'risk-case', { fullPage: false });
  await expectAccessible(desk.page, 'a risk case');

  const second = await ConsolePage.signIn(browser, 'e2e-admin', 'e2e-admin-pass');
  await second.page.goto(desk.page.url());
  await expect(second.risk.caseDecision('1,000.00 THB').getByTestId('queue-first-decision')).toHaveText(`เสนอโดย ${investigator}: โอนจ่าย`);
  const payouts = countPosts(second.page, /\/api\/admin\/withdrawals\/[^/]+\/approve$/);
  await second.risk.caseDecision('1,000.00 THB').getByTestId('risk-case-approve').dblclick();
  await expect(second.risk.caseDecision('1,000.00 THB').getByTestId('risk-case-withdrawal-done')).toHaveText('จ่ายแล้ว · e2e-admin');
  expect(payouts()).toBe(1);
  await second.risk.refuseOnCase('800.00 THB', 'Agreed: not explained');
  await expect(second.risk.caseDecision('800.00 THB').getByTestId('risk-case-withdrawal-done')).toHaveText('ปฏิเสธ คืนเงินแล้ว · e2e-admin');
  await second.close();
  const decided = (await (await request.get(`/api/admin/members/${memberId}/withdrawals?page=1&limit=5`, { headers })).json()) as { withdrawals: Array<{ amount: number; status: string; decidedBy: string }> };
  expect(decided.withdrawals.map(({ amount, status, decidedBy }) => ({ amount, status, decidedBy })).sort((a, b) => a.amount - b.amount)).toEqual([
    { amount: 800, status: 'FAILED', decidedBy: 'e2e-admin' },
    { amount: 1_000, status: 'SUCCESS', decidedBy: 'e2e-admin' },
  ]);

  // Closed as a useful alert; the export is the case's package.
  await desk.page.getByTestId('risk-case-close').click();
  const dialog = desk.page.getByTestId('risk-case-close-dialog');
  await dialog.getByTestId('risk-case-outcome-valuable').check();
  const closes = countPosts(desk.page, /\/api\/admin\/risk\/cases\/[^/]+\/close$/);
  await dialog.getByTestId('risk-case-close-confirm').dblclick();
  await expect(dialog).toHaveCount(0);
  expect(closes()).toBe(1);
  await expect(desk.page.getByTestId('risk-case-summary').getByTestId('risk-case-status')).toContainText('ปิดแล้ว');
  await expect(desk.page.getByTestId('risk-case-snooze-form')).toBeVisible();
  const [download] = await Promise.all([desk.page.waitForEvent('download'), desk.page.getByTestId('risk-case-export').click()]);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv).toContain(memberId);
  expect(csv).toContain('structuring');
  expect(csv).toContain('Three deposits just under 1,000');
  await desk.close();
});
