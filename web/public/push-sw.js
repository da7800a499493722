/*
 * Web Push in the browser (docs/decisions.md#web-push): shows what the functions pushed and opens
 * its page when tapped. The console registers this file as its service worker (scope /); the
 * reporter app's worker (/app-sw.js, scope /app) imports it. The functions send JSON
 * `{title, body, type, type_id}`; which page it opens depends on where it was turned on.
 */
const isAppPath = (path) => path === '/app' || path.startsWith('/app/');
const IN_APP = isAppPath(new URL(self.registration.scope).pathname);

/** The page of a push: the app's own pages in /app, the console's elsewhere. */
function pageOf(data) {
  const id = encodeURIComponent(typeof data.type_id === 'string' ? data.type_id : '');
  if (IN_APP) return data.type === 'report' && id ? `/app/reports/${id}` : '/app/notifications';
  switch (data.type) {
    case 'emergency':
      return id ? `/emergencies/${id}` : '/emergencies';
    case 'mass-notification':
      return id ? `/mass-notifications/${id}` : '/mass-notifications';
    case 'escalation':
      return '/escalations';
    case 'report':
    case 'assignment':
      return id ? `/reports?id=${id}` : '/reports';
    default:
      return '/';
  }
}

function contentOf(event) {
  try {
    const data = event.data ? event.data.json() : {};
    return data && typeof data === 'object' ? data : {};
  } catch {
    // Not JSON: still show something rather than a silent push (browsers penalise those).
    return { body: event.data ? event.data.text() : '' };
  }
}

self.addEventListener('push', (event) => {
  const data = contentOf(event);
  const title = typeof data.title === 'string' && data.title ? data.title : 'Campus Safety';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/app-icon-192.png',
      tag: typeof data.type_id === 'string' ? `${data.type}-${data.type_id}` : undefined,
      data: { url: pageOf(data) },
    }),
  );
});

/** Focuses an open tab of this app on the page, or opens one. */
async function openPage(url) {
  const target = new URL(url, self.location.origin).href;
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  // A tab of the same part of the site: the app's for the app, the console's for the console.
  const mine = tabs.find((tab) => isAppPath(new URL(tab.url).pathname) === IN_APP);
  if (mine) {
    await mine.focus();
    if ('navigate' in mine) return mine.navigate(target);
    return mine;
  }
  return self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data && event.notification.data.url;
  event.waitUntil(openPage(typeof url === 'string' ? url : IN_APP ? '/app' : '/'));
});
