import type { Page } from '@playwright/test';

export type RewardFigure = 'amount' | 'locked' | 'target' | 'floor' | 'end-takes' | 'locked-note';

/** The member app's confirm dialog, and the reward terms it (or the bonus modal) reads in money (DESIGN §6). */
export class ConfirmDialog {
  constructor(readonly page: Page) {}

  root() {
    return this.page.getByTestId('confirm-dialog');
  }

  yesButton() {
    return this.page.getByTestId('confirm-yes');
  }

  /** What taking a reward pays, locks and asks for before it is accepted. */
  rewardFigure(figure: RewardFigure) {
    return this.page.getByTestId(`reward-${figure}`);
  }

  /** What ending a bonus keeps and takes, before it is confirmed. */
  clearFigures() {
    return this.page.getByTestId('clear-figures');
  }
}
