import { type Language, otpSendBody, otpSendResponse, otpVerifyBody, otpVerifyResponse } from '@wallet/contract';
import { requestLanguage } from '../../http/language.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { OtpService } from './otp.service.js';

const tags = ['otp'];

export function registerOtpRoutes(app: App, otp: OtpService, defaultLanguage: Language): void {
  app.post(
    '/api/otp/send',
    { schema: { tags, body: otpSendBody, response: { 200: otpSendResponse, ...failures(409, 502) } } },
    (request) => otp.send(request.body.phoneNumber, requestLanguage(request, defaultLanguage), request.ip),
  );
  app.post(
    '/api/otp/verify',
    { schema: { tags, body: otpVerifyBody, response: { 200: otpVerifyResponse, ...failures(409) } } },
    async (request) => {
      await otp.verify(request.body.otpToken, request.body.otpCode);
      return { code: 'OTP_CODE_VALID' as const };
    },
  );
}
