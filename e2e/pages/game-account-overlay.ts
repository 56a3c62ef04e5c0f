import type { Page } from '@playwright/test';

/** A game provider's account overlay, opened from its card on home: open, play, move everything in, reset the password. */
export class GameAccountOverlay {
  constructor(readonly page: Page) {}

  async activate(): Promise<void> {
    await this.page.getByTestId('activate-game').click();
  }

  playButton() {
    return this.page.getByTestId('play-game');
  }

  username() {
    return this.page.getByTestId('game-username');
  }

  balance() {
    return this.page.getByTestId('game-balance');
  }

  async transferOnly(): Promise<void> {
    await this.page.getByTestId('transfer-only').click();
  }

  async resetPassword(): Promise<void> {
    await this.page.getByTestId('reset-password').click();
  }

  /** Play's confirmation: what moves into the game and what stays marked. */
  playMoves() {
    return this.page.getByTestId('play-moves-marked');
  }

  playStays() {
    return this.page.getByTestId('play-stays-marked');
  }
}
