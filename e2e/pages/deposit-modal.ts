import type { Page } from '@playwright/test';

/** The deposit modal: a list of methods, then the chosen method's form. */
export class DepositModal {
  constructor(readonly page: Page) {}

  async choose(method: string): Promise<void> {
    await this.page.getByTestId(`deposit-method-${method}`).click();
  }

  async back(): Promise<void> {
    await this.page.getByText('ย้อนกลับ').click();
  }

  // ---- QR methods
  async pickAmount(amount: number): Promise<void> {
    await this.page.getByTestId(`pick-${amount}`).click();
  }
  amountField() {
    return this.page.locator('input[name="depositAmount"]');
  }
  createQrButton() {
    return this.page.getByTestId('create-qr');
  }
  shownQr() {
    return this.page.getByTestId('qr-shown');
  }

  // ---- TrueMoney gift link
  async sendGiftLink(link: string, { doubleTap = false } = {}): Promise<void> {
    await this.page.locator('input[name="truelink"]').fill(link);
    const send = this.page.getByTestId('send-truelink');
    await (doubleTap ? send.dblclick() : send.click());
  }

  // ---- Bank slip
  async pickSlip(slip: Buffer): Promise<void> {
    await this.page.getByTestId('slip-file').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: slip });
  }
  slipResult() {
    return this.page.getByTestId('slip-result');
  }

  // ---- Manual notice
  async sendNotice(amount: number, { doubleTap = false } = {}): Promise<void> {
    await this.page.locator('input[name="noticeAmount"]').fill(String(amount));
    const send = this.page.getByTestId('send-notice');
    await (doubleTap ? send.dblclick() : send.click());
  }
}
