/*
 * The wardens' phone list works offline (issue 17 part 5): this service worker keeps the console's page and its
 * scripts and styles as they are fetched, and answers from them when the network is gone. API calls always go to
 * the network (the page keeps its own copy of the list in IndexedDB and queues marks there).
 */
const CACHE = 'gatehouse-emergency-v1';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(['/emergency-list', '/emergency-manifest.webmanifest'])).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io')) return;
  if (req.mode === 'navigate') {
    // The page: fresh when online, the kept one when not.
    event.respondWith(
      fetch(req)
        .then((res) => {
          const copy = res.clone();
          void caches.open(CACHE).then((c) => c.put('/emergency-list', copy));
          return res;
        })
        .catch(() => caches.match('/emergency-list').then((r) => r || Response.error())),
    );
    return;
  }
  // Scripts, styles, fonts and images: hashed names, so the kept copy is always right.
  event.respondWith(
    caches.match(req).then(
      (hit) =>
        hit ||
        fetch(req).then((res) => {
          if (res.ok) {
            const copy = res.clone();
            void caches.open(CACHE).then((c) => c.put(req, copy));
          }
          return res;
        }),
    ),
  );
});
