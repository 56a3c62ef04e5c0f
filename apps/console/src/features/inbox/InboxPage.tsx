import { type AdminConversation, CHAT, type ChatItem } from '@wallet/contract';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { formatTime } from '../../shared/ui/format';
import { useConversationAction } from './api/actions';
import { type ConversationFilter, useConversations } from './api/conversations';
import { MemberCard } from './MemberCard';
import { useMessages } from './api/messages';
import { useSendReply } from './api/send';
import { useTemplates } from '../../shared/api/chat-templates';
import { uploadImage } from './api/upload-image';
import { useAgentSocket } from './useAgentSocket';

const FILTERS: ConversationFilter[] = ['open', 'mine', 'ended'];

/** What a message says, as plain text (an agent reads; the member app renders the rich form). */
function MessageText({ item }: { item: ChatItem }) {
  const { t } = useTranslation();
  const { message_type: type, payload, payloads } = item.message;
  const data = (payload ?? {}) as Record<string, unknown>;
  if (type === 'text' && typeof payload === 'string') return <p className="whitespace-pre-wrap break-words">{payload}</p>;
  if (type === 'postback') return <p>↩ {String(data.title ?? '')}</p>;
  if (type === 'media' && typeof data.filePath === 'string') {
    return data.fileType === 'video' ? <video src={data.filePath} controls className="max-h-48 rounded" /> : <img src={data.filePath} alt="" className="max-h-48 rounded" data-testid="inbox-image" />;
  }
  if (type === 'buttons' || type === 'quick_replies') {
    const options = ((type === 'buttons' ? data.buttons : data.quick_replies) ?? []) as Array<{ title: string }>;
    return (
      <div>
        <p className="whitespace-pre-wrap">{String(data.text ?? '')}</p>
        <p className="mt-1 text-xs text-white/60">{options.map((option) => `[${option.title}]`).join(' ')}</p>
      </div>
    );
  }
  if (type === 'generic') return <p>{(payloads as Array<{ title: string }> | undefined)?.map((card) => `▢ ${card.title}`).join('  ')}</p>;
  return <p className="italic text-white/50">{t('inbox.unknown', { type })}</p>;
}

function Conversation({ conversation, typing, onTyping }: { conversation: AdminConversation; typing: boolean; onTyping: () => void }) {
  const { t } = useTranslation();
  const messages = useMessages(conversation._id);
  const send = useSendReply(conversation._id);
  const action = useConversationAction();
  const { mutate: markRead } = action;
  const templates = useTemplates();
  const [text, setText] = useState('');
  const items = [...(messages.data?.items ?? [])].reverse();
  const newest = messages.data?.items[0]?.seq;

  // What the agent has on screen is read.
  useEffect(() => {
    if (newest === undefined) return;
    const timer = setTimeout(() => markRead({ id: conversation._id, action: 'read' }), CHAT.readMarkDelayMs);
    return () => clearTimeout(timer);
  }, [conversation._id, newest, markRead]);

  const reply = (message: Parameters<typeof send.mutate>[0]) => send.mutate(message, { onError: (error) => toast.error(errorText(error)) });
  function sendText() {
    if (!text.trim()) return;
    reply({ message_type: 'text', payload: text });
    setText('');
  }
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.ctrlKey || event.altKey || event.metaKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    sendText();
  }
  async function attach(file: File | undefined) {
    if (!file) return;
    try {
      const { path } = await uploadImage(conversation._id, file);
      reply({ message_type: 'media', payload: { fileType: 'image', filePath: path, name: file.name, message: '', url: true } });
    } catch (error) {
      toast.error(errorText(error));
    }
  }
  const act = (kind: 'assign' | 'end') => action.mutate({ id: conversation._id, action: kind }, { onSuccess: () => toast.success(t('inbox.done')), onError: (error) => toast.error(errorText(error)) });

  return (
    <section className="flex h-[calc(100vh-9rem)] flex-col rounded-xl border border-white/10 bg-desk-850" data-testid="inbox-conversation">
      <header className="flex items-center justify-between border-b border-white/10 px-4 py-2">
        <p className="font-semibold">{conversation.member ? `${conversation.member.name} · ${conversation.member.phone}` : conversation.guest}</p>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => act('assign')} data-testid="inbox-assign">{t('inbox.assign')}</Button>
          <Button variant="secondary" disabled={conversation.status === 'ended'} onClick={() => act('end')} data-testid="inbox-end">{t('inbox.end')}</Button>
        </div>
      </header>
      <div className="flex flex-1 flex-col-reverse overflow-y-auto px-4 py-3" data-testid="inbox-messages">
        <div className="space-y-2">
          {items.map((item) =>
            item.message.message_type === 'end' ? (
              <p key={item.seq} className="border-t border-dashed border-white/20 pt-1 text-center text-xs text-white/50">{t('inbox.ended')}</p>
            ) : (
              <div key={item.seq} className={`flex ${item.sender === 'agent' ? 'justify-end' : 'justify-start'}`}>
                <div className={`max-w-[70%] rounded-xl px-3 py-2 text-sm ${item.sender === 'agent' ? 'bg-accent-400/20' : 'bg-white/10'}`} data-testid={`inbox-item-${item.sender}`}>
                  <MessageText item={item} />
                  <p className="mt-1 text-right text-[11px] text-white/50">
                    {item.name ? `${item.name} · ` : ''}
                    {formatTime(item.createdAt).slice(11, 16)}
                    {item.sender === 'agent' ? (item.readAt ? ` · ${t('inbox.read')}` : item.deliveredAt ? ` · ${t('inbox.delivered')}` : '') : ''}
                  </p>
                </div>
              </div>
            ),
          )}
          {typing && <p className="text-xs text-white/60" data-testid="inbox-typing">{t('inbox.typing')}</p>}
        </div>
      </div>
      <footer className="space-y-2 border-t border-white/10 p-3">
        {(templates.data?.templates.length ?? 0) > 0 && (
          <div className="flex flex-wrap gap-2" data-testid="inbox-templates">
            {templates.data!.templates.map((template) => (
              <Button key={template._id} variant="secondary" onClick={() => reply(template.message)} data-testid={`inbox-template-${template.title}`}>
                {template.title}
              </Button>
            ))}
          </div>
        )}
        <div className="flex items-end gap-2">
          <label className="flex h-10 cursor-pointer items-center rounded-lg bg-white/10 px-3 text-sm">
            {t('inbox.attach')}
            <input type="file" accept="image/png,image/jpeg,image/gif" className="hidden" onChange={(event) => (void attach(event.target.files?.[0]), (event.target.value = ''))} />
          </label>
          <textarea
            rows={2}
            value={text}
            maxLength={CHAT.textMax}
            onChange={(event) => {
              setText(event.target.value);
              onTyping();
            }}
            onKeyDown={onKeyDown}
            placeholder={t('inbox.placeholder')}
            className="flex-1 resize-none rounded-lg border border-white/15 bg-desk-900 p-2 text-sm"
            data-testid="inbox-input"
          />
          <Button busy={send.isPending} onClick={sendText} data-testid="inbox-send">{t('inbox.send')}</Button>
        </div>
      </footer>
    </section>
  );
}

/** The agents' inbox, realtime over socket.io. */
export function InboxPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<ConversationFilter>('open');
  const [selected, setSelected] = useState<string | null>(null);
  const conversations = useConversations(filter);
  const socket = useAgentSocket();
  const chosen = conversations.data?.conversations.find((conversation) => conversation._id === selected) ?? null;

  return (
    <div className="grid grid-cols-[300px_1fr_260px] gap-4">
      <div className="space-y-2">
        <div className="flex gap-2" role="tablist">
          {FILTERS.map((value) => (
            <Button key={value} role="tab" aria-selected={filter === value} variant={filter === value ? 'primary' : 'secondary'} onClick={() => setFilter(value)} data-testid={`inbox-filter-${value}`}>
              {t(`inbox.filters.${value}`)}
            </Button>
          ))}
        </div>
        {/* The saved replies are edited on their own screen, reached from here rather than from an already full menu. */}
        <Link to="/saved-replies" className="block text-xs text-accent-300 underline" data-testid="inbox-saved-replies">{t('nav.savedReplies')}</Link>
        <ul className="space-y-1" data-testid="inbox-list">
          {conversations.data?.conversations.map((conversation) => (
            <li key={conversation._id}>
              <button
                type="button"
                onClick={() => setSelected(conversation._id)}
                className={`w-full rounded-lg px-3 py-2 text-left text-sm ${selected === conversation._id ? 'bg-white/15' : 'bg-white/5 hover:bg-white/10'}`}
                data-testid="inbox-conversation-item"
              >
                <span className="flex justify-between gap-2">
                  <span className="truncate font-semibold">{conversation.member?.name ?? conversation.guest}</span>
                  {conversation.unread > 0 && <span className="rounded-full bg-accent-400 px-2 text-xs font-bold text-desk-900" data-testid="inbox-unread">{conversation.unread}</span>}
                </span>
                <span className="block truncate text-xs text-white/60">{conversation.lastMessage?.message.message_type === 'text' ? String(conversation.lastMessage.message.payload) : conversation.lastMessage?.message.message_type}</span>
                <span className="block text-[11px] text-white/40">
                  {conversation.lastMessageAt ? formatTime(conversation.lastMessageAt) : ''}
                  {conversation.assignedTo ? ` · ${conversation.assignedTo}` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {conversations.data?.conversations.length === 0 && <p className="text-sm text-white/50">{t('inbox.none')}</p>}
      </div>
      {chosen ? <Conversation key={chosen._id} conversation={chosen} typing={socket.typingRooms.has(chosen.room)} onTyping={() => socket.typing(chosen.room)} /> : <p className="text-white/50">{t('inbox.pick')}</p>}
      {chosen?.member ? <MemberCard memberId={chosen.member._id} /> : <div />}
    </div>
  );
}
