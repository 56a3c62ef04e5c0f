import { useQueryClient } from '@tanstack/react-query';
import { CHAT, type ChatItem, chatHistoryResponse } from '@wallet/contract';
import { useEffect, useRef, useState } from 'react';
import { type Socket, io } from 'socket.io-client';
import type { z } from 'zod';
import { readToken } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/keys';

type History = z.infer<typeof chatHistoryResponse>;

/**
 * The agents' side of the realtime chat: every new message lands in its conversation's cache and
 * moves the list; read marks and assignments refresh them; a customer typing shows for 3 s.
 */
export function useAgentSocket() {
  const queryClient = useQueryClient();
  const socket = useRef<Socket | null>(null);
  const [typingRooms, setTypingRooms] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    const connection = io(window.location.origin, { path: '/socket.io', auth: { operatorToken: readToken() }, reconnectionDelay: CHAT.reconnectDelayMs, reconnectionAttempts: Number.POSITIVE_INFINITY });
    socket.current = connection;
    // After a reconnect, whatever was missed is read again.
    connection.on('connect', () => void queryClient.invalidateQueries({ queryKey: queryKeys.chat.all }));
    // The server ended the socket or refused it (signed out, disabled, chat role taken, token
    // expired): the reads over HTTP then answer 401, which signs the console out.
    connection.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') void queryClient.invalidateQueries({ queryKey: queryKeys.chat.all });
    });
    connection.on('connect_error', (error) => {
      if (error.message === 'UNAUTHORIZED') void queryClient.invalidateQueries({ queryKey: queryKeys.chat.all });
    });
    connection.on(CHAT.events.messaging, (event: { conversationId: string; item: ChatItem }) => {
      queryClient.setQueryData<History>(queryKeys.chat.messages(event.conversationId), (current) =>
        current && !current.items.some((item) => item.seq === event.item.seq) ? { items: [event.item, ...current.items], lastSeq: Math.max(current.lastSeq, event.item.seq) } : current,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.chat.conversations });
    });
    connection.on(CHAT.events.read, (event: { conversationId: string }) => void queryClient.invalidateQueries({ queryKey: queryKeys.chat.messages(event.conversationId) }));
    connection.on(CHAT.events.conversation, () => void queryClient.invalidateQueries({ queryKey: queryKeys.chat.conversations }));
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    connection.on(CHAT.events.typing, (event: { room: string }) => {
      setTypingRooms((current) => new Set(current).add(event.room));
      clearTimeout(timers.get(event.room));
      timers.set(
        event.room,
        setTimeout(() => setTypingRooms((current) => new Set([...current].filter((room) => room !== event.room))), 3_000),
      );
    });
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
      connection.close();
      socket.current = null;
    };
  }, [queryClient]);

  return { typingRooms, typing: (room: string) => socket.current?.emit(CHAT.events.typing, { room }) };
}
