import type { Core } from '../../core.js';
import { registerOtpRoutes } from './otp.routes.js';
import { createOtpService } from './otp.service.js';

export { verifiedPhones } from './otp.service.js';

/** SMS codes for registration (DESIGN §6). */
export function registerOtpModule(
  core: Pick<Core, 'app' | 'config' | 'db' | 'secret' | 'now' | 'limiter' | 'site' | 'sms'>,
  /** Registration's rule for a number that may be sent a code: well-formed and not yet a member's. */
  uses: { newPhones: { checkNewPhone(phone: string): Promise<void> } },
) {
  const { app, config } = core;
  const otp = createOtpService({
    db: core.db,
    sms: core.sms,
    pepper: core.secret,
    now: core.now,
    limiter: core.limiter,
    sendsPerAddressPerHour: config.otpSendsPerAddressPerHour,
    checkPhone: (phone) => uses.newPhones.checkNewPhone(phone),
    log: app.log,
  });
  registerOtpRoutes(app, otp, core.site.defaultLanguage);
  return otp;
}
