import type { Page } from '@playwright/test';

/** The deposit modal: a list of methods, then the chosen method's form. */
export class DepositModal {
  constructor(readonly page: Page) {}

  method(method: string) {
    return this.page.getByTestId(`deposit-method-${method}`);
  }

  async choose(method: string): Promise<void> {
    await this.method(method).click();
  }

  async back(): Promise<void> {
    await this.page.getByText('ย้อนกลับ').click();
  }

  /** Why deposits are refused while a bonus condition runs. */
  underConditionNote() {
    return this.page.getByTestId('deposit-under-condition');
  }

  // ---- Bank accounts the statement credits by itself
  /** The account card of an AUTO bank account (SCB, GSB, LDB in the demo data). */
  autoBankAccount(bankCode: string) {
    return this.page.getByTestId(`deposit-auto-bank-${bankCode}`);
  }
  /** What shows when a bank transfer lands while the screen is open. */
  bankReceived() {
    return this.page.getByTestId('deposit-bank-received');
  }
  bankReceivedAmount() {
    return this.page.getByTestId('deposit-bank-received-amount');
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
  qrAmount() {
    return this.page.getByTestId('qr-amount');
  }
  /** Why the QR asks a few satang more than the member typed. */
  qrAmountAdjusted() {
    return this.page.getByTestId('qr-amount-adjusted');
  }
  qrCountdown() {
    return this.page.getByTestId('qr-countdown');
  }
  /** What the open QR shows once it is paid. */
  qrPaidAmount() {
    return this.page.getByTestId('qr-paid-amount');
  }
  async closePaidQr(): Promise<void> {
    await this.page.getByTestId('qr-paid-done').click();
  }

  // ---- TrueMoney gift link
  giftLinkButton() {
    return this.page.getByTestId('send-truelink');
  }
  async fillGiftLink(link: string): Promise<void> {
    await this.page.locator('input[name="truelink"]').fill(link);
  }
  async sendGiftLink({ doubleTap = false } = {}): Promise<void> {
    await (doubleTap ? this.giftLinkButton().dblclick() : this.giftLinkButton().click());
  }

  // ---- Bank slip
  async pickSlip(slip: Buffer): Promise<void> {
    await this.page.getByTestId('slip-file').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: slip });
  }
  slipProgressBar() {
    return this.page.getByTestId('slip-progress').getByRole('progressbar');
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
