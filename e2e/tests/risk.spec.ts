import { expect, test } from '@playwright/test';
import { ConsolePage } from '../pages/console-page';
import { countPosts, expectAccessible, keepScreenshot, memberToken, operatorToken, registerViaApi, setRule } from '../support';


test.afterEach(async ({ request }) => {
  // The site as the other journeys expect it: these two rules observing, deposits by QR.
  const headers = { authorization: `Bearer ${await operatorToken(request)}` };
  await setRule(request, headers, 'cash_in_cash_out', 'observe');
  await setRule(request, headers, 'deposit_velocity', 'observe', { count: 10 });
  await request.put('/api/admin/settings/site', { headers, data: { isManualDeposit: false } });
});

test("risk: an admin turns a rule on; a deposit's review is released by two operators, once; the withdrawal it holds is paid by two operators, once", async ({ browser, request }) => {
  const headers = { authorization: `Bearer ${await operatorToken(request)}` };
  expect((await request.put('/api/admin/settings/site', { headers, data: { isManualDeposit: true } })).ok()).toBe(true);
  const member = await registerViaApi(request);
  const memberHeaders = { authorization: `Bearer ${await memberToken(request, member)}` };
  const found = (await (await request.get(`/api/admin/members?q=${member.phone}&page=1&limit=5`, { headers })).json()) as { members: Array<{ _id: string; phone: string }> };
  const memberId = found.members.find((candidate) => candidate.phone === member.phone)!._id;

  // An admin turns "cash in, cash out" on in the Rules tab; a double click saves one version.
  const admin = await ConsolePage.signIn(browser, 'e2e-admin', 'e2e-admin-pass');
  await admin.goTo('ความเสี่ยง');
  await admin.risk.openTab('rules');
  const rule = admin.risk.rule('cash_in_cash_out');
  await expect(rule).toContainText('ฝากแล้วถอนโดยไม่เล่น');
  await expect(rule.getByTestId('risk-rule-mode')).toHaveText('เฝ้าดู');
  const versionBefore = Number(await rule.getByTestId('risk-rule-version').textContent());
  await rule.getByTestId('risk-rule-edit').click();
  const form = admin.risk.ruleForm();
  await form.getByTestId('risk-form-mode').selectOption('active');
  await expect(form.getByTestId('risk-form-minimum-THB')).toHaveValue('1000');
  await keepScreenshot(admin.page, 'risk-rules', { fullPage: false });
  await expectAccessible(admin.page, 'the risk rules with a rule open for change');
  const ruleSaves = countPosts(admin.page, /\/api\/admin\/risk\/rules\/cash_in_cash_out$/);
  await form.getByTestId('risk-form-save').dblclick();
  await expect(rule.getByTestId('risk-rule-mode')).toHaveText('ใช้งาน');
  await expect(rule.getByTestId('risk-rule-version')).toHaveText(String(versionBefore + 1));
  await expect(admin.page.getByTestId(`risk-rule-version-${versionBefore + 1}`)).toContainText('e2e-admin');
  expect(ruleSaves()).toBe(1);

  // A second deposit within the hour is held for review (a threshold set low for the journey).
  await setRule(request, headers, 'deposit_velocity', 'active', { count: 1 });
  for (const amount of [1_000, 1_200]) {
    const notice = await request.post('/api/wallet/add', { headers: memberHeaders, data: { amount } });
    expect(notice.status(), await notice.text()).toBe(200);
    const { notice: sent } = (await notice.json()) as { notice: { _id: string } };
    expect((await request.post(`/api/admin/deposit-notices/${sent._id}/approve`, { headers })).status()).toBe(200);
  }
  // The member withdraws most of it, unplayed: held for review, as "being checked" to the member.
  const withdrawal = await request.post('/api/wallet/withdraw', { headers: memberHeaders, data: { amount: 2_000 } });
  expect(withdrawal.status(), await withdrawal.text()).toBe(200);
  expect(((await withdrawal.json()) as { withdrawal: { checking: boolean } }).withdrawal.checking).toBe(true);

  // The Held tab: the deposit's review (releasable) and the withdrawal's (the queue's).
  const memberLabel = `สมาชิก ${memberId}`;
  await admin.risk.openTab('held');
  const depositReview = admin.risk.decision(memberLabel, '1,200.00 THB');
  const withdrawalReview = admin.risk.decision(memberLabel, '2,000.00 THB');
  await expect(depositReview).toContainText('ฝากถี่ผิดปกติ');
  await expect(withdrawalReview).toContainText('ฝากแล้วถอนโดยไม่เล่น');
  await expect(withdrawalReview).toContainText('ตัดสินในคิวถอนโดยผู้ดูแลสองคน');
  await expect(withdrawalReview.getByTestId('risk-release')).toHaveCount(0);
  await expect(admin.risk.decision(memberLabel, '1,000.00 THB')).toHaveCount(0);
  // The rule's "saved" toast gone, so the picture shows the list alone.
  await expect(admin.page.getByText(`ใช้เวอร์ชัน ${versionBefore + 1} แล้ว`)).toHaveCount(0);
  await keepScreenshot(admin.page, 'risk-held', { fullPage: false });
  await expectAccessible(admin.page, 'the held risk decisions');

  // Released with a double click on each button: the dialog opens once, and releases once.
  const releases = countPosts(admin.page, /\/api\/admin\/risk\/decisions\/[^/]+\/release$/);
  await depositReview.getByTestId('risk-release').dblclick();
  const dialog = admin.risk.releaseDialog();
  await expect(dialog.getByTestId('risk-release-text')).toContainText(`ยอดฝาก 1,200.00 THB ยังอยู่ในกระเป๋าของสมาชิก ${member.phone}`);
  await keepScreenshot(admin.page, 'risk-release', { fullPage: false });
  await expectAccessible(admin.page, 'the release confirmation');
  await dialog.getByTestId('risk-release-confirm').dblclick();
  await expect(dialog).toHaveCount(0);
  // One operator only proposes a release; a second one releases it.
  await expect(depositReview.getByTestId('risk-release-proposed')).toHaveText('คุณเป็นผู้เสนอการปลดนี้: ผู้ดูแลคนอื่นต้องเป็นผู้ยืนยัน');
  await expect(depositReview.getByTestId('risk-release')).toHaveCount(0);
  await expect(admin.page.getByText('เสนอแล้ว ต้องให้ผู้ดูแลคนที่สองยืนยันก่อนจึงจะปลดได้')).toHaveCount(1);
  expect(releases()).toBe(1);

  const username = `risk-${member.phone}`;
  const created = await request.post('/api/admin/operators', { headers, data: { username, password: `${username}-pass-1`, roles: ['finance'] } });
  expect(created.status(), await created.text()).toBe(200);
  const second = await ConsolePage.signIn(browser, username, `${username}-pass-1`);
  await second.goTo('ความเสี่ยง');
  await second.risk.openTab('held');
  const secondReview = second.risk.decision(memberLabel, '1,200.00 THB');
  await expect(secondReview.getByTestId('risk-release-proposed')).toHaveText('e2e-admin เสนอให้ปลดแล้ว: รอผู้ดูแลคนที่สองยืนยัน');
  const confirms = countPosts(second.page, /\/api\/admin\/risk\/decisions\/[^/]+\/release$/);
  await secondReview.getByTestId('risk-release').dblclick();
  await second.risk.releaseDialog().getByTestId('risk-release-confirm').dblclick();
  await expect(secondReview.getByTestId('risk-released')).toContainText(`ปลดโดย ${username}`);
  await expect(second.page.getByText('ปลดแล้ว', { exact: true })).toHaveCount(1);
  expect(confirms()).toBe(1);

  // The queue: held for review, needing two operators; the first approval proposes the payout.
  await admin.goTo('คิวงาน');
  const row = admin.page.getByTestId('admin-withdrawals').locator('li', { hasText: member.phone });
  // The queue read at sign-in is still fresh for the console; it asks again within 15 s.
  await expect(row.getByTestId('queue-held')).toHaveText('รอตรวจสอบ: ต้องใช้ผู้ดูแลสองคน', { timeout: 20_000 });
  const firstApprovals = countPosts(admin.page, /\/api\/admin\/withdrawals\/[^/]+\/approve$/);
  await row.getByTestId('admin-approve').dblclick();
  await expect(row.getByTestId('queue-first-decision')).toHaveText('เสนอโดย e2e-admin: โอนจ่าย');
  await expect(admin.page.getByText('ต้องให้ผู้ดูแลอีกคนเป็นผู้อนุมัติ')).toHaveCount(0);
  expect(firstApprovals()).toBe(1);

  // The second operator sees what they confirm, and pays it out with a double click, once.
  await second.goTo('คิวงาน');
  const secondRow = second.page.getByTestId('admin-withdrawals').locator('li', { hasText: member.phone });
  // The queue this operator read at sign-in predates the proposal; the console asks again within 15 s.
  await expect(secondRow.getByTestId('queue-first-decision')).toHaveText('เสนอโดย e2e-admin: โอนจ่าย', { timeout: 20_000 });
  await keepScreenshot(second.page, 'risk-queue', { fullPage: false });
  const payouts = countPosts(second.page, /\/api\/admin\/withdrawals\/[^/]+\/approve$/);
  await secondRow.getByTestId('admin-approve').dblclick();
  await expect(second.page.getByText('บันทึกว่าโอนแล้ว')).toHaveCount(1);
  await expect(secondRow).toHaveCount(0);
  expect(payouts()).toBe(1);
  await second.close();

  // Paid once: the wallet keeps what was not withdrawn, the withdrawal is decided by the second operator.
  const wallet = (await (await request.get('/api/wallet', { headers: memberHeaders })).json()) as { wallet: { amount: number } };
  expect(wallet.wallet.amount).toBe(200);
  const decided = (await (await request.get(`/api/admin/members/${memberId}/withdrawals?page=1&limit=5`, { headers })).json()) as { withdrawals: Array<{ status: string; decidedBy: string; firstApprovedBy: string }> };
  expect(decided.withdrawals).toEqual([expect.objectContaining({ status: 'SUCCESS', decidedBy: username, firstApprovedBy: 'e2e-admin' })]);

  // The member's page lists their decisions.
  await admin.openMember(member.phone);
  await expect(admin.page.getByTestId('member-risk-decision')).toHaveCount(3);
  await admin.close();
});
