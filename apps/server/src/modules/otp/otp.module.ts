import type { Core } from '../../core.js';
import type { AccountService } from '../account/account.service.js';
import { registerOtpRoutes } from './otp.routes.js';
import { createOtpService } from './otp.service.js';

/** SMS codes for registration (DESIGN §6). */
export function registerOtpModule(
  core: Pick<Core, 'app' | 'config' | 'db' | 'secret' | 'now' | 'limiter' | 'site' | 'sms'>,
  uses: { account: Pick<AccountService, 'checkNewPhone'> },
) {
  const { app, config } = core;
  const otp = createOtpService({
    db: core.db,
    sms: core.sms,
    pepper: core.secret,
    now: core.now,
    limiter: core.limiter,
    sendsPerAddressPerHour: config.otpSendsPerAddressPerHour,
    checkPhone: (phone) => uses.account.checkNewPhone(phone),
    log: app.log,
  });
  registerOtpRoutes(app, otp, core.site.defaultLanguage);
  return otp;
}
