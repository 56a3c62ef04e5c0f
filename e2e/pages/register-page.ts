import { type Page, expect } from '@playwright/test';

export class RegisterPage {
  constructor(readonly page: Page) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(`/register${query}`);
    await expect(this.page.getByTestId('register-next')).toBeVisible();
  }

  async enterPhone(phone: string): Promise<void> {
    await this.page.locator('input[name="phone"]').fill(phone);
    await this.page.getByTestId('register-next').click();
  }

  async enterOtp(code: string): Promise<void> {
    await this.page.locator('input[name="otpCode"]').fill(code);
    await this.page.getByTestId('register-next').click();
  }

  async enterProfile(profile: { name: string; password: string; source?: string }): Promise<void> {
    await this.page.locator('input[name="name"]').fill(profile.name);
    await this.page.locator('input[name="password"]').fill(profile.password);
    await this.page.locator('input[name="confirmPassword"]').fill(profile.password);
    if (profile.source) await this.page.locator('select[name="sourceCode"]').selectOption(profile.source);
    await this.page.getByTestId('register-next').click();
  }

  async enterBank(bank: { bankCode: string; accountNo: string; firstName: string; lastName: string }): Promise<void> {
    await this.page.locator('select[name="bankCode"]').selectOption(bank.bankCode);
    await this.page.locator('input[name="bankAccountNo"]').fill(bank.accountNo);
    await this.page.locator('input[name="firstName"]').fill(bank.firstName);
    await this.page.locator('input[name="lastName"]').fill(bank.lastName);
    await this.page.getByTestId('register-submit').click();
  }
}
