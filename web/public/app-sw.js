/*
 * The reporter app's service worker (docs/reporter-app.md#installable-app), scoped to /app. It
 * keeps the app shell so the app opens without a connection: pages are fetched from the network
 * first and fall back to the cached shell; the hashed build files are kept once fetched. It never
 * touches another origin (Firestore, Auth, Functions, map tiles) nor Hosting's reserved /__/
 * paths, so no data and no sign-in traffic is ever cached.
 */
const CACHE = 'reporter-app-v1';
const SHELL = '/app';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.add(SHELL)));
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('reporter-app-') && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
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

async function buildFile(request) {
  const kept = await caches.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
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
  // Vite names build files by their content hash: a kept one is never stale.
  else if (url.pathname.startsWith('/assets/')) event.respondWith(buildFile(request));
});
