import { api } from '../../../shared/api/client';
import { schemaOf } from '../../../shared/api/answers';

/** POST /api/chat/guest: a guest id the server signs (ours: a made-up id would be anyone's). */
export const issueGuestId = async () => (await api.post('/api/chat/guest', undefined, { schema: schemaOf('chatGuestResponse') })).guestId;
