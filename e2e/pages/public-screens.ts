import type { Page } from '@playwright/test';

/** The member app's screens open to anyone: contact, how-to, the 404 and terminated screens. */
export class PublicScreens {
  constructor(readonly page: Page) {}

  contactText() {
    return this.page.getByTestId('contact-text');
  }

  appVersion() {
    return this.page.getByTestId('app-version');
  }

  async openHowto(topic: string): Promise<void> {
    await this.page.getByTestId(`howto-${topic}`).click();
  }

  howtoVideo() {
    return this.page.getByTestId('howto-video');
  }

  notFound() {
    return this.page.getByTestId('not-found');
  }

  terminated() {
    return this.page.getByTestId('terminated');
  }
}
