import { api } from '../../../shared/api/client';
import { type ChatIdentity, guestHeaders } from '../identity';
import { schemaOf } from '../../../shared/api/answers';

/** POST /api/chat/send-message: the client's id makes a resend after a lost answer the same message. */
export const sendMessage = (identity: ChatIdentity, message: { message_type: string; payload: unknown }, clientId: string) =>
  api.post('/api/chat/send-message', { message, clientId }, { schema: schemaOf('chatSendResponse'), headers: guestHeaders(identity) });
