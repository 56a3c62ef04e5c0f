import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { ConfirmDialog } from '../pages/confirm-dialog';
import { ConsolePage } from '../pages/console-page';
import { HomePage } from '../pages/home-page';
import { LoginPage } from '../pages/login-page';
import { RegisterPage } from '../pages/register-page';
import { StatementPage } from '../pages/statement-page';
import { creditWallet, depositByQr, keepScreenshot, loseInGame, memberToken, operatorToken, registerViaApi, waitOutDoubleTap } from '../support';

type Member = Awaited<ReturnType<typeof registerViaApi>>;

async function logIn(page: Page, member: Member, agreement: 'accepted' | 'unanswered' = 'accepted'): Promise<HomePage> {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(member.phone, member.password, { remember: true, agreement });
  const home = new HomePage(page);
  await expect(home.memberName()).toContainText('Wallet Journey');
  return home;
}

test('a member deposits, takes a bonus, loses in the demo game, ends the bonus, and sees both in the statement', async ({ page, request }) => {
  const member = await registerViaApi(request);
  const token = await memberToken(request, member);
  await depositByQr(request, token, 200);
  const home = await logIn(page, member);
  await expect(home.walletBalance()).toHaveText('200.00');

  const bonus = await home.openBonus();
  await bonus.openCard('WELCOME50');
  await expect(bonus.modal()).toBeVisible();
  await keepScreenshot(page, 'bonus-modal');
  await bonus.receive({ doubleTap: true });
  await waitOutDoubleTap(page);
  await expect(bonus.active()).toBeVisible();
  await expect(bonus.conditionFigures()).toContainText('300.00');
  await expect(bonus.conditionFigures()).toContainText('900.00');
  await keepScreenshot(page, 'bonus-active');

  // 300 in all (200 + 100 bonus); the floor is 10 %, 30: lose 290 of it.
  await loseInGame(request, token, 300, 290);
  await bonus.cancelBonus();
  await new ConfirmDialog(page).yesButton().click();
  await expect(bonus.promotionCode()).toBeVisible();

  const statement = await home.openStatement();
  await expect(statement.first()).toContainText('โบนัสต้อนรับ 50%');
  await expect(statement.nth(0)).toContainText('10.00');
  await expect(new StatementPage(page).list()).toContainText('100.00');
  await keepScreenshot(page, 'statement-bonus');
  const wallet = (await (await request.get('/api/wallet', { headers: { authorization: `Bearer ${token}` } })).json()) as { wallet: { amount: number } };
  expect(wallet.wallet.amount).toBe(0);
});

test('a promotion code typed in lower case is found and received', async ({ page, request }) => {
  const member = await registerViaApi(request);
  await depositByQr(request, await memberToken(request, member), 100);
  const home = await logIn(page, member);
  const bonus = await home.openBonus();
  await bonus.promotionCode().fill('newyear');
  await expect(bonus.promotionCode()).toHaveValue('NEWYEAR');
  await bonus.searchPromotion();
  await expect(bonus.promotionModal()).toContainText('NEWYEAR');
  await keepScreenshot(page, 'promotion-modal');
  await bonus.receivePromotion();
  await expect(bonus.active()).toBeVisible();
  await waitOutDoubleTap(page);
  await home.menu('home').click();
  await expect(home.walletBalance()).toHaveText('120.00');
});

test('a friend registers with the invite link and deposits; the inviter receives the invite bonus', async ({ page, request, browser }) => {
  const inviter = await registerViaApi(request);
  const home = await logIn(page, inviter);
  const wallet = (await (await request.get('/api/wallet', { headers: { authorization: `Bearer ${await memberToken(request, inviter)}` } })).json()) as { profile: { _id: string } };
  const invite = await home.openInvite();
  // The demo invite banner first, then the invite overlay with the share link.
  await expect(home.bannerCarousel()).toBeVisible();
  await home.continuePastBanners();
  await expect(invite.link()).toHaveText(`http://127.0.0.1:${new URL(page.url()).port}/register?code=PR${wallet.profile._id}`);
  await keepScreenshot(page, 'invite-overlay');
  const link = (await invite.link().textContent())!;
  await page.keyboard.press('Escape');

  // The friend opens the link: the inviter code is taken from it and cannot be changed.
  const friendContext = await browser.newContext({ storageState: test.info().project.use.storageState });
  const friendPage = await friendContext.newPage();
  await friendPage.goto(link);
  await expect(new RegisterPage(friendPage).phoneStep()).toBeVisible();
  const stored = await friendPage.evaluate(() => localStorage.getItem('code'));
  expect(stored).toBe(`PR${wallet.profile._id}`);
  await friendContext.close();
  const friend = await registerWithCode(request, stored!);
  await depositByQr(request, await memberToken(request, friend), 1000);

  // Both registered from this machine's address: the reward waits for an operator.
  const operator = await operatorToken(request);
  const reviews = (await (await request.get('/api/admin/invite-reviews', { headers: { authorization: `Bearer ${operator}` } })).json()) as { reviews: Array<{ _id: string; inviterId: string }> };
  const review = reviews.reviews.find((item) => item.inviterId === wallet.profile._id)!;
  expect((await request.post(`/api/admin/invite-reviews/${review._id}/approve`, { headers: { authorization: `Bearer ${operator}` } })).ok()).toBe(true);

  await page.reload();
  await expect(home.inviteAmount()).toHaveText('50.00');
  await home.receiveInviteButton().click();
  const confirm = new ConfirmDialog(page);
  await expect(confirm.root()).toContainText('300%');
  await expect(confirm.rewardFigure('amount')).toHaveText('50.00');
  await keepScreenshot(page, 'invite-confirm');
  await confirm.yesButton().click();
  await expect(home.walletBalance()).toHaveText('50.00');
  await expect(home.conditionProgress()).toBeVisible();
  await keepScreenshot(page, 'home-condition');
});

async function registerWithCode(request: APIRequestContext, inviteCode: string): Promise<Member> {
  const phone = `06${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const sent = await request.post('/api/otp/send', { data: { phoneNumber: phone } });
  const { otpToken } = (await sent.json()) as { otpToken: string };
  const inbox = (await (await request.get(`/sandbox/sms/messages?phone=${phone}`)).json()) as { messages: Array<{ otpCode: string }> };
  await request.post('/api/otp/verify', { data: { otpToken, otpCode: inbox.messages[0]!.otpCode } });
  const bankAccountNo = String(Math.floor(1e9 + Math.random() * 9e9));
  const created = await request.post('/api/account', { data: { name: 'Invited Friend', username: phone, password: 'journey-pass-1', bankCode: 'SCB', bankAccountName: 'INVITED FRIEND', bankAccountNo, inviteCode } });
  expect(created.ok()).toBe(true);
  return { phone, password: 'journey-pass-1', bankAccountNo };
}

test('a member who lost receives a refund', async ({ page, request }) => {
  const member = await registerViaApi(request);
  // All of it in the game, 400 lost: 100 left, within what a refund's condition may lock.
  await creditWallet(request, member.phone, 500);
  await loseInGame(request, await memberToken(request, member), 500, 400);
  const home = await logIn(page, member);
  const refund = await home.openRefund();
  await home.continuePastBanners();
  await expect(refund.amount()).toHaveText('20.00');
  await keepScreenshot(page, 'refund-overlay');
  await refund.receiveButton().click();
  // What taking it locks, in money, before it is accepted (DESIGN §6).
  const confirm = new ConfirmDialog(page);
  await expect(confirm.rewardFigure('locked')).toBeVisible();
  await confirm.yesButton().dblclick();
  await waitOutDoubleTap(page);
  await expect(refund.condition()).toBeVisible();
  await expect(refund.receiveButton()).toBeDisabled();
  await expect(refund.log()).toContainText('20.00');
  await page.keyboard.press('Escape');
  await expect(home.walletBalance()).toHaveText('20.00');
});

test.describe('the agreement', () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  test('follows the member: accepted once, not asked again on another phone; another member on the same phone is asked', async ({ page, request, browser }) => {
    const member = await registerViaApi(request);
    const home = await logIn(page, member, 'unanswered');
    await expect(home.agreementModal()).toBeVisible({ timeout: 5_000 });
    await keepScreenshot(page, 'agreement-modal');
    await home.acceptAgreement();
    await expect(home.agreementModal()).toHaveCount(0);
    await page.reload();
    await expect(home.memberName()).toContainText('Wallet Journey');
    await page.waitForTimeout(2_000);
    await expect(home.agreementModal()).toHaveCount(0);

    // Another phone, nothing stored on it: the server's record stands.
    const otherPhone = await browser.newContext();
    const elsewhere = await otherPhone.newPage();
    const homeElsewhere = await logIn(elsewhere, member, 'unanswered');
    await elsewhere.waitForTimeout(2_000);
    await expect(homeElsewhere.agreementModal()).toHaveCount(0);
    await otherPhone.close();

    // Another member on this phone, where the first one's acceptance is noted: asked all the same.
    const second = await registerViaApi(request);
    await logIn(page, second, 'unanswered');
    await expect(home.agreementModal()).toBeVisible({ timeout: 5_000 });
  });
});

test('an operator creates a bonus on the console and a member claims it', async ({ page, request, browser }) => {
  const desk = await ConsolePage.signIn(browser, 'e2e-admin', 'e2e-admin-pass');
  await desk.goTo('โปรโมชั่น');
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await desk.offers.fillNew(code, { th: 'โบนัสคอนโซล', lo: 'ໂບນັດຄອນໂຊນ', en: 'Console bonus' }, '20');
  await keepScreenshot(desk.page, 'console-offer-form');
  await desk.offers.save();
  await expect(desk.offers.row(code)).toContainText('20%');
  await keepScreenshot(desk.page, 'console-offers');
  await desk.close();

  const member = await registerViaApi(request);
  await depositByQr(request, await memberToken(request, member), 500);
  const home = await logIn(page, member);
  const bonus = await home.openBonus();
  await bonus.openCard(code);
  await bonus.receive();
  await expect(bonus.active()).toContainText('โบนัสคอนโซล');
  await waitOutDoubleTap(page);
  await home.menu('home').click();
  await expect(home.walletBalance()).toHaveText('600.00');
});

test('a member holding a little claims a bonus, sees what is locked, is told to finish it before depositing, plays to the target and withdraws', async ({ page, request }) => {
  const member = await registerViaApi(request);
  const token = await memberToken(request, member);
  // 80 already held (within the 100 a reward may lock besides its deposit), then a first deposit of 1,000.
  await creditWallet(request, member.phone, 80);
  await depositByQr(request, token, 1000);
  const home = await logIn(page, member);

  const bonus = await home.openBonus();
  await bonus.openCard('WELCOME50');
  // Before accepting: 500 paid, all 1,580 locked, 4,740 to reach, ending under 158 takes what is left.
  const terms = new ConfirmDialog(page);
  await expect(terms.rewardFigure('amount')).toHaveText('500.00');
  await expect(terms.rewardFigure('locked')).toHaveText('1,580.00');
  await expect(terms.rewardFigure('target')).toHaveText('4,740.00');
  await expect(terms.rewardFigure('floor')).toHaveText('158.00');
  await expect(terms.rewardFigure('end-takes')).toHaveText('157.99');
  await expect(terms.rewardFigure('locked-note')).toContainText('1,080.00');
  await keepScreenshot(page, 'bonus-claim-money-held');
  await bonus.receive({ doubleTap: true });
  await waitOutDoubleTap(page);
  await expect(bonus.active()).toBeVisible();
  await expect(bonus.conditionFigures()).toContainText('4,740.00');

  // A deposit under the condition is refused before any QR, with what to do.
  await home.menu('home').click();
  const deposit = await home.openDeposit();
  await expect(deposit.underConditionNote()).toHaveText('คุณมีโบนัสที่ยังทำเงื่อนไขไม่ครบ ทำเงื่อนไขให้ครบหรือยกเลิกโบนัสก่อนฝากเงิน');
  await keepScreenshot(page, 'deposit-methods-under-condition');
  await deposit.choose('KBANK');
  await deposit.pickAmount(100);
  await deposit.createQrButton().click();
  await expect(page.getByText('คุณมีโบนัสที่ยังทำเงื่อนไขไม่ครบ ทำเงื่อนไขให้ครบหรือยกเลิกโบนัสก่อนฝากเงิน')).toBeVisible();
  await expect(deposit.shownQr()).toHaveCount(0);
  await keepScreenshot(page, 'deposit-under-condition');
  await page.keyboard.press('Escape');

  // Play: everything into the game, a win that takes the total past the target; check balance brings it home.
  const headers = { authorization: `Bearer ${token}` };
  await request.get('/api/wallet/activate/PG', { headers });
  await request.post('/api/wallet/transfer', { data: { from: 'WALLET', to: 'PG', amount: 1580 }, headers });
  const slots = ((await (await request.get('/api/wallet', { headers })).json()) as { slots: Array<{ code: string; username: string }> }).slots;
  await request.post('/sandbox/provider/rounds', { data: { slotCode: 'PG', username: slots.find((slot) => slot.code === 'PG')!.username, bet: 100, win: 3300 } });
  await home.checkBalance();
  await expect(bonus.conditionFigures()).toContainText('4,780.00');

  const withdraw = await home.openWithdraw();
  await withdraw.fill(4780);
  await withdraw.submit({ doubleTap: true });
  await waitOutDoubleTap(page);
  await expect(page.getByText('รอการโอน')).toBeVisible();
  const withdrawals = (await (await request.get('/api/wallet', { headers })).json()) as { wallet: { amount: number } };
  expect(withdrawals.wallet.amount).toBe(0);
});

test('the claim and end confirmations read in money in th, lo and en at 390 and 360 px', async ({ page, request }) => {
  const member = await registerViaApi(request);
  const token = await memberToken(request, member);
  await depositByQr(request, token, 200);
  const home = await logIn(page, member);
  const bonus = await home.openBonus();
  const terms = new ConfirmDialog(page);
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    for (const language of ['th', 'lo', 'en'] as const) {
      await home.chooseLanguage(language);
      await bonus.openCard('WELCOME50');
      await expect(terms.rewardFigure('locked')).toHaveText('300.00');
      await expect(terms.rewardFigure('target')).toHaveText('900.00');
      await keepScreenshot(page, `bonus-claim-${language}-${width}`);
      await page.keyboard.press('Escape');
      await expect(bonus.modal()).toHaveCount(0);
    }
  }
  await bonus.openCard('WELCOME50');
  await bonus.receive();
  await expect(bonus.active()).toBeVisible();
  await loseInGame(request, token, 300, 290);
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    for (const language of ['th', 'lo', 'en'] as const) {
      await home.chooseLanguage(language);
      await bonus.cancelBonus();
      await expect(terms.clearFigures()).toBeVisible();
      await keepScreenshot(page, `bonus-end-${language}-${width}`);
      await page.keyboard.press('Escape');
      await expect(terms.clearFigures()).toHaveCount(0);
    }
  }
  await home.chooseLanguage('th');
});
