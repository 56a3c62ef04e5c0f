import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { AppShell } from './app-shell';

/** Records the member's acceptance of the current agreement through the member API; nothing for a failed sign-in. */
async function acceptAgreement(request: APIRequestContext, phone: string, password: string): Promise<void> {
  const login = await request.post('/api/login', { data: { username: phone, password } });
  if (!login.ok()) return;
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const { version } = (await (await request.get('/api/account/agreement', { headers })).json()) as { version: string };
  const accepted = await request.post('/api/account/agreement', { data: { version }, headers });
  if (!accepted.ok()) throw new Error(`agreement not accepted: ${accepted.status()} ${await accepted.text()}`);
  await request.post('/api/logout', { headers });
}

/** /login, with the member app's top bar (the language menu). */
export class LoginPage extends AppShell {
  constructor(page: Page) {
    super(page);
  }

  async open(): Promise<void> {
    await this.page.goto('/login');
    await expect(this.submitButton()).toBeVisible();
  }

  /**
   * Signs in through the form. The agreement (SPEC §2) is accepted for the member on the server
   * first, as on an earlier visit, unless `agreement: 'unanswered'` (the journey about it).
   */
  async logIn(phone: string, password: string, { remember, agreement = 'accepted' }: { remember: boolean; agreement?: 'accepted' | 'unanswered' }): Promise<void> {
    if (agreement === 'accepted') await acceptAgreement(this.page.request, phone, password);
    await this.page.locator('input[name="username"]').fill(phone);
    await this.page.locator('input[name="password"]').fill(password);
    const checkbox = this.page.locator('input[name="remember"]');
    if ((await checkbox.isChecked()) !== remember) await checkbox.click();
    await this.submitButton().click();
  }

  private submitButton() {
    return this.page.getByTestId('login-submit');
  }

  errorLine() {
    return this.page.getByTestId('login-error');
  }
}
