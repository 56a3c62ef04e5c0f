import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { creditWallet, registerViaApi } from '../support';
import { AppShell } from './app-shell';
import { BonusPage } from './bonus-page';
import { DepositModal } from './deposit-modal';
import { GameAccountOverlay } from './game-account-overlay';
import { InviteOverlay } from './invite-overlay';
import { LoginPage } from './login-page';
import { RefundOverlay } from './refund-overlay';
import { StatementPage } from './statement-page';
import { TransferOverlay } from './transfer-overlay';
import { WithdrawModal } from './withdraw-modal';

export type Tile = 'deposit' | 'withdraw' | 'bonus' | 'spin' | 'invite' | 'refund' | 'collect';

/** The member's home: balances, the tiles, the game providers, the bottom menu. */
export class HomePage extends AppShell {
  constructor(page: Page) {
    super(page);
  }

  /**
   * A new member, registered through the API with `baht` credited, signed in through the form (the
   * agreement accepted, "remember me" on) and on home with that total shown.
   */
  static async signInNewMember(page: Page, request: APIRequestContext, { baht = 0 }: { baht?: number } = {}) {
    const member = await registerViaApi(request);
    if (baht > 0) await creditWallet(request, member.phone, baht);
    const login = new LoginPage(page);
    await login.open();
    await login.logIn(member.phone, member.password, { remember: true });
    const home = new HomePage(page);
    await home.expectTotal(baht.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
    return { home, member };
  }

  memberName() {
    return this.page.getByTestId('home-name');
  }

  totalBalance() {
    return this.page.getByTestId('total-balance');
  }

  walletBalance() {
    return this.page.getByTestId('wallet-balance');
  }

  async expectTotal(text: string): Promise<void> {
    await expect(this.totalBalance()).toHaveText(text);
  }

  tile(name: Tile) {
    return this.page.getByTestId(`tile-${name}`);
  }

  /** The coins shown on the spin tile. */
  spinTileCount() {
    return this.page.getByTestId('tile-spin-count');
  }

  async openDeposit(): Promise<DepositModal> {
    await this.tile('deposit').click();
    return new DepositModal(this.page);
  }

  async openWithdraw(): Promise<WithdrawModal> {
    await this.tile('withdraw').click();
    return new WithdrawModal(this.page);
  }

  async openBonus(): Promise<BonusPage> {
    await this.tile('bonus').click();
    return new BonusPage(this.page);
  }

  /** Opens the invite tile; the demo banners show first (`continuePastBanners`). */
  async openInvite(): Promise<InviteOverlay> {
    await this.tile('invite').click();
    return new InviteOverlay(this.page);
  }

  /** Opens the refund tile; the demo banners show first (`continuePastBanners`). */
  async openRefund(): Promise<RefundOverlay> {
    await this.tile('refund').click();
    return new RefundOverlay(this.page);
  }

  /** The banners some tiles show before their overlay. */
  bannerCarousel() {
    return this.page.getByTestId('banner-carousel');
  }

  async continuePastBanners(): Promise<void> {
    await this.page.getByTestId('banners-continue').click();
  }

  checkBalanceButton() {
    return this.page.getByTestId('check-balance');
  }

  async checkBalance(): Promise<void> {
    await this.checkBalanceButton().click();
  }

  lastSync() {
    return this.page.getByTestId('last-sync');
  }

  transferButton() {
    return this.page.getByTestId('open-transfer');
  }

  async openTransfer(): Promise<TransferOverlay> {
    await this.transferButton().click();
    return new TransferOverlay(this.page);
  }

  provider(code: string) {
    return this.page.getByTestId(`provider-${code}`);
  }

  providerBalance(code: string) {
    return this.page.getByTestId(`provider-balance-${code}`);
  }

  async openGameAccount(code: string): Promise<GameAccountOverlay> {
    await this.provider(code).click();
    return new GameAccountOverlay(this.page);
  }

  /** A reward from invited friends, waiting to be received. */
  inviteAmount() {
    return this.page.getByTestId('invite-amount');
  }

  receiveInviteButton() {
    return this.page.getByTestId('receive-invite');
  }

  /** The running bonus condition's progress, shown on home. */
  conditionProgress() {
    return this.page.getByTestId('condition-progress');
  }

  /** The statement page's rows, newest first. */
  async openStatement() {
    await this.menu('statement').click();
    return new StatementPage(this.page).lines();
  }
}
