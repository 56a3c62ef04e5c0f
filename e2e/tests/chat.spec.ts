import { type Page, expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { ChatWidget } from '../pages/chat-widget';
import { ConsolePage } from '../pages/console-page';
import { HomePage } from '../pages/home-page';
import { LoginPage } from '../pages/login-page';
import { keepScreenshot, registerViaApi, shownText } from '../support';

/** A 40×40 PNG drawn by the browser itself (no file on disk). */
async function pngFromPage(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 40;
    canvas.height = 40;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#e2a90f';
    context.fillRect(0, 0, 40, 40);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

test('a guest asks on the contact screen and an agent answers from the console', async ({ browser, page }) => {
  await page.goto('/contact');
  const chat = new ChatWidget(page);
  await shownText(chat.bubble()).toBe('คุยกับแอดมิน');
  await chat.toggle();
  await chat.input().fill('สวัสดีครับ สมัครแล้วเข้าไม่ได้');
  // Shift+Enter is a new line; Enter sends.
  await chat.input().press('Shift+Enter');
  await chat.input().pressSequentially('ช่วยดูให้หน่อย');
  await chat.input().press('Enter');
  await shownText(chat.customerMessages()).toContain('ช่วยดูให้หน่อย');
  await expect(chat.input()).toHaveValue('');

  const desk = await ConsolePage.signIn(browser, 'e2e-admin', 'e2e-admin-pass');
  await desk.openInbox();
  await desk.inbox.conversation('ช่วยดูให้หน่อย').click();
  await desk.inbox.reply('ได้เลยครับ รบกวนแจ้งเบอร์ที่สมัคร');
  await shownText(chat.agentMessages()).toContain('รบกวนแจ้งเบอร์ที่สมัคร');
  // The agent's screen shows the guest's message read once the guest's panel marked it.
  await shownText(desk.inbox.agentMessages().last()).toContain('อ่านแล้ว');
  await keepScreenshot(page, 'chat-guest-answered');
  await keepScreenshot(desk.page, 'chat-inbox-guest');
  await desk.page.context().close();
});

test('a member sends a picture with its progress bar, taps the agent’s quick reply, and sees the end marker (in Lao)', async ({ browser, page, request }) => {
  const member = await registerViaApi(request);
  const login = new LoginPage(page);
  await login.open();
  await login.chooseLanguage('lo');
  await login.logIn(member.phone, member.password, { remember: true });
  const home = new HomePage(page);
  await expect(home.totalBalance()).toBeVisible();
  await home.menu('contact').click();
  const chat = new ChatWidget(page);
  await shownText(chat.bubble()).toBe('ລົມກັບແອັດມິນ');
  await chat.toggle();
  await shownText(chat.history()).toContain('ເລີ່ມແຊັດໃໝ່');

  // The upload is held back a moment, so its progress bar can be seen.
  await page.route('**/api/chat/upload-image', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await chat.attach({ name: 'slip.png', mimeType: 'image/png', buffer: await pngFromPage(page) });
  await expect(chat.uploadProgress()).toBeVisible();
  await keepScreenshot(page, 'chat-lo-uploading');
  await expect(chat.image()).toBeVisible();

  const desk = await ConsolePage.signIn(browser, 'e2e-admin', 'e2e-admin-pass');
  await desk.openInbox();
  await desk.inbox.conversation('Wallet Journey').first().click();
  await expect(desk.inbox.image()).toBeVisible();
  await expect(desk.inbox.member()).toContainText(member.phone);
  await desk.inbox.sendTemplate('หัวข้อ');
  await expect(chat.quickReplies()).toBeVisible();
  await keepScreenshot(page, 'chat-lo-quick-replies');
  await chat.quickReplies().getByRole('button', { name: 'ถอนเงิน' }).click();
  await shownText(desk.inbox.customerMessages().last()).toContain('ถอนเงิน');

  await desk.inbox.end();
  await shownText(chat.endMarker()).toBe('ຈົບການສົນທະນາ');
  await keepScreenshot(page, 'chat-lo-ended');
  await desk.page.context().close();
});

test('the widget speaks English too, and refuses a file that is not a picture or video', async ({ page }) => {
  await page.goto('/contact');
  await new AppShell(page).chooseLanguage('en');
  const chat = new ChatWidget(page);
  await shownText(chat.bubble()).toBe('Talk to admin');
  await chat.toggle();
  await chat.attach({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('This file is not supported.')).toBeVisible();
  await expect(chat.sendButton()).toBeDisabled();
});
