import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { answerConsolePrompt, fillConsoleLogin } from './console-page';

/** The operator's queues, signed in, in a browser context of its own (close it when done). */
export class OperatorPage {
  private constructor(readonly page: Page) {}

  static async open(browser: Browser, options: BrowserContextOptions = {}): Promise<OperatorPage> {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto('/admin');
    await fillConsoleLogin(page, 'e2e-admin', 'e2e-admin-pass');
    return new OperatorPage(page);
  }

  /** A queue's row for a member (by phone): withdrawals, slips, deposit-notices, truemoney-transfers. */
  row(queue: 'withdrawals' | 'slips' | 'deposit-notices' | 'truemoney-transfers', memberPhone: string) {
    return this.page.getByTestId(`admin-${queue}`).locator('li', { hasText: memberPhone });
  }

  async approve(row: ReturnType<OperatorPage['row']>, { answer }: { answer?: string } = {}): Promise<void> {
    await row.getByTestId('admin-approve').click();
    if (answer !== undefined) await this.answer(answer);
  }

  async fail(row: ReturnType<OperatorPage['row']>, reason: string): Promise<void> {
    await row.getByTestId('admin-fail').click();
    await this.answer(reason);
  }

  private async answer(text: string): Promise<void> {
    await answerConsolePrompt(this.page, text);
  }

  async close(): Promise<void> {
    await this.page.context().close();
  }
}
