import { expect, test } from '@playwright/test';
import { ConsolePage } from '../pages/console-page';
import { HomePage } from '../pages/home-page';
import { LoginPage } from '../pages/login-page';
import { keepScreenshot, operatorToken, registerViaApi } from '../support';

/** A second operator, made by the first through the API. */
async function createOperator(request: Parameters<typeof operatorToken>[0], username: string, roles: string[]): Promise<void> {
  const token = await operatorToken(request);
  const created = await request.post('/api/admin/operators', { headers: { authorization: `Bearer ${token}` }, data: { username, password: `${username}-pass-1`, roles } });
  expect(created.status(), await created.text()).toBe(200);
}

test('an operator finds a member by phone, proposes a credit, a second operator approves it, and the member sees it', async ({ browser, page, request }) => {
  const member = await registerViaApi(request);
  const first = await ConsolePage.signIn(browser, 'e2e-admin', 'e2e-admin-pass');
  await first.openMember(member.phone);
  await keepScreenshot(first.page, 'console-member');
  await first.member.proposeCorrection('125.5', 'deposit of 23/11 never credited');
  await expect(first.page.getByText('ส่งข้อเสนอแล้ว รอผู้ดูแลอีกคนอนุมัติ')).toBeVisible();
  await first.goTo('ปรับยอดเงิน');
  const own = first.corrections.row(member.phone);
  await expect(own).toHaveCount(1);
  await expect(own).toContainText('ข้อเสนอของคุณ รอผู้ดูแลคนอื่น');
  await first.close();

  await createOperator(request, `finance-${member.phone}`, ['finance']);
  const second = await ConsolePage.signIn(browser, `finance-${member.phone}`, `finance-${member.phone}-pass-1`);
  await second.goTo('ปรับยอดเงิน');
  const row = second.corrections.row(member.phone);
  await expect(row).toContainText('125.50');
  await keepScreenshot(second.page, 'console-corrections');
  // A double click decides once and reads as one success, never as "some data is invalid".
  await second.corrections.approveButton(row).dblclick();
  await expect(second.page.getByText('อนุมัติและปรับยอดแล้ว')).toBeVisible();
  await expect(second.page.getByText('ข้อมูลบางส่วนไม่ถูกต้อง')).toHaveCount(0);
  await expect(second.page.getByText(/ตัดสินรายการนี้ไปแล้ว/)).toHaveCount(0);
  // An address the console does not have is a page of the console, with its menu.
  await second.page.goto('/admin/no-such-page');
  await expect(second.notFound()).toContainText('ไม่พบหน้านี้');
  await expect(second.navLink('ปรับยอดเงิน')).toBeVisible();
  await second.close();

  const login = new LoginPage(page);
  await login.open();
  await login.logIn(member.phone, member.password, { remember: true });
  const home = new HomePage(page);
  await home.expectTotal('125.50');
  const statement = await home.openStatement();
  await expect(statement.first()).toContainText('+125.50');
});

test('an admin creates a support operator, who sees no money actions', async ({ browser, request }) => {
  const member = await registerViaApi(request);
  const admin = await ConsolePage.signIn(browser, 'e2e-admin', 'e2e-admin-pass');
  await admin.goTo('ผู้ดูแล');
  const username = `desk-${member.phone}`;
  await admin.operators.create(username, 'desk-pass-123', 'ฝ่ายบริการ');
  await expect(admin.operators.list()).toContainText(username);
  await keepScreenshot(admin.page, 'console-operators');
  await admin.close();

  const support = await ConsolePage.signIn(browser, username, 'desk-pass-123');
  await expect(support.nav()).toContainText('สมาชิก');
  for (const moneyScreen of ['คิวงาน', 'ปรับยอดเงิน', 'ภาพรวม']) await expect(support.navLink(moneyScreen)).toHaveCount(0);
  await support.openMember(member.phone);
  await expect(support.member.blockButton()).toBeVisible();
  await expect(support.member.proposeCorrectionButton()).toHaveCount(0);
  await expect(support.page.getByText('เปลี่ยนบัญชีธนาคาร')).toHaveCount(0);
  // The server agrees: a support token cannot reach the money routes.
  const token = await support.page.evaluate(() => sessionStorage.getItem('console.token'));
  const refused = await support.page.request.get('/api/admin/withdrawals', { headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(403);
  await support.close();
});

test('an operator blocks a member, who is then refused at login with the translated message', async ({ browser, page, request }) => {
  const member = await registerViaApi(request);
  const operator = await ConsolePage.signIn(browser, 'e2e-admin', 'e2e-admin-pass');
  await operator.openMember(member.phone);
  await operator.member.blockButton().click();
  await operator.answerPrompt('fraud report 118');
  await expect(operator.member.status()).toHaveText('ระงับ');
  await keepScreenshot(operator.page, 'console-member-blocked');
  await operator.close();

  const login = new LoginPage(page);
  await login.open();
  await login.logIn(member.phone, member.password, { remember: true });
  // The member app keeps loanwords whole with invisible joiners (keepWords): compared without them.
  await expect.poll(async () => (await login.errorLine().textContent())?.replace(/[\u2060\u200B]/g, '')).toBe('บัญชีนี้ถูกระงับ กรุณาติดต่อแอดมิน');
});

test('an admin changes a setting, sees it in the history, and checks the audit chain', async ({ browser }) => {
  const admin = await ConsolePage.signIn(browser, 'e2e-admin', 'e2e-admin-pass');
  await admin.goTo('ตั้งค่า');
  const withdrawMax = admin.settings.field('ถอนสูงสุด (บาท)');
  await expect(withdrawMax).toHaveValue('50000');
  await withdrawMax.fill('40000');
  await admin.settings.save();
  await expect(admin.page.getByText('บันทึกการตั้งค่าแล้ว')).toBeVisible();
  await expect(admin.settings.history()).toContainText('50000 → 40000');
  await keepScreenshot(admin.page, 'console-settings');
  await withdrawMax.fill('50000');
  await admin.settings.save();
  await expect(admin.settings.history()).toContainText('40000 → 50000');

  await admin.goTo('ภาพรวม');
  await expect(admin.dashboard()).toContainText('ยอดฝากวันนี้');
  await keepScreenshot(admin.page, 'console-dashboard');
  await admin.goTo('บันทึกการตรวจสอบ');
  await admin.audit.verify();
  await expect(admin.page.getByText(/บันทึกครบถ้วน/)).toBeVisible();
  await expect(admin.audit.log()).toContainText('site-settings');
  await keepScreenshot(admin.page, 'console-audit');
  await admin.close();
});

test('the console reads in English and Lao once the operator switches, and keeps the choice', async ({ browser, request }) => {
  const member = await registerViaApi(request);
  const desk = await ConsolePage.signIn(browser, 'e2e-admin', 'e2e-admin-pass');
  await desk.chooseLanguage('ภาษา', 'en');
  await expect(desk.nav()).toContainText('Members');
  await keepScreenshot(desk.page, 'console-queues-en');
  await desk.openMember(member.phone, { screen: 'Members' });
  await expect(desk.member.actions()).toContainText('Block member');
  await desk.member.openStatement();
  await keepScreenshot(desk.page, 'console-member-en');
  await desk.page.reload();
  await expect(desk.nav()).toContainText('Corrections');
  await desk.chooseLanguage('Language', 'lo');
  await expect(desk.nav()).toContainText('ສະມາຊິກ');
  await desk.chooseLanguage('ພາສາ', 'th');
  await desk.close();
});

test('one operator’s 50,000 baht code waits for a second operator, who approves it from the approvals screen', async ({ browser, request }) => {
  const code = `BIG${Date.now().toString(36).toUpperCase()}`;
  const token = await operatorToken(request);
  const proposed = await request.post('/api/admin/promotions', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      code,
      globalCap: 1,
      name: { th: 'โค้ดใหญ่', lo: 'ໂຄດໃຫຍ່', en: 'Big code' },
      description: { th: '', lo: '', en: '' },
      rewardMode: 'fixed',
      rewardPercent: null,
      rewardAmount: 50_000,
      rewardCap: null,
      minimumDeposit: 0,
      hasCondition: false,
      successPercent: 300,
      failPercent: 10,
      clearMode: 'remaining',
      startsAt: null,
      endsAt: null,
    },
  });
  expect(proposed.status(), await proposed.text()).toBe(202);

  const first = await ConsolePage.signIn(browser, 'e2e-admin', 'e2e-admin-pass');
  await first.goTo('รออนุมัติ');
  const own = first.approvals.row(code);
  await expect(own).toContainText('รายการของคุณ: ผู้ดูแลคนอื่นเป็นผู้ตัดสิน');
  await expect(first.approvals.approveButton(own)).toHaveCount(0);
  await first.close();

  const approver = `mkt-${code.toLowerCase()}`;
  await createOperator(request, approver, ['marketing']);
  const second = await ConsolePage.signIn(browser, approver, `${approver}-pass-1`);
  await second.goTo('รออนุมัติ');
  const row = second.approvals.row(code);
  await expect(row).toContainText('ข้อเสนอใหม่');
  await expect(row).toContainText('รางวัลเกินเกณฑ์');
  await expect(second.approvals.field(row, 'rewardAmount')).toContainText('50,000');
  await keepScreenshot(second.page, 'console-approvals');
  // A double click approves once.
  await second.approvals.approveButton(row).dblclick();
  await expect(second.page.getByText('อนุมัติแล้ว การเปลี่ยนแปลงมีผลทันที')).toBeVisible();
  await expect(row).toHaveCount(0);
  await second.page.getByRole('tab', { name: 'อนุมัติแล้ว' }).click();
  await expect(second.approvals.row(code)).toContainText(approver);
  await second.close();

  const offers = await request.get('/api/admin/offers?kind=promotion', { headers: { authorization: `Bearer ${token}` } });
  expect(((await offers.json()) as { offers: { code: string }[] }).offers.map((offer) => offer.code)).toContain(code);
});
