import { act, renderHook, waitFor } from '@testing-library/react';
import { CHAT, type ChatItem } from '@wallet/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A socket.io connection the test drives: it records the handlers and fires them on demand. */
const handlers = new Map<string, (...args: unknown[]) => void>();
const fakeSocket = {
  connected: true,
  on: (event: string, handler: (...args: unknown[]) => void) => handlers.set(event, handler),
  emit: () => undefined,
  timeout: () => fakeSocket,
  connect: () => undefined,
  close: () => undefined,
};
vi.mock('socket.io-client', () => ({ io: () => fakeSocket }));
vi.mock('./identity', () => ({
  chatIdentity: async () => ({ token: 'member-token', guestId: null }),
  forgetGuestId: () => undefined,
  roomName: () => 'room-100001',
}));
vi.mock('./api/get-history', () => ({ getHistory: async () => ({ items: [], lastSeq: 0 }) }));

const { useChat } = await import('./useChat');

afterEach(() => handlers.clear());

const agentMessage: ChatItem = {
  _id: 'm1',
  seq: 1,
  sender: 'agent',
  message: { message_type: 'text', payload: 'hello', deliver: 'succeed' },
  createdAt: '2026-11-26T10:00:00.000Z',
  session_id: 's1',
  userId: null,
  guestId: null,
  username: null,
  name: 'Support',
  deliveredAt: null,
  readAt: null,
};

// The "typing" line stayed up to 3 s after the agent's message had arrived.
describe('the agent’s typing line', () => {
  it('goes the moment the agent’s message arrives', async () => {
    const { result } = renderHook(() => useChat({ open: true, prefix: 'chat-', memberId: '100001', onJoinFailed: () => undefined }));
    await waitFor(() => expect(handlers.has(CHAT.events.typing)).toBe(true));
    act(() => handlers.get(CHAT.events.typing)?.({}));
    expect(result.current.agentTyping).toBe(true);
    act(() => handlers.get(CHAT.events.messaging)?.(agentMessage));
    expect(result.current.agentTyping).toBe(false);
  });
});
