import { CHAT, type ChatItem, type DeliveryStatus } from '@wallet/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type Socket, io } from 'socket.io-client';
import { API_BASE } from '../../env';
import { getHistory } from './api/get-history';
import { markRead } from './api/mark-read';
import { sendMessage } from './api/send-message';
import { uploadChatFile } from './api/upload-file';
import { mergeItems } from './chat.rules';
import { type ChatIdentity, chatIdentity, forgetGuestId, roomName } from './identity';

/** A message of ours not yet confirmed by the server (SPEC §3 delivery statuses). */
export interface PendingMessage {
  clientId: string;
  status: Exclude<DeliveryStatus, 'succeed'>;
  message: { message_type: string; payload: unknown };
  /** Upload progress 0–1 while a file goes up. */
  progress?: number;
  file?: { file: File; kind: 'image' | 'video' };
  createdAt: string;
}

const newClientId = () => crypto.randomUUID().replaceAll('-', '');

/**
 * The member's or guest's conversation (SPEC §4 Chat delivery): history 10 at a time, messages in
 * real time over socket.io (reconnect after 500 ms, forever; checked every 5 s, the room rejoined),
 * and after any reconnect everything after the last message held, so none is ever missed.
 */
export function useChat(options: { open: boolean; prefix: string | undefined; memberId: string | null; onJoinFailed: () => void }) {
  const { open, prefix, memberId, onJoinFailed } = options;
  const [identity, setIdentity] = useState<ChatIdentity | null>(null);
  const [items, setItems] = useState<ChatItem[]>([]);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [hasOlder, setHasOlder] = useState(false);
  const [loading, setLoading] = useState(false);
  const [agentTyping, setAgentTyping] = useState(false);
  const lastSeq = useRef(0);
  const socket = useRef<Socket | null>(null);
  const joinFailed = useRef(onJoinFailed);
  joinFailed.current = onJoinFailed;

  const receive = useCallback((incoming: ChatItem[]) => {
    if (incoming.length === 0) return;
    lastSeq.current = Math.max(lastSeq.current, ...incoming.map((item) => item.seq));
    setItems((current) => mergeItems(current, incoming));
  }, []);

  const loadFirstPage = useCallback(async (who: ChatIdentity) => {
    setLoading(true);
    try {
      const page = await getHistory(who, { skip: 0 });
      // A member's call that carried a guest id merged the guest's conversation: the id is spent.
      if (who.token && who.guestId) forgetGuestId();
      lastSeq.current = page.lastSeq;
      setItems(mergeItems([], page.items));
      setHasOlder(page.items.length === CHAT.pageSize);
    } finally {
      setLoading(false);
    }
  }, []);

  // Who we are, and the first page, once the panel is first opened.
  useEffect(() => {
    if (!open || identity) return;
    void chatIdentity().then((who) => {
      setIdentity(who);
      void loadFirstPage(who);
    });
  }, [open, identity, loadFirstPage]);

  // The socket: joined to the one room we may join; what was missed is fetched after every (re)connect.
  useEffect(() => {
    if (!identity || !prefix || (identity.token && !memberId)) return;
    const room = roomName(prefix, identity, memberId);
    const connection = io(API_BASE || window.location.origin, {
      path: '/socket.io',
      auth: identity.token ? { token: identity.token } : { guestId: identity.guestId },
      reconnectionDelay: CHAT.reconnectDelayMs,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
    });
    socket.current = connection;
    const fetchMissed = () => {
      void getHistory(identity, { afterSeq: lastSeq.current })
        .then((missed) => receive(missed.items))
        .catch(() => undefined);
    };
    // What was missed is read once the room is joined: a message sent between a read made earlier
    // and the join would reach the member neither live nor in the read.
    connection.on('connect', () => {
      connection.timeout(5_000).emit(CHAT.events.join, room, (error: Error | null, answer?: { ok: boolean }) => {
        if (error || !answer?.ok) joinFailed.current();
        fetchMissed();
      });
    });
    // The server ended the socket (a logout, a block, an expired token) or refused it: not reconnected
    // every few seconds; a call over HTTP instead, whose refusal signs the member out.
    let refused = false;
    const ended = () => {
      refused = true;
      fetchMissed();
    };
    connection.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') ended();
    });
    connection.on('connect_error', (error) => {
      if (error.message === 'UNAUTHORIZED') ended();
    });
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    connection.on(CHAT.events.messaging, (item: ChatItem) => {
      // The agent's message is what they were typing: the line goes with its arrival,
      // not seconds later when the typing signal would have lapsed.
      if (item.sender !== 'customer') {
        clearTimeout(typingTimer);
        setAgentTyping(false);
      }
      receive([item]);
    });
    connection.on(CHAT.events.read, (mark: { side: string; seq: number }) => {
      if (mark.side === 'agent') setItems((current) => current.map((item) => (item.sender === 'customer' && item.seq <= mark.seq && !item.readAt ? { ...item, readAt: new Date().toISOString() } : item)));
    });
    connection.on(CHAT.events.typing, () => {
      setAgentTyping(true);
      clearTimeout(typingTimer);
      typingTimer = setTimeout(() => setAgentTyping(false), 3_000);
    });
    const check = setInterval(() => {
      if (!connection.connected && !refused) connection.connect();
    }, CHAT.socketCheckMs);
    return () => {
      clearInterval(check);
      clearTimeout(typingTimer);
      connection.close();
      socket.current = null;
    };
  }, [identity, prefix, memberId, receive]);

  // Read marks about 1 s after the history changes, while the panel is open.
  useEffect(() => {
    if (!open || !identity || !items.some((item) => item.sender !== 'customer' && !item.readAt)) return;
    const timer = setTimeout(() => void markRead(identity).catch(() => undefined), CHAT.readMarkDelayMs);
    return () => clearTimeout(timer);
  }, [open, identity, items]);

  const deliver = useCallback(
    async (entry: PendingMessage) => {
      if (!identity) return;
      const update = (change: Partial<PendingMessage>) => setPending((current) => current.map((row) => (row.clientId === entry.clientId ? { ...row, ...change } : row)));
      let message = entry.message;
      try {
        if (entry.file) {
          update({ status: 'uploading_file', progress: 0 });
          const { path } = await uploadChatFile(identity, entry.file.kind, entry.file.file, (progress) => update({ progress }));
          message = { message_type: 'media', payload: { fileType: entry.file.kind, filePath: path, name: entry.file.file.name, message: '', url: true } };
        }
        update({ status: 'sending', message });
        const { item } = await sendMessage(identity, message, entry.clientId);
        setPending((current) => current.filter((row) => row.clientId !== entry.clientId));
        receive([item]);
      } catch {
        update({ status: 'failed' });
      }
    },
    [identity, receive],
  );

  const enqueue = (entry: Omit<PendingMessage, 'clientId' | 'createdAt' | 'status'>) => {
    const row: PendingMessage = { ...entry, clientId: newClientId(), createdAt: new Date().toISOString(), status: entry.file ? 'uploading_file' : 'sending' };
    setPending((current) => [...current, row]);
    void deliver(row);
  };

  return {
    items,
    pending,
    hasOlder,
    loading,
    agentTyping,
    sendText: (text: string) => enqueue({ message: { message_type: 'text', payload: text } }),
    sendPostback: (title: string, payload: string) => enqueue({ message: { message_type: 'postback', payload: { title, payload } } }),
    sendFile: (file: File, kind: 'image' | 'video') => enqueue({ message: { message_type: 'media', payload: null }, file: { file, kind } }),
    resend: (clientId: string) => {
      const row = pending.find((candidate) => candidate.clientId === clientId);
      if (row) void deliver(row);
    },
    remove: (clientId: string) => setPending((current) => current.filter((row) => row.clientId !== clientId)),
    typing: () => socket.current?.emit(CHAT.events.typing, {}),
    async loadOlder() {
      if (!identity || loading || !hasOlder) return;
      setLoading(true);
      try {
        const page = await getHistory(identity, { skip: items.length });
        receive(page.items);
        setHasOlder(page.items.length === CHAT.pageSize);
      } finally {
        setLoading(false);
      }
    },
    /** SPEC §4: refresh resets the history to its newest page. */
    refresh: () => identity && loadFirstPage(identity),
  };
}
