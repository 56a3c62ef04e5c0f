import type { Page } from '@playwright/test';

/** The member app's support chat: the bubble on the contact screen, then its panel. */
export class ChatWidget {
  constructor(readonly page: Page) {}

  bubble() {
    return this.page.getByTestId('chat-bubble');
  }

  /** Opens or closes the panel. */
  async toggle(): Promise<void> {
    await this.page.getByTestId('chat-toggle').click();
  }

  panel() {
    return this.page.getByTestId('chat-panel');
  }

  history() {
    return this.page.getByTestId('chat-history');
  }

  input() {
    return this.page.getByTestId('chat-input');
  }

  sendButton() {
    return this.page.getByTestId('chat-send');
  }

  async attach(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.page.getByTestId('chat-file').setInputFiles(file);
  }

  uploadProgress() {
    return this.page.getByTestId('chat-progress');
  }

  image() {
    return this.page.getByTestId('chat-image');
  }

  customerMessages() {
    return this.page.getByTestId('chat-item-customer');
  }

  agentMessages() {
    return this.page.getByTestId('chat-item-agent');
  }

  quickReplies() {
    return this.page.getByTestId('chat-quick-replies');
  }

  endMarker() {
    return this.page.getByTestId('chat-end');
  }
}
