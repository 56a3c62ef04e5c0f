import { api } from '../../../shared/api/client';
import { type ChatIdentity, guestHeaders } from '../identity';
import { schemaOf } from '../../../shared/api/answers';

/** PUT /api/chat/read-customer/: the agents' messages so far are read. */
export const markRead = (identity: ChatIdentity) => api.put('/api/chat/read-customer/', {}, { schema: schemaOf('messageResponse'), headers: guestHeaders(identity) });
