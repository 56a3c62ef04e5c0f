import { type Page, expect } from '@playwright/test';
import { DepositModal } from './deposit-modal';
import { WithdrawModal } from './withdraw-modal';

/** The member's home: balances, the deposit and withdraw tiles, the bottom menu. */
export class HomePage {
  constructor(readonly page: Page) {}

  totalBalance() {
    return this.page.getByTestId('total-balance');
  }

  walletBalance() {
    return this.page.getByTestId('wallet-balance');
  }

  async expectTotal(text: string): Promise<void> {
    await expect(this.totalBalance()).toHaveText(text);
  }

  async openDeposit(): Promise<DepositModal> {
    await this.page.getByTestId('tile-deposit').click();
    return new DepositModal(this.page);
  }

  async openWithdraw(): Promise<WithdrawModal> {
    await this.page.getByTestId('tile-withdraw').click();
    return new WithdrawModal(this.page);
  }

  async checkBalance(): Promise<void> {
    await this.page.getByTestId('check-balance').click();
  }

  /** The statement page's rows, newest first. */
  async openStatement() {
    await this.page.getByTestId('menu-statement').click();
    return this.page.getByTestId('statement-list').locator('li');
  }
}
