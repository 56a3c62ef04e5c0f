import type { Page } from '@playwright/test';
import { AppShell } from './app-shell';

/** /user/profile: the member's name and registered bank account. */
export class ProfilePage extends AppShell {
  constructor(page: Page) {
    super(page);
  }

  name() {
    return this.page.getByTestId('profile-name');
  }

  bankAccountNo() {
    return this.page.getByTestId('bank-account-no');
  }
}
