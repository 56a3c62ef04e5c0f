import { memberIdParams, memberLinksResponse } from '@wallet/contract';
import { operator } from '../../http/auth.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { LinkService } from './links.service.js';

export function registerLinkRoutes(app: App, links: LinkService): void {
  // The roles that see a member's page see who is linked to them.
  app.get(
    '/api/admin/members/:id/links',
    { config: operator('admin', 'finance', 'support', 'marketing'), schema: { tags: ['admin'], params: memberIdParams, response: { 200: memberLinksResponse, ...failures(404) } } },
    (request) => links.of(BigInt(request.params.id)),
  );
}
