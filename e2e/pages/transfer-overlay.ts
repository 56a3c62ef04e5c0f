import type { Page } from '@playwright/test';

/** The transfer overlay: an amount from the wallet to a game. */
export class TransferOverlay {
  constructor(readonly page: Page) {}

  async fill(to: string, amount: string): Promise<void> {
    await this.page.locator('select[name="to"]').selectOption(to);
    await this.fillAmount(amount);
  }

  async fillAmount(amount: string): Promise<void> {
    await this.page.locator('input[name="amount"]').fill(amount);
  }

  async submit({ doubleTap = false } = {}): Promise<void> {
    const button = this.page.getByTestId('transfer-submit');
    await (doubleTap ? button.dblclick() : button.click());
  }

  error() {
    return this.page.getByTestId('transfer-error');
  }
}
