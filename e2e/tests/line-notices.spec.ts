import { expect, test } from '@playwright/test';
import { HomePage } from '../pages/home-page';
import { keepScreenshot } from '../support';

// The demo's statement-fed SCB account (apps/server/src/seed/seed.ts), mode AUTO.
const SCB_AUTO_ACCOUNT = '4061234567';

test('a member links LINE from the profile and receives the deposit notice in LINE', async ({ page, request }) => {
  const { member } = await HomePage.signInNewMember(page, request);
  await page.goto('/user/profile');
  const row = page.getByTestId('line-row');
  await expect(row).toContainText('รับแจ้งเตือนฝากถอนทาง LINE');
  await keepScreenshot(page, 'profile-line-unlinked');
  // A double tap goes to LINE once.
  await row.getByTestId('line-connect').dblclick();

  // The sandbox's LINE Login: a new LINE user, who also adds the Official Account as a friend.
  await expect(page.getByText('Log in with LINE (sandbox)')).toBeVisible();
  await page.locator('input[name="user_id"][value="new"]').check();
  await page.locator('input[name="display_name"]').fill('Malee');
  await expect(page.locator('input[name="add_friend"]')).toBeChecked();
  await keepScreenshot(page, 'line-login-sandbox');
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page).toHaveURL(/\/user\/profile/);
  await expect(page.getByText('เชื่อมต่อ LINE แล้ว')).toBeVisible();
  await expect(page.getByTestId('line-state')).toHaveText('เชื่อมต่อแล้ว');
  await keepScreenshot(page, 'profile-line-linked');

  const users = (await (await request.get('/sandbox/line/users')).json()) as { users: Array<{ userId: string; displayName: string }> };
  const lineUserId = users.users.find((user) => user.displayName === 'Malee')!.userId;

  // The member's banking app: SCB to SCB, from the registered account; the feed credits it by itself.
  const sent = await request.post('/sandbox/bank/transfers', { data: { amount: 420, toAccountNo: SCB_AUTO_ACCOUNT, toBankCode: 'SCB', fromBankCode: 'SCB', fromAccountNo: member.bankAccountNo } });
  expect(sent.ok(), await sent.text()).toBe(true);
  await expect(async () => {
    const inbox = (await (await request.get(`/sandbox/line/users/${lineUserId}/messages`)).json()) as { messages: Array<{ messages: Array<{ type: string; text?: string; altText?: string }> }> };
    expect(inbox.messages).toHaveLength(1);
    expect(inbox.messages[0]!.messages[0]).toMatchObject({ type: 'text', text: expect.stringContaining('420.00 บาท') });
    expect(inbox.messages[0]!.messages[1]).toMatchObject({ type: 'flex', altText: expect.stringContaining('420.00 บาท') });
  }).toPass({ timeout: 45_000 });
});
