import type { FastifyReply, FastifyRequest } from 'fastify';

/** Where a login keeps the browser's signed device id: sent back only to that login call. */
export interface DeviceCookie {
  name: string;
  path: string;
}

export const MEMBER_DEVICE_COOKIE: DeviceCookie = { name: 'wallet_device', path: '/api/login' };
export const OPERATOR_DEVICE_COOKIE: DeviceCookie = { name: 'wallet_operator_device', path: '/api/admin/login' };

const ONE_YEAR_S = 365 * 24 * 60 * 60;

export function readDeviceCookie(request: FastifyRequest, cookie: DeviceCookie): string | undefined {
  return request.cookies[cookie.name];
}

export function keepDeviceCookie(request: FastifyRequest, reply: FastifyReply, cookie: DeviceCookie, value: string): void {
  reply.setCookie(cookie.name, value, {
    path: cookie.path,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: ONE_YEAR_S,
  });
}
