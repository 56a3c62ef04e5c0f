import { Link } from 'react-router';
import { ContactPage } from '../features/contact/ContactPage';
import { useTranslation } from '../shared/i18n/useTranslation';
import { PlayIcon } from '../shared/ui/icons';
import { ChatWidget } from '../features/chat/ChatWidget';
import { useChatWidgetFlag } from '../shared/api/lookup/get-chat-widget';

/** Visitors get the chat widget on the contact screen when the operator turned it on. */
export function PublicContact() {
  const flag = useChatWidgetFlag();
  return (
    <>
      <ContactPage />
      {flag.data?.enableChatWidget && <ChatWidget />}
    </>
  );
}

/**
 * Members always reach support from their contact screen, and the how-to videos (
 * /howto is in the public shell, which signs a member out; the top bar has no room at 360 px).
 */
export function MemberContact() {
  const { t } = useTranslation();
  return (
    <>
      <ContactPage />
      <div className="mx-auto max-w-lg px-4 pb-4">
        <Link
          to="/user/howto"
          data-testid="member-howto"
          className="flex min-h-12 items-center gap-3 rounded-2xl border border-white/10 bg-night-850/80 px-4 font-semibold hover:border-gold-400/60"
        >
          <PlayIcon className="h-6 w-6 text-gold-300" />
          {t('howto.title')}
        </Link>
      </div>
      <ChatWidget />
    </>
  );
}
