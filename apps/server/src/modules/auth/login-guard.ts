import crypto from 'node:crypto';
import { LOGIN_LIMITS } from '@wallet/contract';
import { Counter } from 'prom-client';
import { type AppError, tooMany, unauthorized } from '../../errors.js';
import { type Metrics, shared } from '../../metrics.js';
import type { AttemptLimiter } from '../limits/attempt-limiter.js';

export interface LoginLimits {
  windowMs: number;
  /** Guesses against one account from devices it has not signed in on. */
  maxPerAccount: number;
  /** Failures from one address, whichever accounts they name. */
  maxPerAddress: number;
  /** Failures from a device the account has signed in on before: the owner's own allowance. */
  maxPerDevice: number;
}

export interface LoginTicket {
  /** The password was right: the attempt is given back, so successful logins are never what is counted. */
  release(): Promise<void>;
  /** The signed device id to keep in the browser: the same one when the device was already known. */
  deviceCookie: string;
  /** The attempt failed (it stays counted): the answer to throw, and one more login failure in the metrics. */
  failed(reason: 'WRONG_CREDENTIAL' | 'TOTP_INVALID'): AppError;
}

/** Failed sign-ins by who signs in and why (the limits' refusals are the attempt limiter's metric). */
function loginFailures(metrics: Metrics) {
  return shared(
    metrics,
    'wallet_login_failures_total',
    () =>
      new Counter({
        name: 'wallet_login_failures_total',
        help: 'Failed sign-ins by scope (member, operator) and reason (WRONG_CREDENTIAL, TOTP_INVALID).',
        labelNames: ['scope', 'reason'] as const,
        registers: [metrics],
      }),
  );
}

const DEVICE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Login attempts are taken (counted) before the password is checked. Guesses from unknown devices
 * are limited per account and per address; a device the account signed in on before carries a
 * signed cookie and has an allowance of its own, so a stranger who uses up the account's
 * allowance does not lock its owner out (docs/adr/0066-a-stranger-cannot-lock-a-member-out.md).
 */
export function createLoginGuard(deps: { limiter: AttemptLimiter; secret: string; scope: 'member' | 'operator'; limits: LoginLimits; metrics?: Metrics | undefined }) {
  const { limiter, scope, limits } = deps;
  const failures = deps.metrics ? loginFailures(deps.metrics) : undefined;
  const signature = (account: string, deviceId: string) =>
    crypto.createHmac('sha256', deps.secret).update(`${scope}-login-device\0${account}\0${deviceId}`).digest('base64url');

  /** The device id a cookie names, when it was issued to this account; undefined otherwise. */
  function knownDevice(account: string, cookie: string | undefined): string | undefined {
    const [deviceId, given, ...rest] = cookie?.split('.') ?? [];
    if (!deviceId || !given || rest.length || !DEVICE_ID.test(deviceId)) return undefined;
    const expected = Buffer.from(signature(account, deviceId));
    const actual = Buffer.from(given);
    return actual.length === expected.length && crypto.timingSafeEqual(actual, expected) ? deviceId : undefined;
  }

  const limit = (key: string, max: number) => ({ key: `${scope}-login:${key}`, max, windowMs: limits.windowMs });

  return {
    /** Takes the attempt, or answers 429 REQUEST_LIMIT without the password being looked at. */
    async begin(attempt: { account: string; address: string; deviceCookie: string | undefined }): Promise<LoginTicket> {
      const deviceId = knownDevice(attempt.account, attempt.deviceCookie);
      const reserved = await limiter.reserve(
        deviceId
          ? [limit(`device:${deviceId}`, limits.maxPerDevice)]
          : [limit(`account:${attempt.account}`, limits.maxPerAccount), limit(`address:${attempt.address}`, limits.maxPerAddress)],
      );
      if (!reserved.ok) throw tooMany('REQUEST_LIMIT');
      const cookieDeviceId = deviceId ?? crypto.randomUUID();
      return {
        release: () => reserved.reservation.release(),
        deviceCookie: `${cookieDeviceId}.${signature(attempt.account, cookieDeviceId)}`,
        failed(reason) {
          failures?.inc({ scope, reason });
          return unauthorized(reason);
        },
      };
    },
  };
}
export type LoginGuard = ReturnType<typeof createLoginGuard>;

/**
 * The members' guard. A forgotten password's reset takes its attempts from the same counters as a
 * login (docs/adr/0307-the-same-limits-shared-counters.md): a wrong code is one more failure for the phone,
 * the address and the device alike.
 */
export function createMemberLoginGuard(deps: { limiter: AttemptLimiter; secret: string; metrics?: Metrics | undefined }) {
  return createLoginGuard({
    ...deps,
    scope: 'member',
    limits: {
      windowMs: LOGIN_LIMITS.windowMs,
      maxPerAccount: LOGIN_LIMITS.maxFailuresPerPhone,
      maxPerAddress: LOGIN_LIMITS.maxFailuresPerIp,
      maxPerDevice: LOGIN_LIMITS.maxFailuresPerDevice,
    },
  });
}
