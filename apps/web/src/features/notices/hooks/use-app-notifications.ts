import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/client';
import { useSingleFlightMutation } from '../../../shared/api/useMoneyMutation';
import { type PushSubscriptionBody, addPushSubscription } from '../api/add-push-subscription';
import { noticeSettingsQueryKey } from '../api/get-notice-settings';
import { usePushKey } from '../api/get-push-key';
import { removePushSubscription } from '../api/remove-push-subscription';

/**
 * App notifications in this browser:
 * - `unsupported`: no web push here (iOS Safari outside an app added to the Home Screen, old browsers);
 * - `unavailable`: the server sends no web push (no key configured);
 * - `blocked`: the member refused notifications for the site in the browser;
 * - `off` / `on`: whether this browser is subscribed.
 */
export type AppNotificationsState = 'checking' | 'unsupported' | 'unavailable' | 'blocked' | 'off' | 'on';

/** How long to wait for the app's service worker (registered once the first screen is idle) before giving up. */
const SERVICE_WORKER_WAIT_MS = 10_000;

/** Raised when the browser gives no usable subscription; shown as a translated line, never raw. */
export class AppNotificationsFailure extends Error {
  constructor(readonly reason: 'no-service-worker' | 'subscribe-failed') {
    super(reason);
  }
}

export const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

const browserSubscriptionQueryKey = ['notices', 'this-browser'] as const;

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function readyServiceWorker(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_resolve, reject) => setTimeout(() => reject(new AppNotificationsFailure('no-service-worker')), SERVICE_WORKER_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** The VAPID key as the bytes pushManager.subscribe takes (the server gives it base64url). */
export function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64Url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function subscriptionBody(subscription: PushSubscription): PushSubscriptionBody {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new AppNotificationsFailure('subscribe-failed');
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

async function subscribe(publicKey: string): Promise<void> {
  const registration = await readyServiceWorker();
  let subscription = await registration.pushManager.getSubscription();
  try {
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  } catch {
    throw new AppNotificationsFailure('subscribe-failed');
  }
  try {
    await addPushSubscription(subscriptionBody(subscription));
  } catch (error) {
    // A subscription the server does not know would only look like "on" here.
    await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
}

async function unsubscribe(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await removePushSubscription(subscription.endpoint);
  await subscription.unsubscribe();
}

/** This browser's app notifications: its state, and turning them on (asking permission) or off. */
export function useAppNotifications({ onError }: { onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  const supported = pushSupported();
  const pushKey = usePushKey();
  const browser = useQuery({
    queryKey: browserSubscriptionQueryKey,
    queryFn: async () => ({ subscribed: (await currentSubscription()) !== null, permission: Notification.permission }),
    enabled: supported,
  });
  const settle = async () => {
    await queryClient.invalidateQueries({ queryKey: browserSubscriptionQueryKey });
    // Whether push reaches the member (`reachable.push`) has changed.
    await queryClient.invalidateQueries({ queryKey: noticeSettingsQueryKey });
  };
  const turnOn = useSingleFlightMutation({
    mutationFn: async (permission: Promise<NotificationPermission>) => {
      if ((await permission) !== 'granted') return;
      const publicKey = pushKey.data?.publicKey;
      if (!publicKey) throw new ApiError('PUSH_NOT_AVAILABLE', 422);
      await subscribe(publicKey);
    },
    onSettled: settle,
    onError,
  });
  const turnOff = useSingleFlightMutation({ mutationFn: unsubscribe, onSettled: settle, onError });

  const state: AppNotificationsState = !supported
    ? 'unsupported'
    : pushKey.data?.publicKey === null
      ? 'unavailable'
      : !browser.data || (!pushKey.data && !pushKey.isError)
        ? 'checking'
        : browser.data.subscribed
          ? 'on'
          : browser.data.permission === 'denied'
            ? 'blocked'
            : 'off';

  return {
    state,
    busy: turnOn.isPending || turnOff.isPending,
    // Asked in the tap itself: browsers grant the permission prompt only to a member's gesture.
    turnOn: () => turnOn.mutate(Notification.requestPermission()),
    turnOff: () => turnOff.mutate(),
  };
}
