import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../shared/i18n';
import en from '../../shared/i18n/locales/en.json';
import th from '../../shared/i18n/locales/th.json';
import { callsTo, stubFetch } from '../../test/fetchRoutes';
import { renderWithQueries } from '../../test/render';
import { NoticeSettingsSheet } from './NoticeSettingsSheet';

const SETTINGS = {
  language: 'th',
  channels: { money: ['line', 'push', 'sms'], support: ['line', 'push'], account: ['line', 'push', 'sms'], offers: [] },
  quietFrom: 0,
  quietTo: 0,
  reachable: { line: false, push: true, sms: true },
};

/** The settings the server answers a PUT with: what was sent, with the same reachability. */
const savedAnswer = (init: RequestInit) => ({ body: { ...JSON.parse(String(init.body)), reachable: SETTINGS.reachable } });

/** The JSON body of a call made to one "METHOD /path". */
function sentJson(fetchMock: ReturnType<typeof stubFetch>, route: string, index = 0): unknown {
  const call = callsTo(fetchMock, route)[index];
  if (!call) throw new Error(`no call ${index} to ${route}`);
  return JSON.parse(String(call[1]?.body));
}
const sentBody = (fetchMock: ReturnType<typeof stubFetch>) => sentJson(fetchMock, 'PUT /api/notices/settings');

function openSheet(onClose = vi.fn()) {
  renderWithQueries(<NoticeSettingsSheet onClose={onClose} />);
  return { onClose, user: userEvent.setup() };
}

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('th');
});

describe('notification settings', () => {
  it('saves the channels chosen per kind of notice, the quiet hours and the app language', async () => {
    const fetchMock = stubFetch({
      'GET /api/notices/settings': { body: SETTINGS },
      'GET /api/notices/push-key': { body: { publicKey: null } },
      'PUT /api/notices/settings': savedAnswer,
    });
    const { onClose, user } = openSheet();
    await user.click(await screen.findByTestId('notices-offers-push'));
    await user.click(screen.getByTestId('notices-money-sms'));
    await user.click(screen.getByTestId('notices-support-push'));
    await user.click(screen.getByTestId('notices-quiet'));
    fireEvent.change(screen.getByTestId('notices-quietFrom'), { target: { value: '23:30' } });
    await user.click(screen.getByTestId('notices-save'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(fetchMock)).toEqual({
      language: 'th',
      // LINE cannot reach the member yet: it stays as it was chosen, and works once linked.
      channels: { money: ['line', 'push'], support: ['line'], account: ['line', 'push', 'sms'], offers: ['push'] },
      quietFrom: 23 * 60 + 30,
      quietTo: 8 * 60,
    });
  });

  it('sends no quiet hours when they are turned off', async () => {
    const fetchMock = stubFetch({
      'GET /api/notices/settings': { body: { ...SETTINGS, quietFrom: 22 * 60, quietTo: 7 * 60 } },
      'GET /api/notices/push-key': { body: { publicKey: null } },
      'PUT /api/notices/settings': savedAnswer,
    });
    const { user } = openSheet();
    expect(await screen.findByTestId('notices-quietFrom')).toHaveValue('22:00');
    expect(screen.getByTestId('notices-quietTo')).toHaveValue('07:00');
    expect(screen.getByTestId('notices-quiet-note')).toHaveTextContent(th.notices.quiet.note);
    await user.click(screen.getByTestId('notices-quiet'));
    await user.click(screen.getByTestId('notices-save'));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT /api/notices/settings')).toHaveLength(1));
    expect(sentBody(fetchMock)).toMatchObject({ quietFrom: 0, quietTo: 0 });
  });

  it('shows a channel that cannot reach the member disabled, with how to enable it', async () => {
    stubFetch({
      'GET /api/notices/settings': { body: { ...SETTINGS, reachable: { line: false, push: false, sms: true } } },
      'GET /api/notices/push-key': { body: { publicKey: null } },
    });
    openSheet();
    for (const group of ['money', 'support', 'account', 'offers']) {
      expect(await screen.findByTestId(`notices-${group}-line`)).toBeDisabled();
      expect(screen.getByTestId(`notices-${group}-push`)).toBeDisabled();
      expect(screen.getByTestId(`notices-${group}-push`)).toHaveAttribute('aria-pressed', 'false');
    }
    expect(screen.getByTestId('notices-money-sms')).toBeEnabled();
    expect(screen.getByTestId('notices-money-sms')).toHaveAttribute('aria-pressed', 'true');
    // This browser (jsdom) has no web push: the hint says so rather than pointing at a button.
    expect(screen.getByTestId('notices-hint-push')).toHaveTextContent(th.notices.hints.pushNotHere);
    expect(screen.getByTestId('notices-hint-line')).toHaveTextContent(th.notices.hints.line);
    expect(screen.queryByTestId('notices-hint-sms')).toBeNull();
    expect(screen.getByTestId('notices-money-line')).toHaveAccessibleDescription(expect.stringContaining(th.notices.hints.line));
  });

  it('never offers SMS for bonuses and offers', async () => {
    stubFetch({ 'GET /api/notices/settings': { body: SETTINGS }, 'GET /api/notices/push-key': { body: { publicKey: null } } });
    openSheet();
    expect(await screen.findByTestId('notices-offers-push')).toBeInTheDocument();
    expect(screen.getByTestId('notices-offers-line')).toBeInTheDocument();
    expect(screen.queryByTestId('notices-offers-sms')).toBeNull();
    for (const group of ['money', 'support', 'account']) expect(screen.getByTestId(`notices-${group}-sms`)).toBeInTheDocument();
  });

  it('sends one request for a double tap on save', async () => {
    const fetchMock = stubFetch({
      'GET /api/notices/settings': { body: SETTINGS },
      'GET /api/notices/push-key': { body: { publicKey: null } },
      'PUT /api/notices/settings': (init) => ({ ...savedAnswer(init), delayMs: 150 }),
    });
    const { onClose } = openSheet();
    const save = await screen.findByTestId('notices-save');
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(fetchMock, 'PUT /api/notices/settings')).toHaveLength(1);
  });

  it('shows a refusal translated, in the language chosen afterwards too', async () => {
    stubFetch({
      'GET /api/notices/settings': { body: SETTINGS },
      'GET /api/notices/push-key': { body: { publicKey: null } },
      'PUT /api/notices/settings': { status: 400, body: { message: 'KEY_INVALID' } },
    });
    const { onClose, user } = openSheet();
    await user.click(await screen.findByTestId('notices-save'));
    const error = await screen.findByTestId('notices-error');
    await waitFor(() => expect(error).toHaveTextContent('ข้อมูลบางส่วนไม่ถูกต้อง'));
    await act(() => i18n.changeLanguage('en'));
    expect(error).toHaveTextContent('Some information is not valid.');
    expect(screen.getByTestId('notices-save')).toHaveTextContent(en.shared.save);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the app language when the member switches it, once the settings are loaded', async () => {
    const fetchMock = stubFetch({
      'GET /api/notices/settings': { body: SETTINGS },
      'GET /api/notices/push-key': { body: { publicKey: null } },
      'PUT /api/notices/settings': savedAnswer,
    });
    openSheet();
    await screen.findByTestId('notices-save');
    await act(() => i18n.changeLanguage('lo'));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT /api/notices/settings')).toHaveLength(1));
    expect(sentBody(fetchMock)).toEqual({ language: 'lo', channels: SETTINGS.channels, quietFrom: 0, quietTo: 0 });
  });
});

describe('app notifications on this phone', () => {
  const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
  const subscriptionJson = { endpoint: 'https://push.example.com/send/abc', keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } };

  /** A browser with web push: its permission, and this phone's subscription if any. */
  function stubPushBrowser({ permission, subscribed }: { permission: NotificationPermission; subscribed: boolean }) {
    let current: { endpoint: string; toJSON: () => unknown; unsubscribe: () => Promise<boolean> } | null = null;
    const subscription = { endpoint: subscriptionJson.endpoint, toJSON: () => subscriptionJson, unsubscribe: vi.fn(async () => ((current = null), true)) };
    if (subscribed) current = subscription;
    const subscribe = vi.fn(async () => ((current = subscription), subscription));
    const registration = { pushManager: { getSubscription: async () => current, subscribe } };
    vi.stubGlobal('PushManager', class {});
    const requestPermission = vi.fn(async () => permission);
    vi.stubGlobal('Notification', Object.assign(class {}, { permission: subscribed ? 'granted' : permission === 'denied' ? 'denied' : 'default', requestPermission }));
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => registration, ready: Promise.resolve(registration) } });
    return { subscribe, requestPermission, subscription };
  }

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('says the browser cannot show them where web push is missing (iOS Safari outside the Home Screen)', async () => {
    stubFetch({ 'GET /api/notices/settings': { body: SETTINGS }, 'GET /api/notices/push-key': { body: { publicKey: PUBLIC_KEY } } });
    openSheet();
    expect(await screen.findByTestId('notices-app-state')).toHaveTextContent(th.notices.app.unsupported);
    expect(screen.queryByTestId('notices-app-on')).toBeNull();
  });

  it('asks permission only on a tap, subscribes under the server key and sends the subscription', async () => {
    const browser = stubPushBrowser({ permission: 'granted', subscribed: false });
    const fetchMock = stubFetch({
      'GET /api/notices/settings': { body: { ...SETTINGS, reachable: { line: false, push: false, sms: true } } },
      'GET /api/notices/push-key': { body: { publicKey: PUBLIC_KEY } },
      'POST /api/notices/push-subscriptions': { body: { message: 'SUCCESS' } },
    });
    const { user } = openSheet();
    const turnOn = await screen.findByTestId('notices-app-on');
    expect(await screen.findByTestId('notices-hint-push')).toHaveTextContent(th.notices.hints.push);
    expect(browser.requestPermission).not.toHaveBeenCalled();
    await user.click(turnOn);
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/notices/push-subscriptions')).toHaveLength(1));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const [options] = browser.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toBeInstanceOf(Uint8Array);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    expect(sentJson(fetchMock, 'POST /api/notices/push-subscriptions')).toEqual(subscriptionJson);
    expect(await screen.findByTestId('notices-app-off')).toBeInTheDocument();
    expect(screen.getByTestId('notices-app-state')).toHaveTextContent(th.notices.app.on);
  });

  it('turns them off: the server forgets the subscription, then the browser drops it', async () => {
    const browser = stubPushBrowser({ permission: 'granted', subscribed: true });
    const fetchMock = stubFetch({
      'GET /api/notices/settings': { body: SETTINGS },
      'GET /api/notices/push-key': { body: { publicKey: PUBLIC_KEY } },
      'DELETE /api/notices/push-subscriptions': { body: { message: 'SUCCESS' } },
    });
    const { user } = openSheet();
    await user.click(await screen.findByTestId('notices-app-off'));
    await waitFor(() => expect(browser.subscription.unsubscribe).toHaveBeenCalled());
    expect(sentJson(fetchMock, 'DELETE /api/notices/push-subscriptions')).toEqual({ endpoint: subscriptionJson.endpoint });
    expect(await screen.findByTestId('notices-app-on')).toBeInTheDocument();
  });

  it('says the browser blocks them, and how to allow them', async () => {
    stubPushBrowser({ permission: 'denied', subscribed: false });
    stubFetch({ 'GET /api/notices/settings': { body: SETTINGS }, 'GET /api/notices/push-key': { body: { publicKey: PUBLIC_KEY } } });
    openSheet();
    await waitFor(() => expect(screen.getByTestId('notices-app-state')).toHaveTextContent(th.notices.app.blocked));
  });

  it('shows the server refusing a subscription translated, and drops it from the browser', async () => {
    const browser = stubPushBrowser({ permission: 'granted', subscribed: false });
    stubFetch({
      'GET /api/notices/settings': { body: SETTINGS },
      'GET /api/notices/push-key': { body: { publicKey: PUBLIC_KEY } },
      'POST /api/notices/push-subscriptions': { status: 422, body: { message: 'PUSH_NOT_AVAILABLE' } },
    });
    const { user } = openSheet();
    await user.click(await screen.findByTestId('notices-app-on'));
    expect(await screen.findByText('การแจ้งเตือนผ่านแอปยังไม่เปิดให้ใช้ เลือกช่องทางอื่นได้')).toBeInTheDocument();
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
  });
});
