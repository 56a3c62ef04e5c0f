import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthService, MemberContext } from '../modules/auth/auth.service.js';
import type { App } from './types.js';

declare module 'fastify' {
  interface FastifyRequest {
    member: MemberContext;
  }
  interface FastifyInstance {
    requireMember: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** `preHandler: app.requireMember` on every member route. */
export function registerMemberAuth(app: App, auth: AuthService): void {
  app.decorateRequest('member', null as unknown as MemberContext);
  app.decorate('requireMember', async (request: FastifyRequest) => {
    request.member = await auth.authenticate(bearerToken(request));
  });
}
