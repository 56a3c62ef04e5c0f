import { expect, test } from '@playwright/test';
import { ConsolePage } from '../pages/console-page';
import { countPosts, expectAccessible, keepScreenshot, memberToken, operatorToken, registerViaApi } from '../support';

/** The server's sweep runs with the reconciler, every 10 s in the journeys (e2e/server.mjs): a case opens within seconds. */
const SWEEP_WAIT_MS = 40_000;

test.afterEach(async ({ request }) => {
  // The site as the other journeys expect it: deposits by QR.
  const headers = { authorization: `Bearer ${await operatorToken(request)}` };
  await request.put('/api/admin/settings/site', { headers, data: { isManualDeposit: false } });
});

test('an operator works a harm case to its outcome', async ({ browser, request }) => {
  test.setTimeout(SWEEP_WAIT_MS + 120_000);
  const headers = { authorization: `Bearer ${await operatorToken(request)}` };
  expect((await request.put('/api/admin/settings/site', { headers, data: { isManualDeposit: true } })).ok()).toBe(true);

  // A member's history with markers of harm, through the member's own calls: a daily deposit limit
  // of 100, three deposits of 200 it refuses, then the limit raised twice (2 + 2 points: interact).
  const member = await registerViaApi(request);
  const memberHeaders = { authorization: `Bearer ${await memberToken(request, member)}` };
  const setLimit = async (amount: number) => expect((await request.put('/api/protection/limits', { headers: memberHeaders, data: { kind: 'deposit_day', amount } })).ok()).toBe(true);
  await setLimit(100);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const refused = await request.post('/api/wallet/add', { headers: memberHeaders, data: { amount: 200 } });
    expect(((await refused.json()) as { message: string }).message).toBe('DEPOSIT_LIMIT');
  }
  await setLimit(300);
  await setLimit(500);
  const found = (await (await request.get(`/api/admin/members?q=${member.phone}&page=1&limit=5`, { headers })).json()) as { members: Array<{ _id: string; phone: string }> };
  const memberId = found.members.find((candidate) => candidate.phone === member.phone)!._id;
  // The sweep reads the member's history and opens one case, its first action due within the hour.
  const openCases = async () => ((await (await request.get(`/api/admin/protection/cases?status=open&memberId=${memberId}`, { headers })).json()) as { cases: Array<{ level: string }> }).cases;
  await expect.poll(openCases, { timeout: SWEEP_WAIT_MS, intervals: [2_000] }).toEqual([expect.objectContaining({ level: 'interact' })]);

  // A support operator finds it on the Protection page, the clock running.
  const carer = `carer-${member.phone}`;
  const created = await request.post('/api/admin/operators', { headers, data: { username: carer, password: `${carer}-pass-1`, roles: ['support'] } });
  expect(created.status(), await created.text()).toBe(200);
  const desk = await ConsolePage.signIn(browser, carer, `${carer}-pass-1`);
  const page = desk.page;
  await desk.goTo('คุ้มครองผู้เล่น');
  const row = page.getByTestId('harm-cases').locator('tbody tr', { hasText: member.phone });
  await expect(row.getByTestId('harm-level')).toHaveText('ติดต่อ');
  await expect(row).toContainText('เพิ่มวงเงินบ่อย, ฝากแล้วถูกปฏิเสธ');
  await expect(row.getByTestId('harm-clock')).toHaveText(/^เหลือ \d+ นาที$/);
  await expect(row.getByTestId('harm-case-member')).toHaveAttribute('href', `/admin/members/${memberId}`);
  await keepScreenshot(page, 'protection-cases', { fullPage: false });
  await expectAccessible(page, 'the harm cases');
  await row.getByTestId('harm-case-open').click();
  const summary = page.getByTestId('harm-case-summary');
  await expect(summary.getByTestId('harm-case-status')).toHaveText('เปิดอยู่');
  await expect(page.getByTestId('harm-marker-refused_deposits')).toContainText('3 deposits refused');
  await keepScreenshot(page, 'protection-case-open', { fullPage: false });
  await expectAccessible(page, 'an open harm case');
  const actions = countPosts(page, /\/api\/admin\/protection\/cases\/[^/]+\/actions$/);

  // A message: the member reads it in their support chat; it stops the clock.
  await page.getByTestId('harm-message-text').fill('เราเห็นว่าคุณเพิ่มวงเงินฝากหลายครั้ง อยากให้เราช่วยอะไรไหม');
  await page.getByTestId('harm-message-submit').dblclick();
  const confirm = page.getByTestId('harm-confirm-dialog');
  await expect(confirm.getByTestId('harm-confirm-effect')).toContainText('แชทช่วยเหลือ');
  await confirm.getByTestId('harm-confirm').dblclick();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId('harm-case-action').filter({ hasText: 'อยากให้เราช่วยอะไรไหม' })).toContainText('การดำเนินการแรก');
  await expect(summary.getByTestId('harm-clock')).toHaveText(/^ดำเนินการหลัง \d+ นาที$/);
  expect(actions()).toBe(1);

  // A 24-hour break: the confirmation says what it stops.
  await expect(page.getByTestId('harm-break-period')).toHaveValue('24h');
  await page.getByTestId('harm-break-reason').fill('Refused deposits and raised limits; agreed a pause');
  await page.getByTestId('harm-break-submit').dblclick();
  await expect(confirm.getByTestId('harm-confirm-effect')).toContainText('พักการเล่น 24 ชั่วโมง');
  await confirm.getByTestId('harm-confirm').dblclick();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId('harm-case-action').filter({ hasText: '24h: Refused deposits' })).toBeVisible();
  expect(actions()).toBe(2);
  const protection = (await (await request.get(`/api/admin/members/${memberId}/protection`, { headers })).json()) as { restriction: { kind: string; byOperator: boolean } | null };
  expect(protection.restriction).toMatchObject({ kind: 'break', byOperator: true });

  // Closed as restricted, with a note; a double press closes once.
  const closes = countPosts(page, /\/api\/admin\/protection\/cases\/[^/]+\/close$/);
  await page.getByTestId('harm-case-close').dblclick();
  const dialog = page.getByTestId('harm-close-dialog');
  await dialog.getByTestId('harm-outcome-restricted').check();
  await dialog.getByTestId('harm-close-note').fill('Messaged, 24-hour break agreed in chat.');
  await dialog.getByTestId('harm-close-confirm').dblclick();
  await expect(dialog).toHaveCount(0);
  expect(closes()).toBe(1);
  await expect(summary.getByTestId('harm-case-status')).toHaveText('ปิดแล้ว · จำกัดแล้ว');
  await expect(summary.getByTestId('harm-case-closed')).toContainText(`จำกัดแล้ว · โดย ${carer}`);
  await expect(summary.getByTestId('harm-case-closing-note')).toHaveText('Messaged, 24-hour break agreed in chat.');
  await expect(page.getByTestId('harm-case-actions')).toHaveCount(0);
  // The toasts gone, so the picture and the check are of the page alone.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await keepScreenshot(page, 'protection-case-closed', { fullPage: false });
  await expectAccessible(page, 'a closed harm case');

  // The list of closed cases shows it with its outcome.
  await page.goto('/admin/protection');
  await page.getByTestId('harm-cases-closed').click();
  await expect(page.getByTestId('harm-cases').locator('tbody tr', { hasText: member.phone }).getByTestId('harm-case-status')).toHaveText('ปิดแล้ว · จำกัดแล้ว');
  await page.getByTestId('harm-tab-rules').click();
  await expect(page.getByTestId('harm-rule-refused_deposits')).toContainText('จำนวนครั้งที่ถูกปฏิเสธใน 30 วัน 3');
  await keepScreenshot(page, 'protection-rules', { fullPage: false });

  // The break ends early only with two operators: the carer proposes on the member's page, an admin lifts it.
  await desk.openMember(member.phone);
  const panel = page.getByTestId('member-protection');
  await expect(panel.getByTestId('protection-harm-case-list')).toContainText('ปิดแล้ว · จำกัดแล้ว');
  const lifts = countPosts(page, /\/protection\/restrictions\/\d+\/lift$/);
  await panel.getByTestId('protection-lift').click();
  await page.getByTestId('protection-lift-confirm').dblclick();
  await expect(panel.getByTestId('protection-lift-proposed')).toHaveText(`เสนอโดย ${carer} ต้องให้เจ้าหน้าที่คนที่สองปลด`);
  expect(lifts()).toBe(1);
  await page.getByTestId('protection-lift').click();
  await page.getByTestId('protection-lift-confirm').click();
  await expect(page.getByTestId('protection-lift-failure')).toHaveText('คุณเป็นผู้เสนอปลด: ต้องให้เจ้าหน้าที่คนอื่นเป็นผู้ปลด');
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await panel.scrollIntoViewIfNeeded();
  await keepScreenshot(page, 'protection-member-panel', { fullPage: false });
  await desk.close();

  const admin = await ConsolePage.signIn(browser, 'e2e-admin', 'e2e-admin-pass');
  await admin.openMember(member.phone);
  await admin.page.getByTestId('member-protection').getByTestId('protection-lift').click();
  await expect(admin.page.getByTestId('protection-lift-dialog')).toContainText(`${carer} เสนอให้ปลดแล้ว`);
  await admin.page.getByTestId('protection-lift-confirm').click();
  await expect(admin.page.getByTestId('protection-lifted')).toContainText('ปลดโดย e2e-admin');
  await expect(admin.page.getByTestId('protection-in-force')).toContainText('ไม่มีการพักหรือระงับ');
  await expect(admin.page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  // The dashboard's harm tile, for the admin.
  await admin.goTo('ภาพรวม');
  const tile = admin.page.getByTestId('dashboard-harm');
  await expect(tile.getByTestId('dashboard-harm-open')).toHaveText(/^\d+$/);
  await tile.scrollIntoViewIfNeeded();
  await keepScreenshot(admin.page, 'protection-dashboard', { fullPage: false });
  await admin.close();
});
