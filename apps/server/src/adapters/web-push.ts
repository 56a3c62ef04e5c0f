import webpush from 'web-push';
import type { AppConfig } from '../config.js';
import { writtenOnce } from '../data-dir-file.js';

/** A browser's push subscription, as `PushSubscription.toJSON()` gives it: where to post, and its keys (base64url). */
export interface PushSubscriptionDetails {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface WebPushOptions {
  /** How long the push service keeps the message for a browser that is offline; 0: now or never. */
  ttlSeconds: number;
  /** `high` wakes a sleeping phone; `normal` lets the push service wait for a better moment. */
  urgency?: 'normal' | 'high';
  /** A newer message under the same topic replaces one still waiting (up to 32 base64url characters). */
  topic?: string;
}

/**
 * Web push (RFC 8030) to a member's browser, through the push service its subscription names.
 * `gone` means the subscription no longer exists (404/410): the caller forgets it; sending to it
 * again would never succeed. Throws WebPushError when the message was not taken.
 */
export interface WebPush {
  send(subscription: PushSubscriptionDetails, payload: unknown, options: WebPushOptions): Promise<{ status: 'delivered' } | { status: 'gone' }>;
}

export class WebPushError extends Error {
  constructor(
    message: string,
    /** Worth trying again later (the push service busy, down, rate limiting, or not answering); otherwise our request is wrong. */
    readonly retryable: boolean,
    /** The push service's answer, when there was one. */
    readonly status: number | null = null,
    /** When the push service said to come back (Retry-After, seconds). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/** Our VAPID identity: push services tie our messages to this key pair, and may write to the subject. */
export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/**
 * Sends with the web-push library: it signs the VAPID JWT and encrypts the payload (aes128gcm,
 * RFC 8291) for the subscription's keys. The request it prepares is posted with fetch rather than
 * its `sendNotification`, which only speaks HTTPS: the sandbox push service answers on this
 * server's own plain-HTTP address, and the same code path must run in every environment. fetch
 * also bounds the whole exchange, where the library's `timeout` only bounds an idle socket.
 */
export function createHttpWebPush(options: { vapid: VapidDetails; timeoutMs: number }): WebPush {
  return {
    async send(subscription, payload, sendOptions) {
      let request: webpush.RequestDetails;
      try {
        request = webpush.generateRequestDetails(subscription, JSON.stringify(payload), {
          vapidDetails: options.vapid,
          contentEncoding: 'aes128gcm',
          TTL: sendOptions.ttlSeconds,
          ...(sendOptions.urgency ? { urgency: sendOptions.urgency } : {}),
          ...(sendOptions.topic ? { topic: sendOptions.topic } : {}),
        });
      } catch (error) {
        // A malformed subscription key or topic: the same request would fail every time.
        throw new WebPushError(`web push request refused before sending: ${(error as Error).message}`, false);
      }
      // The library counts Content-Length itself and gives numbers; fetch sets the length from the body.
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'content-length').map(([name, value]) => [name, String(value)]));
      let response: Response;
      try {
        response = await fetch(request.endpoint, { method: 'POST', headers, body: request.body, signal: AbortSignal.timeout(options.timeoutMs) });
      } catch (error) {
        throw new WebPushError(`push service unreachable: ${(error as Error).message}`, true);
      }
      await response.body?.cancel();
      if (response.ok) return { status: 'delivered' };
      if (response.status === 404 || response.status === 410) return { status: 'gone' };
      const retryable = response.status === 429 || response.status >= 500;
      const seconds = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
      throw new WebPushError(`push service answered ${response.status}`, retryable, response.status, Number.isNaN(seconds) ? null : seconds);
    },
  };
}

/**
 * The VAPID keys to send with, or null when web push is not configured (no keys set, sandboxes
 * off): the caller then has no web push channel, and says so, rather than the server refusing to
 * start. With sandboxes on and no keys set, a pair is generated once into DATA_DIR/web-push-vapid.json
 * (beside the embedded database) so a restart keeps it: browsers subscribed under a key reject
 * messages signed with another. Two processes starting together keep whichever was written first.
 */
export function webPushVapid(config: Pick<AppConfig, 'webPush' | 'sandboxes' | 'dataDir'>): VapidDetails | null {
  if (config.webPush.vapid) return { subject: config.webPush.subject, ...config.webPush.vapid };
  if (!config.sandboxes) return null;
  const { file, text } = writtenOnce(config.dataDir, 'web-push-vapid.json', () => `${JSON.stringify(webpush.generateVAPIDKeys())}\n`);
  const stored: unknown = JSON.parse(text);
  if (!isKeyPair(stored)) throw new Error(`${file} holds no VAPID key pair`);
  return { subject: config.webPush.subject, publicKey: stored.publicKey, privateKey: stored.privateKey };
}

function isKeyPair(value: unknown): value is { publicKey: string; privateKey: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { publicKey, privateKey } = value as Record<string, unknown>;
  return typeof publicKey === 'string' && /^[\w-]{87}$/.test(publicKey) && typeof privateKey === 'string' && /^[\w-]{43}$/.test(privateKey);
}
