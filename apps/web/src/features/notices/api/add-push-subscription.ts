import { type z } from 'zod';
import { type pushSubscriptionBody } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { schemaOf } from '../../../shared/api/answers';

export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/** POST /api/notices/push-subscriptions: this browser's subscription (PushSubscription.toJSON()); 422 PUSH_NOT_AVAILABLE without a server key. */
export const addPushSubscription = (subscription: PushSubscriptionBody) => api.post('/api/notices/push-subscriptions', subscription, { schema: schemaOf('messageResponse') });
