import { autoPayoutPauseBody, autoPayoutState } from '@wallet/contract';
import { forbidden } from '../../errors.js';
import { operator } from '../../http/auth.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { AutoPayout } from './auto-payout.service.js';

const tags = ['admin'];

/** The operator's view of auto-payout: its state, limits, today's budget and figures; and the one switch that pauses it. */
export function registerAutoPayoutRoutes(app: App, autoPayout: AutoPayout): void {
  const finance = { config: operator('admin', 'finance') };
  app.get('/api/admin/auto-payout', { ...finance, schema: { tags, response: { 200: autoPayoutState } } }, () => autoPayout.state());
  // Any finance operator pauses at once; resuming lets money out without staff again, so only an admin does.
  app.put('/api/admin/auto-payout/pause', { ...finance, schema: { tags, body: autoPayoutPauseBody, response: { 200: autoPayoutState, ...failures(400, 403) } } }, (request) => {
    if (!request.body.paused && !request.admin.roles.includes('admin')) throw forbidden('UNAUTHORIZED');
    return autoPayout.setPaused(request.body.paused, request.body.reason, request.admin);
  });
}
