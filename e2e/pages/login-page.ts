import { type Page, expect } from '@playwright/test';

export class LoginPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/login');
    await expect(this.page.getByTestId('login-submit')).toBeVisible();
  }

  async logIn(phone: string, password: string, { remember }: { remember: boolean }): Promise<void> {
    await this.page.locator('input[name="username"]').fill(phone);
    await this.page.locator('input[name="password"]').fill(password);
    const checkbox = this.page.locator('input[name="remember"]');
    if ((await checkbox.isChecked()) !== remember) await checkbox.click();
    await this.page.getByTestId('login-submit').click();
  }

  errorLine() {
    return this.page.getByTestId('login-error');
  }
}
