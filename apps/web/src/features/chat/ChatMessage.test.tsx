import { fireEvent, render, screen } from '@testing-library/react';
import type { ChatItem } from '@wallet/contract';
import { describe, expect, it, vi } from 'vitest';
import { MessageBody } from './ChatMessage';

const shown = (message: Partial<ChatItem['message']>) => {
  const actions = { sendText: vi.fn(), sendPostback: vi.fn() };
  render(<MessageBody item={{ message: { message_type: 'text', deliver: 'succeed', ...message } }} actions={actions} />);
  return actions;
};

describe('chat messages (SPEC §2 message types)', () => {
  it('shows text as text, never as html', () => {
    shown({ payload: '<img src=x onerror=alert(1)>สวัสดี' });
    expect(screen.getByText('<img src=x onerror=alert(1)>สวัสดี')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it('buttons: web opens its link, call dials, postback sends its payload, any other type sends its title', () => {
    const actions = shown({
      message_type: 'buttons',
      payload: {
        text: 'ติดต่อ',
        buttons: [
          { type: 'web', title: 'LINE', payload: 'https://line.me/x' },
          { type: 'call', title: 'โทร', payload: '02-000-0000' },
          { type: 'postback', title: 'ถอนเงิน', payload: 'TOPIC_WITHDRAW' },
          { type: 'reply', title: 'ขอบคุณ', payload: '' },
          { type: 'web', title: 'แปลก', payload: 'javascript:alert(1)' },
        ],
      },
    });
    expect(screen.getByRole('link', { name: 'LINE' })).toHaveAttribute('href', 'https://line.me/x');
    expect(screen.getByRole('link', { name: 'โทร' })).toHaveAttribute('href', 'tel:020000000');
    fireEvent.click(screen.getByRole('button', { name: 'ถอนเงิน' }));
    expect(actions.sendPostback).toHaveBeenCalledWith('ถอนเงิน', 'TOPIC_WITHDRAW');
    fireEvent.click(screen.getByRole('button', { name: 'ขอบคุณ' }));
    expect(actions.sendText).toHaveBeenCalledWith('ขอบคุณ');
    // A link that is not http(s) is no link.
    expect(screen.queryByRole('link', { name: 'แปลก' })).toBeNull();
  });

  it('quick replies, a card carousel, media, a postback, and a fallback line for anything else', () => {
    shown({ message_type: 'quick_replies', payload: { text: 'หัวข้อ', quick_replies: [{ type: 'postback', title: 'ฝากเงิน', payload: 'D' }] } });
    expect(screen.getByTestId('chat-quick-replies')).toHaveTextContent('ฝากเงิน');
    shown({ message_type: 'generic', payloads: [{ image_url: 'https://example.com/a.png', title: 'โบนัส', subtitle: '50%', buttons: [] }] });
    expect(screen.getByTestId('chat-cards')).toHaveTextContent('โบนัส');
    shown({ message_type: 'media', payload: { fileType: 'image', filePath: '/api/chat/files/a.png?expires=1&signature=s', name: 'a.png', url: true, message: '' } });
    expect(screen.getByTestId('chat-image')).toHaveAttribute('src', '/api/chat/files/a.png?expires=1&signature=s');
    shown({ message_type: 'postback', payload: { title: 'ถอนเงิน', payload: 'W' } });
    expect(screen.getAllByText('ถอนเงิน').length).toBeGreaterThan(0);
    shown({ message_type: 'sticker', payload: {} });
    expect(screen.getByText('ข้อความนี้แสดงไม่ได้')).toBeInTheDocument();
  });
});
