/*
 * The reporter app's service worker (docs/reporter-app.md#offline), scoped to /app. It keeps the
 * app so that its pages open without a connection, deep links included: on install it stores the
 * app shell and every file of the build (their hashed names, filled in below by the build,
 * web/vite.config.ts `appServiceWorker`); pages are fetched from the network first and fall back
 * to the stored shell, which the router then renders. It never touches another origin (Firestore,
 * Auth, Functions, map tiles) nor Hosting's reserved /__/ paths, so no data and no sign-in
 * traffic is ever stored.
 */
const BUILD_FILES = []; // the build's files, e.g. "/assets/index-1a2b3c4d.js"
// Web Push's `push` and `notificationclick` handlers, shared with the console's worker.
importScripts('/push-sw.js');
const SHELL = '/app';
const APP_FILES = [SHELL, '/app.webmanifest', '/app-icon-192.png', '/app-icon-512.png'];
const CACHE = 'reporter-app-v2';
const KEPT = new Set([...APP_FILES, ...BUILD_FILES]);

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([...KEPT])));
  self.skipWaiting();
});

// A new build's worker drops the older caches and the files its build no longer has.
async function dropStale() {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith('reporter-app-') && name !== CACHE)
      .map((name) => caches.delete(name)),
  );
  const cache = await caches.open(CACHE);
  const stored = await cache.keys();
  await Promise.all(
    stored
      .filter((request) => !KEPT.has(new URL(request.url).pathname))
      .map((request) => cache.delete(request)),
  );
}

self.addEventListener('activate', (event) => {
  event.waitUntil(dropStale().then(() => self.clients.claim()));
});

async function pageFromNetwork(request) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const cache = await caches.open(CACHE);
      await cache.put(SHELL, response.clone());
    }
    return response;
  } catch (error) {
    const shell = await caches.match(SHELL);
    if (shell) return shell;
    throw error;
  }
}

async function storedFile(request) {
  const kept = await caches.match(request, { ignoreSearch: true });
  if (kept) return kept;
  const response = await fetch(request);
  // Vite names build files by their content hash: a kept one is never stale.
  if (response.ok && new URL(request.url).pathname.startsWith('/assets/')) {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/__/')) return;
  if (request.mode === 'navigate') event.respondWith(pageFromNetwork(request));
  else if (KEPT.has(url.pathname) || url.pathname.startsWith('/assets/'))
    event.respondWith(storedFile(request));
});
