import { depositLookupResponse } from '@wallet/contract';
import type { App } from '../../http/types.js';
import type { DepositMethods } from './deposit-methods.service.js';

export function registerDepositMethodRoutes(app: App, methods: DepositMethods): void {
  app.get('/api/lookup/deposit', { schema: { tags: ['lookup'], response: { 200: depositLookupResponse } } }, () => methods.lookup());
}
