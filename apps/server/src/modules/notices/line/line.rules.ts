import { CURRENCIES, formatMoney, toMajor } from '@wallet/contract';
import type { LineMessage } from '../../../adapters/line.js';
import type { RenderedNotice } from '../channel.js';

/** LINE's bounds: a text message up to 5,000 characters, a flex message's altText (the chat list's preview) up to 400. */
const MAX_TEXT = 5000;
const MAX_ALT_TEXT = 400;

const OPEN_IN_APP = { th: 'เปิดในแอป', lo: 'ເປີດໃນແອັບ', en: 'Open in the app' } as const;
/** LINE's brand green, so the card reads as a LINE notice from us. */
const ACCENT = '#06C755';

const clipped = (text: string, length: number) => (text.length <= length ? text : `${text.slice(0, length - 1)}…`);

/** The amount as the member's app shows it, in their language: `1,500.00 บาท`, `250,000 ກີບ`. */
export function amountText(amount: NonNullable<RenderedNotice['amount']>, language: RenderedNotice['language']): string {
  return `${formatMoney(toMajor(amount.minor), language, amount.currency)} ${CURRENCIES[amount.currency].name[language]}`;
}

/**
 * A notice as LINE messages: the text (read in the chat list and by screen readers) and a flex
 * bubble card with the amount large and a button opening the notice's page of the app.
 */
export function noticeMessages(notice: RenderedNotice, appUrl: string): LineMessage[] {
  const amount = notice.amount ? amountText(notice.amount, notice.language) : null;
  const link = new URL(notice.path, `${appUrl}/`).toString();
  return [
    { type: 'text', text: clipped(`${notice.title}\n${notice.body}`, MAX_TEXT) },
    {
      type: 'flex',
      altText: clipped(amount ? `${notice.title} · ${amount}` : notice.title, MAX_ALT_TEXT),
      contents: {
        type: 'bubble',
        body: {
          type: 'box',
          layout: 'vertical',
          spacing: 'md',
          contents: [
            { type: 'text', text: notice.title, weight: 'bold', size: 'md', wrap: true },
            ...(amount ? [{ type: 'text' as const, text: amount, weight: 'bold' as const, size: 'xxl' as const, color: ACCENT, wrap: true }] : []),
            { type: 'text', text: notice.body, size: 'sm', color: '#555555', wrap: true },
          ],
        },
        footer: {
          type: 'box',
          layout: 'vertical',
          contents: [{ type: 'button', style: 'primary', color: ACCENT, action: { type: 'uri', label: OPEN_IN_APP[notice.language], uri: link } }],
        },
      },
    },
  ];
}
