import type { Page } from '@playwright/test';

/** The refund overlay: what a losing member may receive back, its condition and its log. */
export class RefundOverlay {
  constructor(readonly page: Page) {}

  amount() {
    return this.page.getByTestId('refund-amount');
  }

  receiveButton() {
    return this.page.getByTestId('refund-receive');
  }

  condition() {
    return this.page.getByTestId('refund-condition');
  }

  log() {
    return this.page.getByTestId('refund-log');
  }
}
