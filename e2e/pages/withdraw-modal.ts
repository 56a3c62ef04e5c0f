import type { Page } from '@playwright/test';

/** The withdraw modal: an amount to the registered bank account. */
export class WithdrawModal {
  constructor(readonly page: Page) {}

  async fill(amount: number): Promise<void> {
    await this.page.locator('input[name="withdrawAmount"]').fill(String(amount));
  }

  async submit({ doubleTap = false } = {}): Promise<void> {
    const button = this.page.getByTestId('withdraw-submit');
    await (doubleTap ? button.dblclick() : button.click());
  }

  error() {
    return this.page.getByTestId('withdraw-error');
  }
}
