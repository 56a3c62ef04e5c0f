import { describe, expect, it, vi } from 'vitest';
import { NOTICE_HANDLERS } from '../../vite.config';

type Listener = (event: Record<string, unknown>) => void;
interface FakeWindow {
  url: string;
  focused: boolean;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

/** The service worker's notice handlers, run against a stand-in for the worker's global scope. */
function loadHandlers(windows: FakeWindow[] = []) {
  const listeners = new Map<string, Listener>();
  const scope = {
    location: { origin: 'https://wallet.example' },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) },
  };
  new Function('self', NOTICE_HANDLERS.source)(scope);
  /** Fires an event and waits for what it handed to waitUntil. */
  const fire = async (type: string, fields: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...fields, waitUntil: (promise: Promise<unknown>) => (work = promise) });
    await work;
  };
  return { scope, fire };
}

const pushEvent = (payload: unknown) => ({ data: { json: () => payload } });
const clickEvent = (path: unknown) => ({ notification: { data: { path }, close: vi.fn() } });
const appWindow = (url: string, focused = false): FakeWindow => {
  const window: FakeWindow = { url, focused, focus: vi.fn(), navigate: vi.fn(async () => window) };
  window.focus.mockImplementation(async () => window);
  return window;
};

describe('push notices in the service worker', () => {
  it('shows a notice under its id, with the build icon and where it leads', async () => {
    const { scope, fire } = loadHandlers();
    await fire('push', pushEvent({ id: 'n-7', kind: 'deposit_credited', title: 'Deposit credited', body: '500 baht', path: '/user/statement' }));
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Deposit credited', { body: '500 baht', tag: 'n-7', icon: '/icon-192.png', data: { path: '/user/statement' } });
  });

  it('never leads out of the app, and shows nothing for an unreadable push', async () => {
    const { scope, fire } = loadHandlers();
    await fire('push', pushEvent({ id: 'n-8', title: 'Offer', body: '', path: '//evil.example/x' }));
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Offer', expect.objectContaining({ data: { path: '/' } }));
    await fire('push', { data: { json: () => { throw new SyntaxError('not JSON'); } } });
    expect(scope.registration.showNotification).toHaveBeenCalledTimes(1);
  });

  it('on a tap, brings the open app window forward at the notice path (never the operator console)', async () => {
    const operatorConsole = appWindow('https://wallet.example/admin/members', true);
    const app = appWindow('https://wallet.example/user/home');
    const { scope, fire } = loadHandlers([operatorConsole, app]);
    const event = clickEvent('/user/statement');
    await fire('notificationclick', event);
    expect(event.notification.close).toHaveBeenCalled();
    expect(app.focus).toHaveBeenCalled();
    expect(app.navigate).toHaveBeenCalledWith('https://wallet.example/user/statement');
    expect(operatorConsole.navigate).not.toHaveBeenCalled();
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('on a tap with no app window (or one it cannot steer), opens one at the notice path', async () => {
    const { scope, fire } = loadHandlers();
    await fire('notificationclick', clickEvent('/contact'));
    expect(scope.clients.openWindow).toHaveBeenCalledWith('https://wallet.example/contact');

    const uncontrolled = appWindow('https://wallet.example/user/home');
    uncontrolled.navigate.mockRejectedValue(new TypeError('not controlled'));
    const second = loadHandlers([uncontrolled]);
    await second.fire('notificationclick', clickEvent('/user/bonus'));
    expect(second.scope.clients.openWindow).toHaveBeenCalledWith('https://wallet.example/user/bonus');
  });
});
