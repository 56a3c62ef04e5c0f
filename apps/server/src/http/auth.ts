import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { OperatorRole } from '@wallet/contract';
import { forbidden } from '../errors.js';
import type { AdminService } from '../modules/admin/admin.service.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import type { AdminContext, MemberContext } from './context.js';
import type { App } from './types.js';

/**
 * Who may call a route: a signed-in member; a customer, that is a member or a guest holding a guest
 * id the server issued (support chat); or an operator holding one of the roles.
 */
export type RouteAuth = 'member' | 'customer' | { operator: readonly OperatorRole[] };
/** A chat guest's id travels in this header (never in a body or an address, which end up in logs). */
export const GUEST_HEADER = 'x-guest-id';

declare module 'fastify' {
  interface FastifyRequest {
    member: MemberContext;
    admin: AdminContext;
    /** On customer routes, the guest's key when the caller is a guest (`member` is null then). */
    guestKey: string | null;
  }
  interface FastifyContextConfig {
    /** Declared per route; checked in onRequest, before the body is parsed or anything validated. */
    auth?: RouteAuth;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

export const MEMBER: { auth: RouteAuth } = { auth: 'member' };
export const CUSTOMER: { auth: RouteAuth } = { auth: 'customer' };
export const operator = (...roles: OperatorRole[]): { auth: RouteAuth } => ({ auth: { operator: roles } });

/** The services that check tokens; bound once they are built, before the server takes a request. */
export interface Authenticators {
  members: Pick<AuthService, 'authenticate'>;
  operators: Pick<AdminService, 'authenticate'>;
  /** The guest id's public key when the server issued the id; null for anything else. */
  guests: { verify(guestId: unknown): string | null };
}

/**
 * Routes declare `config: { auth }`; this turns it into an onRequest hook, so a call without a
 * valid token answers 401 whatever its parameters or body (a 400 would tell a stranger which
 * inputs a route takes, and would run parsing and validation for nobody). Must be called before
 * any route is registered; the answer binds the services that check tokens.
 */
export function registerAuthentication(app: App): (services: Authenticators) => void {
  let services: Authenticators | undefined;
  const bound = (): Authenticators => {
    if (!services) throw new Error('authentication used before its services were bound');
    return services;
  };
  app.decorateRequest('member', null as unknown as MemberContext);
  app.decorateRequest('admin', null as unknown as AdminContext);
  app.decorateRequest('guestKey', null);
  const member: onRequestAsyncHookHandler = async (request) => {
    request.member = await bound().members.authenticate(bearerToken(request));
  };
  // A bearer token makes the caller a member (and must be valid); without one, a verified guest id.
  const customer: onRequestAsyncHookHandler = async (request) => {
    request.guestKey = bound().guests.verify(request.headers[GUEST_HEADER]);
    if (bearerToken(request) || !request.guestKey) request.member = await bound().members.authenticate(bearerToken(request));
  };
  const operatorWith =
    (roles: readonly OperatorRole[]): onRequestAsyncHookHandler =>
    async (request) => {
      request.admin = await bound().operators.authenticate(bearerToken(request), request.ip);
      if (!roles.some((role) => request.admin.roles.includes(role))) throw forbidden('UNAUTHORIZED');
    };
  app.addHook('onRoute', (route) => {
    const auth = route.config?.auth;
    if (!auth) return;
    const guard = auth === 'member' ? member : auth === 'customer' ? customer : operatorWith(auth.operator);
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    // After the route's own onRequest hooks: the rate limit counts a call before it is refused.
    route.onRequest = [...existing, guard];
  });
  return (given) => {
    services = given;
  };
}
