/*
 * The door scanner's service worker (src/scan/, registered by the /scan/ page of each
 * language with that page as its scope). It keeps the scanner opening and working with no
 * network: on install it stores the page, the scripts and styles the page names and its
 * page data; afterwards every same-origin GET of the page goes to the network first and
 * falls back to the stored copy. Calls to the API (another origin) are left alone: the
 * page decides offline itself and uploads its scans later.
 */
const CACHE = "uae-scan-v1";

function pageDataPath(scopePath) {
  const page = scopePath.replace(/^\/|\/$/g, "");
  return `/page-data/${page}/page-data.json`;
}

async function precache() {
  const scope = new URL(self.registration.scope);
  const cache = await caches.open(CACHE);
  const response = await fetch(scope.href, { cache: "no-store" });
  if (!response.ok) return;
  const html = await response.clone().text();
  await cache.put(scope.href, response);
  const assets = new Set([pageDataPath(scope.pathname), "/page-data/app-data.json"]);
  for (const match of html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css|json))"/g)) assets.add(match[1]);
  await Promise.all(
    [...assets].map(async (path) => {
      try {
        const asset = await fetch(path);
        if (asset.ok) await cache.put(path, asset);
      } catch {
        /* stored when the page asks for it */
      }
    }),
  );
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      try {
        const response = await fetch(request);
        if (response.ok)
          await cache.put(request.mode === "navigate" ? self.registration.scope : request, response.clone());
        return response;
      } catch (error) {
        const stored =
          (await cache.match(request, { ignoreSearch: true })) ??
          (request.mode === "navigate" ? await cache.match(self.registration.scope) : undefined);
        if (stored) return stored;
        throw error;
      }
    })(),
  );
});
