import { api } from '../../../shared/api/client';
import { schemaOf } from '../../../shared/api/answers';

/** DELETE /api/notices/push-subscriptions {endpoint}: this browser is no longer sent notices. */
export const removePushSubscription = (endpoint: string) => api.delete('/api/notices/push-subscriptions', { body: { endpoint }, schema: schemaOf('messageResponse') });
