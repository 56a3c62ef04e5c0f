import { CHAT } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { type ChatIdentity, guestHeaders } from '../identity';
import { schemaOf } from '../../../shared/api/answers';

/** POST /api/chat/history: a page newest first (`skip` from the newest), or everything after `afterSeq`. */
export const getHistory = (identity: ChatIdentity, page: { skip: number } | { afterSeq: number }) =>
  api.post('/api/chat/history', { limit: CHAT.pageSize, ...page }, { schema: schemaOf('chatHistoryResponse'), headers: guestHeaders(identity) });
