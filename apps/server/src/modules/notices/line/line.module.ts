import type { FastifyRequest } from 'fastify';
import { createLineLogin, createLineMessaging } from '../../../adapters/line.js';
import type { Core } from '../../../core.js';
import type { NoticeChannel } from '../channel.js';
import { createLineChannel } from './line.channel.js';
import { registerLineRoutes } from './line.routes.js';
import { createLineLinkService } from './line.service.js';

/**
 * LINE for member notices (docs/adr/0414-line-official-account-notices.md): members link their LINE
 * account with LINE Login, the webhook keeps whether they follow the Official Account, and the
 * channel pushes notices to them. `channel` is null when LINE is not configured (sandboxes off and no
 * channels set): members then have no LINE channel and the routes do not exist.
 */
export function registerLineNotices(core: Pick<Core, 'app' | 'config' | 'db' | 'now' | 'ownAddress'>): { channel: NoticeChannel | null } {
  const line = core.config.line;
  if (!line) return { channel: null };
  const { appUrl } = core.config;
  const options = {
    ...line,
    apiUrl: () => line.apiUrl ?? `${core.ownAddress()}/sandbox/line`,
    accessUrl: () => line.accessUrl ?? `${core.ownAddress()}/sandbox/line`,
    now: core.now,
  };
  const links = createLineLinkService({ db: core.db, now: core.now, login: createLineLogin(options), onError: (error, what) => core.app.log.warn({ err: error }, what) });
  registerLineRoutes(core.app, links, {
    channelSecret: line.channelSecret,
    // Without APP_URL, the address the member's browser used (behind TRUST_PROXY, the forwarded one).
    appUrl: (request: FastifyRequest) => appUrl ?? `${request.protocol}://${request.host}`,
  });
  const channel = createLineChannel({ messaging: createLineMessaging(options), links, appUrl: () => appUrl ?? core.ownAddress() });
  return { channel };
}
