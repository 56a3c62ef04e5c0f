import type { Page } from '@playwright/test';

export type Language = 'th' | 'lo' | 'en';
export type MenuItem = 'home' | 'statement' | 'conditions' | 'profile' | 'contact';

/** What every screen of the member app has: the top bar (language, logout), the bottom menu, the offline screen. */
export class AppShell {
  constructor(readonly page: Page) {}

  languageSelect() {
    return this.page.getByTestId('language-select');
  }

  async chooseLanguage(language: Language): Promise<void> {
    await this.languageSelect().selectOption(language);
  }

  logoutButton() {
    return this.page.getByTestId('logout');
  }

  menu(item: MenuItem) {
    return this.page.getByTestId(`menu-${item}`);
  }

  /** The conditions modal, opened from the bottom menu. */
  conditionsList() {
    return this.page.getByTestId('conditions-list');
  }

  async confirmConditions(): Promise<void> {
    await this.page.getByTestId('conditions-confirm').click();
  }

  offlineScreen() {
    return this.page.getByTestId('offline-screen');
  }

  /**
   * Back online, the offline screen goes: by itself when one of the app's calls retries and
   * reaches the server, or when the member taps "try again" first. A click alone would wait for
   * ever on a button that the retry took away.
   */
  async returnOnline(): Promise<void> {
    await Promise.race([this.page.getByTestId('offline-retry').click(), this.offlineScreen().waitFor({ state: 'detached' })]);
  }

  /** The agreement modal (SPEC §2), shown over home until the member accepts it. */
  agreementModal() {
    return this.page.getByTestId('agreement-modal');
  }

  async acceptAgreement(): Promise<void> {
    await this.page.getByTestId('agreement-accept').dblclick();
  }
}
