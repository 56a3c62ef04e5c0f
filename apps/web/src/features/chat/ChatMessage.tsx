import { type ChatButton, type ChatItem, type GenericCard, chatButton, genericCard, mediaPayload } from '@wallet/contract';
import useEmblaCarousel from 'embla-carousel-react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { z } from 'zod';

export interface ChatActions {
  sendText(text: string): void;
  sendPostback(title: string, payload: string): void;
}

const withButtons = z.object({ text: z.string(), buttons: z.array(chatButton) });
const withQuickReplies = z.object({ text: z.string(), quick_replies: z.array(chatButton) });
const postback = z.object({ title: z.string(), payload: z.string() });
const SAFE_LINK = /^https?:\/\//i;

/** SPEC §3 Button: web opens the link, call dials, postback sends its payload, any other sends its title. */
function ButtonView({ button, actions, chip = false }: { button: ChatButton; actions: ChatActions; chip?: boolean }) {
  const style = chip ? 'min-h-11 rounded-full border border-gold-400/60 px-4 text-sm text-gold-200' : 'flex min-h-11 w-full items-center justify-center rounded-xl bg-white/10 px-3 text-sm font-semibold';
  if (button.type === 'web' && SAFE_LINK.test(button.payload)) {
    return (
      <a className={style} href={button.payload} target="_blank" rel="noopener noreferrer">
        {button.title}
      </a>
    );
  }
  if (button.type === 'call') {
    return (
      <a className={style} href={`tel:${button.payload.replace(/[^\d+]/g, '')}`}>
        {button.title}
      </a>
    );
  }
  const tap = () => (button.type === 'postback' ? actions.sendPostback(button.title, button.payload) : actions.sendText(button.title));
  return (
    <button type="button" className={style} onClick={tap} data-testid="chat-button">
      {button.title}
    </button>
  );
}

function Cards({ cards, actions }: { cards: GenericCard[]; actions: ChatActions }) {
  const [viewport] = useEmblaCarousel({ align: 'start', dragFree: true });
  return (
    <div className="overflow-hidden" ref={viewport} data-testid="chat-cards">
      <div className="flex gap-2">
        {cards.map((card, index) => (
          <div key={`${card.title}-${index}`} className="min-w-0 flex-[0_0_75%] overflow-hidden rounded-xl bg-white/10">
            {SAFE_LINK.test(card.image_url) && <img src={card.image_url} alt="" className="aspect-[2/1] w-full object-cover" />}
            <div className="space-y-1 p-2">
              <p className="font-semibold">{card.title}</p>
              {card.subtitle && <p className="text-xs text-white/70">{card.subtitle}</p>}
              {card.buttons.map((button, buttonIndex) => (
                <ButtonView key={`${button.title}-${buttonIndex}`} button={button} actions={actions} />
              ))}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** Every message type of SPEC §2, as text (never html); anything else gets a fallback line. */
export function MessageBody({ item, actions }: { item: Pick<ChatItem, 'message'>; actions: ChatActions }) {
  const { t } = useTranslation();
  const { message_type: type, payload, payloads } = item.message;
  if (type === 'text' && typeof payload === 'string') return <p className="whitespace-pre-wrap break-words">{payload}</p>;
  if (type === 'postback') {
    const parsed = postback.safeParse(payload);
    if (parsed.success) return <p className="whitespace-pre-wrap break-words">{parsed.data.title}</p>;
  }
  if (type === 'media') {
    const media = mediaPayload.extend({ filePath: z.string() }).safeParse(payload);
    if (media.success) {
      const { fileType, filePath, name } = media.data;
      if (fileType === 'image') return <img src={filePath} alt={name} className="max-h-64 rounded-xl" data-testid="chat-image" />;
      if (fileType === 'video') return <video src={filePath} controls className="max-h-64 rounded-xl" />;
      return (
        <a href={filePath} target="_blank" rel="noopener noreferrer" className="underline">
          {name || t('chat.file')}
        </a>
      );
    }
  }
  if (type === 'buttons') {
    const parsed = withButtons.safeParse(payload);
    if (parsed.success)
      return (
        <div className="space-y-2">
          <p className="whitespace-pre-wrap break-words">{parsed.data.text}</p>
          {parsed.data.buttons.map((button, index) => (
            <ButtonView key={`${button.title}-${index}`} button={button} actions={actions} />
          ))}
        </div>
      );
  }
  if (type === 'quick_replies') {
    const parsed = withQuickReplies.safeParse(payload);
    if (parsed.success)
      return (
        <div className="space-y-2">
          <p className="whitespace-pre-wrap break-words">{parsed.data.text}</p>
          <div className="flex flex-wrap gap-2" data-testid="chat-quick-replies">
            {parsed.data.quick_replies.map((button, index) => (
              <ButtonView key={`${button.title}-${index}`} button={button} actions={actions} chip />
            ))}
          </div>
        </div>
      );
  }
  if (type === 'generic') {
    const parsed = z.array(genericCard).safeParse(payloads);
    if (parsed.success) return <Cards cards={parsed.data} actions={actions} />;
  }
  return <p className="italic text-white/60">{t('chat.unknown')}</p>;
}
