import { type Language, messageResponse, passwordForgotBody, passwordForgotResponse, passwordResetBody } from '@wallet/contract';
import { MEMBER_DEVICE_COOKIE, keepDeviceCookie, readDeviceCookie } from '../../http/device-cookie.js';
import { requestLanguage } from '../../http/language.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { PasswordResetService } from './password-reset.service.js';

const tags = ['auth'];

/** Under /api/login, so the browser sends the login's device cookie with them (its path). */
export function registerPasswordResetRoutes(app: App, resets: PasswordResetService, defaultLanguage: Language): void {
  app.post(
    '/api/login/forgot-password',
    {
      schema: {
        tags,
        summary: 'An SMS code for a new password',
        description:
          'Sends a one-time code to the member registered with the phone, and answers the reference printed beside it. A phone no member has gets the same answer and no SMS. Limits and block as registration’s OTP (REQUEST_LIMIT_1MIN, REQUEST_LIMIT, OTP_BLOCK, all 429).',
        body: passwordForgotBody,
        response: { 200: passwordForgotResponse },
      },
    },
    (request) => resets.sendCode(request.body, { ip: request.ip, language: requestLanguage(request, defaultLanguage) }),
  );

  app.post(
    '/api/login/reset-password',
    {
      schema: {
        tags,
        summary: 'A new password with the SMS code',
        description:
          'Takes the code and its reference for the phone, and the new password (8–128 characters). Counted as a login attempt (429 REQUEST_LIMIT when the phone, the address or the device has used its allowance); a wrong code answers OTP_CODE_INVALID, the fifth in an hour blocks the phone (OTP_BLOCK). A code works once (409 OTP_VERIFIED). On success every session of the member ends, on every node and socket.',
        body: passwordResetBody,
        response: { 200: messageResponse, ...failures(403, 409) },
      },
    },
    async (request, reply) => {
      const { deviceCookie } = await resets.reset(request.body, { ip: request.ip, deviceCookie: readDeviceCookie(request, MEMBER_DEVICE_COOKIE) });
      keepDeviceCookie(request, reply, MEMBER_DEVICE_COOKIE, deviceCookie);
      return { message: 'OK' };
    },
  );
}
