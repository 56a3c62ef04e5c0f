import { type Page, expect } from '@playwright/test';

export class RegisterPage {
  constructor(readonly page: Page) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(`/register${query}`);
    await expect(this.nextButton()).toBeVisible();
  }

  private nextButton() {
    return this.page.getByTestId('register-next');
  }

  private async next(): Promise<void> {
    await this.nextButton().click();
  }

  /** The phone step, as a visitor first sees it. */
  phoneStep() {
    return this.page.getByTestId('register-phone').or(this.page.locator('input')).first();
  }

  async enterPhone(phone: string): Promise<void> {
    await this.page.locator('input[name="phone"]').fill(phone);
    await this.next();
  }

  /** The reference the code step shows (the SMS prints it beside the code). */
  otpRef() {
    return this.page.getByTestId('otp-ref');
  }

  async enterOtp(code: string): Promise<void> {
    await this.page.locator('input[name="otpCode"]').fill(code);
    await this.next();
  }

  async enterProfile(profile: { name: string; password: string; source?: string }): Promise<void> {
    await this.page.locator('input[name="name"]').fill(profile.name);
    await this.page.locator('input[name="password"]').fill(profile.password);
    await this.page.locator('input[name="confirmPassword"]').fill(profile.password);
    if (profile.source) await this.page.locator('select[name="sourceCode"]').selectOption(profile.source);
    await this.next();
  }

  /** The ways past an invite code the server refused: remove it, or go on without it. */
  inviteWaysPast() {
    return { remove: this.page.getByTestId('invite-remove'), skip: this.page.getByTestId('invite-skip') };
  }

  async enterBank(bank: { bankCode: string; accountNo: string; firstName: string; lastName: string }): Promise<void> {
    await this.page.locator('select[name="bankCode"]').selectOption(bank.bankCode);
    await this.page.locator('input[name="bankAccountNo"]').fill(bank.accountNo);
    await this.page.locator('input[name="firstName"]').fill(bank.firstName);
    await this.page.locator('input[name="lastName"]').fill(bank.lastName);
    await this.page.getByTestId('register-submit').click();
  }
}
