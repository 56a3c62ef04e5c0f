import { messageResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { type ChatIdentity, guestHeaders } from '../identity';

/** PUT /api/chat/read-customer/: the agents' messages so far are read. */
export const markRead = (identity: ChatIdentity) => api.put('/api/chat/read-customer/', {}, { schema: messageResponse, headers: guestHeaders(identity) });
