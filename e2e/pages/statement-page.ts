import type { Locator, Page } from '@playwright/test';
import { AppShell } from './app-shell';

export type StatementType = 'all' | 'deposit' | 'withdraw';
export type StatementPeriod = 'all' | 'today' | 'custom';

/** /user/statement: the member's lines newest first, their receipts, the filters, and the slips list. */
export class StatementPage extends AppShell {
  constructor(page: Page) {
    super(page);
  }

  list() {
    return this.page.getByTestId('statement-list');
  }

  lines() {
    return this.list().locator('li');
  }

  /** Within a line: its reference, its transfer route, a refused withdrawal's reason. */
  reference(line: Locator) {
    return line.getByTestId('statement-reference');
  }

  route(line: Locator) {
    return line.getByTestId('statement-route');
  }

  withdrawRefused(line: Locator) {
    return line.getByTestId('statement-withdraw-refused');
  }

  async openReceipt(line: Locator): Promise<Locator> {
    await line.getByTestId('statement-line').click();
    return this.receipt();
  }

  receipt() {
    return this.page.getByTestId('statement-receipt');
  }

  receiptField(field: 'amount' | 'status' | 'from' | 'when' | 'reference-value') {
    return this.receipt().getByTestId(`receipt-${field}`);
  }

  async copyReceiptReference(): Promise<void> {
    await this.receipt().getByTestId('receipt-copy').click();
  }

  async filterType(type: StatementType): Promise<void> {
    await this.page.getByTestId(`filter-type-${type}`).click();
  }

  async filterPeriod(period: StatementPeriod): Promise<void> {
    await this.page.getByTestId(`filter-period-${period}`).click();
  }

  async filterDays(from: string, to: string): Promise<void> {
    await this.filterPeriod('custom');
    await this.page.getByTestId('filter-from').fill(from);
    await this.page.getByTestId('filter-to').fill(to);
  }

  emptyNote() {
    return this.page.getByTestId('statement-empty');
  }

  slipsButton() {
    return this.page.getByTestId('open-slips');
  }

  /** The member's slips, newest first. */
  async openSlips(): Promise<Locator> {
    await this.slipsButton().click();
    return this.page.getByTestId('slip-list').locator('li');
  }

  slipImage() {
    return this.page.getByTestId('slip-image');
  }
}
