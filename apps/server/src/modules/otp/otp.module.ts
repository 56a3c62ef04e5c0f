import { Counter } from 'prom-client';
import type { SmsSender } from '../../adapters/sms.js';
import type { Core } from '../../core.js';
import type { Metrics } from '../../metrics.js';
import { registerOtpRoutes } from './otp.routes.js';
import { createOtpService } from './otp.service.js';

export { verifiedPhones } from './otp.service.js';

/** SMS codes for registration (DESIGN §6). */
export function registerOtpModule(
  core: Pick<Core, 'app' | 'config' | 'db' | 'secret' | 'now' | 'limiter' | 'site' | 'sms' | 'metrics'>,
  /** Registration's rule for a number that may be sent a code: well-formed and not yet a member's. */
  uses: { newPhones: { checkNewPhone(phone: string): Promise<void> } },
) {
  const { app, config } = core;
  const otp = createOtpService({
    db: core.db,
    sms: countedSends(core.sms, core.metrics),
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

/** Every code sent by text message (registration and password reset), counted by outcome. */
function countedSends(sms: SmsSender, metrics: Metrics): SmsSender {
  const sends = new Counter({
    name: 'wallet_otp_sms_sends_total',
    help: 'One-time codes handed to the SMS service, by outcome: sent, or failed (the service refused or could not be reached).',
    labelNames: ['outcome'] as const,
    registers: [metrics],
  });
  return {
    async send(phone, text) {
      try {
        await sms.send(phone, text);
      } catch (error) {
        sends.inc({ outcome: 'failed' });
        throw error;
      }
      sends.inc({ outcome: 'sent' });
    },
  };
}
