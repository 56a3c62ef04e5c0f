import { ContactPage } from '../features/contact/ContactPage';
import { ChatWidget } from '../features/chat/ChatWidget';
import { useChatWidgetFlag } from '../shared/api/lookup/get-chat-widget';

/** Issue 14 §2: visitors get the chat widget on the contact screen when the operator turned it on. */
export function PublicContact() {
  const flag = useChatWidgetFlag();
  return (
    <>
      <ContactPage />
      {flag.data?.enableChatWidget && <ChatWidget />}
    </>
  );
}

/** Members always reach support from their contact screen. */
export function MemberContact() {
  return (
    <>
      <ContactPage />
      <ChatWidget />
    </>
  );
}
