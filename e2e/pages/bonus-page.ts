import type { Page } from '@playwright/test';

/** /user/bonus: the bonus cards, a promotion code, the running bonus and its condition. */
export class BonusPage {
  constructor(readonly page: Page) {}

  async openCard(code: string): Promise<void> {
    await this.page.getByTestId(`bonus-card-${code}`).click();
  }

  /** The bonus modal a card opens, with its reward terms. */
  modal() {
    return this.page.getByTestId('bonus-modal');
  }

  async receive({ doubleTap = false } = {}): Promise<void> {
    const button = this.page.getByTestId('bonus-receive');
    await (doubleTap ? button.dblclick() : button.click());
  }

  active() {
    return this.page.getByTestId('bonus-active');
  }

  conditionFigures() {
    return this.page.getByTestId('condition-figures');
  }

  /** Asks to end the running bonus (the confirm dialog follows). */
  async cancelBonus(): Promise<void> {
    await this.page.getByTestId('bonus-cancel').click();
  }

  promotionCode() {
    return this.page.getByTestId('promotion-code');
  }

  async searchPromotion(): Promise<void> {
    await this.page.getByTestId('promotion-search').click();
  }

  promotionModal() {
    return this.page.getByTestId('promotion-modal');
  }

  async receivePromotion(): Promise<void> {
    await this.page.getByTestId('promotion-receive').dblclick();
  }
}
