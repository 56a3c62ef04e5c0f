import { type Page, expect } from '@playwright/test';
import { ConfirmDialog } from './confirm-dialog';
import { HomePage } from './home-page';

interface SpinAnswer {
  result: { _id: string; code: string; label: string; remainingCoin: number; kind: string; amount: number };
}

/** The spin overlay (SPEC §2 Spin wheel): the canvas wheel, the coins, the coupon table. */
export class SpinOverlay {
  constructor(readonly page: Page) {}

  static async open(page: Page): Promise<SpinOverlay> {
    await new HomePage(page).tile('spin').click();
    const overlay = new SpinOverlay(page);
    await expect(overlay.button()).toBeVisible();
    return overlay;
  }

  coins() {
    return this.page.getByTestId('spin-coins');
  }

  button() {
    return this.page.getByTestId('spin-button');
  }

  /** Double-taps spin (a member's real tap), answers the server's result once it is given. */
  async spin(): Promise<SpinAnswer> {
    const answered = this.page.waitForResponse((response) => response.url().endsWith('/api/spinwheel/spin') && response.request().method() === 'POST');
    await this.button().dblclick();
    return (await (await answered).json()) as SpinAnswer;
  }

  /**
   * The slice under the pointer once the wheel rests, worked out from the angle the canvas was drawn
   * at (spin-wheel's rotation; slices of equal size clockwise from it, the pointer at 12 o'clock).
   */
  async sliceAtRest(): Promise<string> {
    await expect(this.prize()).toBeVisible({ timeout: 15_000 });
    const wheel = this.page.getByTestId('spin-wheel');
    const rotation = Number(await wheel.getAttribute('data-rotation'));
    const codes = (await wheel.getAttribute('data-slices'))!.split(',');
    const underPointer = (((0 - rotation) % 360) + 360) % 360;
    return codes[Math.floor(underPointer / (360 / codes.length))]!;
  }

  prize() {
    return this.page.getByTestId('spin-prize');
  }

  prizeLabel() {
    return this.page.getByTestId('spin-prize-label');
  }

  async closePrize(): Promise<void> {
    await this.page.getByTestId('spin-prize-ok').click();
    await expect(this.prize()).toBeHidden();
  }

  async claimFirstCoupon(): Promise<void> {
    await this.page.getByTestId('coupon-claim').first().click();
    await new ConfirmDialog(this.page).yesButton().dblclick();
  }

  couponStatuses() {
    return this.page.getByTestId('coupon-status');
  }
}
