import type { Page } from '@playwright/test';

/** The invite overlay: the member's share link. */
export class InviteOverlay {
  constructor(readonly page: Page) {}

  link() {
    return this.page.getByTestId('invite-link');
  }
}
