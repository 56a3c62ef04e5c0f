import { type Page, expect, test } from '@playwright/test';
import { ConsolePage } from '../pages/console-page';
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

async function openInbox(desk: ConsolePage): Promise<void> {
  await desk.nav().getByRole('link', { name: 'แชท' }).click();
  await expect(desk.page.getByTestId('inbox-list')).toBeVisible();
}

test('a guest asks on the contact screen and an agent answers from the console', async ({ browser, page }) => {
  await page.goto('/contact');
  await shownText(page.getByTestId('chat-bubble')).toBe('คุยกับแอดมิน');
  await page.getByTestId('chat-toggle').click();
  await page.getByTestId('chat-input').fill('สวัสดีครับ สมัครแล้วเข้าไม่ได้');
  // Shift+Enter is a new line; Enter sends.
  await page.getByTestId('chat-input').press('Shift+Enter');
  await page.getByTestId('chat-input').pressSequentially('ช่วยดูให้หน่อย');
  await page.getByTestId('chat-input').press('Enter');
  await shownText(page.getByTestId('chat-item-customer')).toContain('ช่วยดูให้หน่อย');
  await expect(page.getByTestId('chat-input')).toHaveValue('');

  const desk = await ConsolePage.signIn(browser, 'e2e-admin', 'e2e-admin-pass');
  await openInbox(desk);
  await desk.page.getByTestId('inbox-conversation-item').filter({ hasText: 'ช่วยดูให้หน่อย' }).click();
  await desk.page.getByTestId('inbox-input').fill('ได้เลยครับ รบกวนแจ้งเบอร์ที่สมัคร');
  await desk.page.getByTestId('inbox-input').press('Enter');
  await shownText(page.getByTestId('chat-item-agent')).toContain('รบกวนแจ้งเบอร์ที่สมัคร');
  // The agent's screen shows the guest's message read once the guest's panel marked it.
  await shownText(desk.page.getByTestId('inbox-item-agent').last()).toContain('อ่านแล้ว');
  await keepScreenshot(page, 'chat-guest-answered');
  await keepScreenshot(desk.page, 'chat-inbox-guest');
  await desk.page.context().close();
});

test('a member sends a picture with its progress bar, taps the agent’s quick reply, and sees the end marker (in Lao)', async ({ browser, page, request }) => {
  const member = await registerViaApi(request);
  const login = new LoginPage(page);
  await login.open();
  await page.getByTestId('language-select').selectOption('lo');
  await login.logIn(member.phone, member.password, { remember: true });
  await expect(page.getByTestId('total-balance')).toBeVisible();
  await page.getByTestId('menu-contact').click();
  await shownText(page.getByTestId('chat-bubble')).toBe('ລົມກັບແອັດມິນ');
  await page.getByTestId('chat-toggle').click();
  await shownText(page.getByTestId('chat-history')).toContain('ເລີ່ມແຊັດໃໝ່');

  // The upload is held back a moment, so its progress bar can be seen.
  await page.route('**/api/chat/upload-image', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.getByTestId('chat-file').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: await pngFromPage(page) });
  await expect(page.getByTestId('chat-progress')).toBeVisible();
  await keepScreenshot(page, 'chat-lo-uploading');
  await expect(page.getByTestId('chat-image')).toBeVisible();

  const desk = await ConsolePage.signIn(browser, 'e2e-admin', 'e2e-admin-pass');
  await openInbox(desk);
  await desk.page.getByTestId('inbox-conversation-item').filter({ hasText: 'Wallet Journey' }).first().click();
  await expect(desk.page.getByTestId('inbox-image')).toBeVisible();
  await expect(desk.page.getByTestId('inbox-member')).toContainText(member.phone);
  await desk.page.getByTestId('inbox-template-หัวข้อ').click();
  await expect(page.getByTestId('chat-quick-replies')).toBeVisible();
  await keepScreenshot(page, 'chat-lo-quick-replies');
  await page.getByTestId('chat-quick-replies').getByRole('button', { name: 'ถอนเงิน' }).click();
  await shownText(desk.page.getByTestId('inbox-item-customer').last()).toContain('ถอนเงิน');

  await desk.page.getByTestId('inbox-end').click();
  await shownText(page.getByTestId('chat-end')).toBe('ຈົບການສົນທະນາ');
  await keepScreenshot(page, 'chat-lo-ended');
  await desk.page.context().close();
});

test('the widget speaks English too, and refuses a file that is not a picture or video', async ({ page }) => {
  await page.goto('/contact');
  await page.getByTestId('language-select').selectOption('en');
  await shownText(page.getByTestId('chat-bubble')).toBe('Talk to admin');
  await page.getByTestId('chat-toggle').click();
  await page.getByTestId('chat-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('This file is not supported.')).toBeVisible();
  await expect(page.getByTestId('chat-send')).toBeDisabled();
});
