import { loginBody, loginResponse, messageResponse } from '@wallet/contract';
import { MEMBER_DEVICE_COOKIE, keepDeviceCookie, readDeviceCookie } from '../../http/device-cookie.js';
import { MEMBER } from '../../http/auth.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { AuthService } from './auth.service.js';

const tags = ['auth'];

export function registerAuthRoutes(app: App, auth: AuthService): void {
  app.post('/api/login', { schema: { tags, body: loginBody, response: { 200: loginResponse, ...failures(401, 403) } } }, async (request, reply) => {
    const { token, deviceCookie } = await auth.login(request.body, {
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
      deviceCookie: readDeviceCookie(request, MEMBER_DEVICE_COOKIE),
    });
    keepDeviceCookie(request, reply, MEMBER_DEVICE_COOKIE, deviceCookie);
    return { token };
  });

  app.post(
    '/api/logout',
    { config: MEMBER, schema: { tags, response: { 200: messageResponse } } },
    async (request) => {
      await auth.logout(request.member);
      return { message: 'OK' };
    },
  );
}
