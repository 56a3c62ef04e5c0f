import { type Page, expect } from '@playwright/test';

/** /forgot-password: the phone, then the SMS code with the new password. */
export class ForgotPasswordPage {
  constructor(readonly page: Page) {}

  async enterPhone(phone: string): Promise<void> {
    await this.page.locator('input[name="phone"]').fill(phone);
    await this.page.getByTestId('forgot-send').click();
    await expect(this.otpRef()).toBeVisible();
  }

  private otpRef() {
    return this.page.getByTestId('otp-ref');
  }

  /** The reference the code step shows (the SMS prints it beside the code). */
  async reference(): Promise<string> {
    return (await this.otpRef().innerText()).split(':').pop()!.trim();
  }

  async fillNewPassword(code: string, password: string): Promise<void> {
    await this.page.locator('input[name="otpCode"]').fill(code);
    await this.page.locator('input[name="newPassword"]').fill(password);
    await this.page.locator('input[name="confirmPassword"]').fill(password);
  }

  async submit({ doubleTap = false } = {}): Promise<void> {
    const button = this.page.getByTestId('forgot-submit');
    await (doubleTap ? button.dblclick() : button.click());
  }
}
