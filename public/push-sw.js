/*
 * Web push in the portal's service worker (issue 28): imported by the Workbox service worker that
 * vite-plugin-pwa generates (vite.config.ts `workbox.importScripts`). The server's payload
 * (src/server/services/push.ts PushPayload) is JSON: title, body, icon, the portal path to open, a tag.
 * A click focuses a window of the portal (navigated to that path) or opens one. Only paths of this
 * origin are opened. Plain script: no module, no build step.
 */
'use strict';

const PUSH_DEFAULT_TITLE = 'Portale Welfare';
const PUSH_DEFAULT_ICON = '/icons/icon-192.png';

/** The payload of a push message, or a minimal one when it is not JSON. */
function pushPayload(data) {
  if (!data) return {};
  try {
    const value = data.json();
    return value && typeof value === 'object' ? value : {};
  } catch {
    return { body: data.text() };
  }
}

/** A path of this origin (anything else opens the portal's home). */
function portalUrl(url) {
  try {
    const target = new URL(typeof url === 'string' ? url : '/', self.location.origin);
    return target.origin === self.location.origin ? target.href : new URL('/', self.location.origin).href;
  } catch {
    return new URL('/', self.location.origin).href;
  }
}

/** Shows the notification of a payload (also called by the tests through the service worker). */
function showPushNotification(payload) {
  const title = typeof payload.title === 'string' && payload.title ? payload.title : PUSH_DEFAULT_TITLE;
  return self.registration.showNotification(title, {
    body: typeof payload.body === 'string' ? payload.body : '',
    icon: typeof payload.icon === 'string' ? payload.icon : PUSH_DEFAULT_ICON,
    badge: PUSH_DEFAULT_ICON,
    tag: typeof payload.tag === 'string' ? payload.tag : undefined,
    renotify: typeof payload.tag === 'string',
    lang: 'it',
    data: { url: portalUrl(payload.url) },
  });
}

/** Focuses a window of the portal on the url, or opens one (a window it cannot steer stays as it is). */
async function openPortal(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (!open) return self.clients.openWindow(url);
  const focused = await open.focus();
  if (focused.url === url || !('navigate' in focused)) return focused;
  try {
    return await focused.navigate(url);
  } catch {
    return self.clients.openWindow(url);
  }
}

self.addEventListener('push', (event) => {
  const shown = showPushNotification(pushPayload(event.data));
  // A push dispatched by hand (tests) is not trusted: waitUntil refuses it, the notification shows anyway.
  try {
    event.waitUntil(shown);
  } catch {
    /* untrusted event */
  }
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = portalUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(openPortal(url));
});

self.welfarePush = { showPushNotification, pushPayload, portalUrl };
