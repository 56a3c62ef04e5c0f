import { LINE_LINK_RESULT_PARAM, lineLinkStart, lineLinkStatus } from '@wallet/contract';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LINE_USER_ID, lineSignatureValid } from '../../../adapters/line.js';
import { MEMBER } from '../../../http/auth.js';
import type { App } from '../../../http/types.js';
import type { LineFriendshipEvent, LineLinkService } from './line.service.js';

const tags = ['notices'];

/** LINE's webhook body, as far as this module reads it. */
const lineWebhook = z.object({
  destination: z.string(),
  events: z.array(z.object({ type: z.string(), source: z.object({ type: z.string(), userId: z.string().optional() }).optional() })),
});

const callbackQuery = z.object({ code: z.string().optional(), state: z.string().optional(), error: z.string().optional(), error_description: z.string().optional() });

export function registerLineRoutes(
  app: App,
  links: LineLinkService,
  options: {
    /** The Messaging API channel's secret: LINE signs its webhooks with it. */
    channelSecret: string;
    /** The member app's address for this request: LINE Login comes back to it, and from there to the profile page. */
    appUrl: (request: FastifyRequest) => string;
  },
): void {
  const member = { config: MEMBER };
  app.get('/api/notices/line', { ...member, schema: { tags, response: { 200: lineLinkStatus } } }, (request) => links.status(request.member.memberId));
  app.get('/api/notices/line/link', { ...member, schema: { tags, response: { 200: lineLinkStart } } }, async (request) => ({
    url: await links.startLink(request.member.memberId, `${options.appUrl(request)}/api/notices/line/callback`),
  }));
  app.delete('/api/notices/line/link', { ...member, schema: { tags, response: { 200: lineLinkStatus } } }, async (request) => {
    await links.unlink(request.member.memberId);
    return links.status(request.member.memberId);
  });

  // The member's browser, back from LINE: no token travels through LINE, the single-use state names the member.
  app.get('/api/notices/line/callback', { schema: { hide: true, querystring: callbackQuery } }, async (request, reply) => {
    const result = await links.finishLink(request.query);
    return reply.redirect(`${options.appUrl(request)}/user/profile?${new URLSearchParams({ [LINE_LINK_RESULT_PARAM]: result }).toString()}`, 302);
  });

  // LINE's webhook: the signature covers the raw bytes, so nothing is parsed before it is checked.
  app.register(async (untyped) => {
    const scope = untyped.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/api/webhooks/line', { schema: { hide: true } }, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-line-signature'];
      if (!lineSignatureValid(raw, options.channelSecret, typeof signature === 'string' ? signature : undefined)) return reply.status(401).send({ message: 'UNAUTHORIZED' });
      let body: z.infer<typeof lineWebhook>;
      try {
        body = lineWebhook.parse(JSON.parse(raw.toString('utf8')));
      } catch {
        return reply.status(400).send({ message: 'KEY_INVALID' });
      }
      const changes = body.events.flatMap((event): LineFriendshipEvent[] =>
        (event.type === 'follow' || event.type === 'unfollow') && event.source?.userId && LINE_USER_ID.test(event.source.userId) ? [{ type: event.type, lineUserId: event.source.userId }] : [],
      );
      await links.friendshipChanged(changes);
      // LINE's console "Verify" posts no events: it only needs a 200.
      return { status: 'ok' };
    });
  });
}
