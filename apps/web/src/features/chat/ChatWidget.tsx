import { CHAT } from '@wallet/contract';
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useWallet } from '../../shared/api/wallet';
import { formatDateTime } from '../../shared/format';
import { readToken } from '../../shared/storage';
import { LogoMark } from '../../shared/ui/icons';
import { useChatConfig } from './api/get-config';
import { checkAttachment, isSendable, withSeparators } from './chat.rules';
import { MessageBody } from './ChatMessage';
import { useChat } from './useChat';
import { notify } from '../../shared/notify';

const ALERT_MS = 4_000;
const ACCEPT = 'image/png,image/jpeg,image/gif,video/mp4,video/quicktime,.png,.jpg,.jpeg,.gif,.mp4,.mov';

/**
 * SPEC §2 Chat widget: a floating logo button toggles the panel (with the 'talk to admin' bubble
 * while closed); history with date separators, end markers and a notice of new messages when
 * scrolled up; a composer where Enter sends and modifier keys do not; pictures and videos with a
 * progress bar. Messages are shown as text, never as html.
 */
export function ChatWidget() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const config = useChatConfig();
  const signedIn = readToken() !== null;
  const wallet = useWallet({ enabled: signedIn });
  const chat = useChat({ open, prefix: config.data?.PREFIX, memberId: signedIn ? (wallet.data?.profile._id ?? null) : null, onJoinFailed: () => notify.error('chat', t('chat.joinFailed'), { duration: ALERT_MS }) });
  const [text, setText] = useState('');
  const [newBelow, setNewBelow] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const atBottom = useRef(true);
  const previousHeight = useRef(0);
  const newestSeq = chat.items.at(-1)?.seq ?? 0;

  // New messages keep the view at the bottom, unless the member scrolled up: then a notice.
  useEffect(() => {
    if (!list.current) return;
    if (atBottom.current) list.current.scrollTop = list.current.scrollHeight;
    else setNewBelow(true);
  }, [newestSeq, chat.pending.length]);
  // Older pages go on top without moving what the member is reading.
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    if (!atBottom.current && element.scrollHeight > previousHeight.current && element.scrollTop < 5) element.scrollTop = element.scrollHeight - previousHeight.current;
    previousHeight.current = element.scrollHeight;
  }, [chat.items.length]);

  function onScroll() {
    const element = list.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight <= CHAT.scrollBottomPx;
    if (atBottom.current) setNewBelow(false);
    if (element.scrollTop === 0) void chat.loadOlder();
  }

  function send() {
    if (!isSendable(text)) return;
    chat.sendText(text);
    setText('');
    atBottom.current = true;
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.ctrlKey || event.altKey || event.metaKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  function attach(file: File | undefined) {
    if (!file) return;
    const check = checkAttachment(file);
    if (!check.ok) {
      notify.error('chat', check.alert === 'unsupported' ? t('chat.unsupported') : t('chat.tooLarge', { limit: check.limitMb }), { duration: ALERT_MS });
      return;
    }
    chat.sendFile(file, check.kind);
    atBottom.current = true;
  }

  const actions = { sendText: chat.sendText, sendPostback: chat.sendPostback };

  return (
    <>
      {!open && (
        <button type="button" onClick={() => setOpen(true)} className="fixed bottom-24 right-20 z-30 rounded-2xl rounded-br-sm bg-white px-3 py-2 text-sm font-semibold text-night-900 shadow-lg" data-testid="chat-bubble">
          {t('chat.invite')}
        </button>
      )}
      <button
        type="button"
        onClick={() => setOpen((shown) => !shown)}
        aria-label={t(open ? 'chat.close' : 'chat.open')}
        aria-expanded={open}
        className="fixed bottom-22 right-4 z-30 grid h-14 w-14 place-items-center rounded-full bg-night-800 shadow-xl ring-2 ring-gold-400"
        data-testid="chat-toggle"
      >
        <LogoMark className="h-10 w-10" />
      </button>
      {open && (
        <section
          className="fixed inset-x-2 bottom-38 z-30 mx-auto flex h-[min(65dvh,560px)] max-w-sm flex-col overflow-hidden rounded-3xl border border-white/10 bg-night-850 text-white shadow-2xl sm:right-4 sm:left-auto sm:w-96"
          aria-label={t('chat.title')}
          data-testid="chat-panel"
        >
          <header className="flex items-center justify-between border-b border-white/10 px-4 py-2">
            <h2 className="font-bold">{t('chat.title')}</h2>
            <button type="button" className="min-h-11 rounded-xl px-3 text-sm text-gold-200" onClick={() => void chat.refresh()} data-testid="chat-refresh">
              {t('chat.refresh')}
            </button>
          </header>
          <div ref={list} onScroll={onScroll} className="relative flex-1 space-y-2 overflow-y-auto px-3 py-3" data-testid="chat-history">
            {chat.loading && <p className="text-center text-xs text-white/50">{t('common.loading')}</p>}
            {!chat.loading && chat.items.length === 0 && chat.pending.length === 0 && <p className="py-8 text-center text-sm text-white/60">{t('chat.empty')}</p>}
            {withSeparators(chat.items).map(({ item, newDay }) => (
              <div key={item.seq}>
                {newDay && <p className="my-2 text-center text-xs text-white/50" data-testid="chat-date">{formatDateTime(item.createdAt).slice(0, 10)}</p>}
                {item.message.message_type === 'end' ? (
                  <p className="my-3 border-t border-dashed border-white/20 pt-2 text-center text-xs text-white/50" data-testid="chat-end">
                    {t('chat.ended')}
                  </p>
                ) : (
                  <div className={`flex ${item.sender === 'customer' ? 'justify-end' : 'justify-start'}`} data-testid={`chat-item-${item.sender}`}>
                    <div className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm ${item.sender === 'customer' ? 'rounded-br-sm bg-gold-400 text-night-900' : 'rounded-bl-sm bg-white/10'}`}>
                      <MessageBody item={item} actions={actions} />
                      <p className="mt-1 text-right text-[11px] opacity-60">
                        {formatDateTime(item.createdAt).slice(11, 16)}
                        {item.sender === 'customer' && (item.readAt ? ` · ${t('chat.read')}` : item.deliveredAt ? ` · ${t('chat.delivered')}` : '')}
                      </p>
                    </div>
                  </div>
                )}
              </div>
            ))}
            {chat.pending.map((row) => (
              <div key={row.clientId} className="flex justify-end" data-testid={`chat-pending-${row.status}`}>
                <div className="max-w-[85%] rounded-2xl rounded-br-sm bg-gold-400/60 px-3 py-2 text-sm text-night-900">
                  {row.file ? <p>{row.file.file.name}</p> : <MessageBody item={{ message: { ...row.message, deliver: row.status } }} actions={actions} />}
                  {row.status === 'uploading_file' && (
                    <div className="mt-1 h-1.5 w-40 overflow-hidden rounded-full bg-night-900/30" role="progressbar" aria-valuenow={Math.round((row.progress ?? 0) * 100)} data-testid="chat-progress">
                      <div className="h-full bg-night-900" style={{ width: `${Math.round((row.progress ?? 0) * 100)}%` }} />
                    </div>
                  )}
                  <p className="mt-1 text-right text-[11px] opacity-70">{t(`chat.status.${row.status}`)}</p>
                  {row.status === 'failed' && (
                    <div className="mt-1 flex justify-end gap-2">
                      <button type="button" className="min-h-9 rounded-lg bg-night-900/20 px-2 text-xs font-semibold" onClick={() => chat.resend(row.clientId)} data-testid="chat-resend">
                        {t('chat.resend')}
                      </button>
                      <button type="button" className="min-h-9 rounded-lg bg-night-900/20 px-2 text-xs font-semibold" onClick={() => chat.remove(row.clientId)}>
                        {t('chat.remove')}
                      </button>
                    </div>
                  )}
                </div>
              </div>
            ))}
            {chat.agentTyping && <p className="text-xs text-white/60" data-testid="chat-typing">{t('chat.typing')}</p>}
          </div>
          {newBelow && (
            <button
              type="button"
              className="mx-auto -mt-12 mb-2 min-h-9 rounded-full bg-gold-400 px-4 text-xs font-bold text-night-900 shadow"
              onClick={() => {
                atBottom.current = true;
                setNewBelow(false);
                if (list.current) list.current.scrollTop = list.current.scrollHeight;
              }}
              data-testid="chat-new-below"
            >
              {t('chat.newMessages')}
            </button>
          )}
          <footer className="flex items-end gap-2 border-t border-white/10 p-2">
            <input ref={fileInput} type="file" accept={ACCEPT} className="hidden" onChange={(event) => (attach(event.target.files?.[0]), (event.target.value = ''))} data-testid="chat-file" />
            <button type="button" className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-white/10" aria-label={t('chat.attach')} onClick={() => fileInput.current?.click()}>
              <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
                <path d="M21 12l-8.5 8.5a5 5 0 01-7-7L14 5a3.5 3.5 0 015 5l-8.5 8.5a2 2 0 01-3-3L15 8" />
              </svg>
            </button>
            <textarea
              rows={1}
              value={text}
              maxLength={CHAT.textMax}
              onChange={(event) => {
                setText(event.target.value);
                chat.typing();
              }}
              onKeyDown={onKeyDown}
              placeholder={t('chat.placeholder')}
              aria-label={t('chat.placeholder')}
              className="max-h-28 min-h-11 flex-1 resize-none rounded-xl border border-white/15 bg-night-900 px-3 py-2.5 text-sm"
              data-testid="chat-input"
            />
            <button type="button" className="h-11 shrink-0 rounded-xl bg-gold-400 px-4 text-sm font-bold text-night-900 disabled:opacity-50" disabled={!isSendable(text)} onClick={send} data-testid="chat-send">
              {t('chat.send')}
            </button>
          </footer>
        </section>
      )}
    </>
  );
}
