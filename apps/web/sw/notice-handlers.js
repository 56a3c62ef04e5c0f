// The member's notices (deposit credited, withdrawal paid or refused, support replies, offers) as
// phone notifications. Imported by the service worker that workbox generates (vite.config.ts),
// which fills in the build's icon.
const ICON = '__NOTICE_ICON__';

/** Only a path of this app: a notice never sends the member to another site. */
function appPath(path) {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : '/';
}

self.addEventListener('push', (event) => {
  let notice = null;
  try {
    notice = event.data ? event.data.json() : null;
  } catch {
    notice = null;
  }
  if (!notice || typeof notice.title !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: typeof notice.body === 'string' ? notice.body : '',
      // A notice sent again (a retry after a lost answer) replaces the one shown, never doubles it.
      tag: String(notice.id),
      icon: ICON,
      data: { path: appPath(notice.path) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(appPath(event.notification.data && event.notification.data.path), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // The operator console shares the origin: a member's notice opens the member app only.
      const appWindows = windows.filter((client) => !new URL(client.url).pathname.startsWith('/admin'));
      const open = appWindows.find((client) => client.focused) ?? appWindows[0];
      if (open) {
        try {
          const focused = await open.focus();
          // navigate() works only on a window this worker controls; any other gets a new one.
          await (focused ?? open).navigate(url);
          return;
        } catch {
          // fall through to a new window
        }
      }
      await self.clients.openWindow(url);
    })(),
  );
});
