import type { SettingsService } from '../modules/settings/settings.service.js';
import type { App } from './types.js';

/** Paths that keep working after the operator terminates the site. */
export function survivesTermination(url: string): boolean {
  // Payments that arrive after termination are still credited: the money did arrive.
  return url.startsWith('/api/admin/') || url.startsWith('/api/docs') || url.startsWith('/api/lookup/active') || url.startsWith('/api/webhooks/');
}

/** SPEC §8: once the operator terminates the site, every other API call answers 410. */
export function registerTermination(app: App, settings: Pick<SettingsService, 'site'>): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || survivesTermination(request.url)) return;
    if ((await settings.site()).terminated) return reply.status(410).send({ message: 'gone' });
  });
}
