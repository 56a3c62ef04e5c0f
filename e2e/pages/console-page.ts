import { type Browser, type Page, expect } from '@playwright/test';

/** The operator console at a desk (1280×800), in a browser context of its own. */
export class ConsolePage {
  private constructor(readonly page: Page) {}

  static async signIn(browser: Browser, username: string, password: string): Promise<ConsolePage> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('/admin/login');
    await page.locator('input[name="adminUsername"]').fill(username);
    await page.locator('input[name="adminPassword"]').fill(password);
    await page.getByTestId('admin-login').click();
    await expect(page.getByTestId('console-operator')).toHaveText(username);
    return new ConsolePage(page);
  }

  nav() {
    return this.page.getByTestId('console-nav');
  }

  async openMember(phone: string): Promise<void> {
    await this.nav().getByRole('link', { name: 'สมาชิก' }).click();
    await this.page.locator('input[name="memberSearch"]').fill(phone);
    await this.page.getByTestId('member-search').click();
    await this.page.getByTestId('member-results').getByRole('link', { name: phone }).click();
    await expect(this.page.getByTestId('member-page')).toBeVisible();
  }

  async answerPrompt(text: string): Promise<void> {
    await this.page.getByTestId('prompt-dialog').getByRole('textbox').fill(text);
    await this.page.getByTestId('prompt-ok').click();
  }

  async close(): Promise<void> {
    await this.page.context().close();
  }
}
