// SPDX-License-Identifier: MIT
// The page's service worker (docs/web.md, "Installable and offline"): the studio's own files are
// kept in a cache when it is installed, so that a learner who added the page to the home screen can
// open it without a network (the progress is in IndexedDB already). Network first: online, every
// file comes from the server (a new build is never hidden behind an old cache) and the cache is
// refreshed with it; offline, the cached copy answers. Anything else (a script or record of the
// tests, a link's file) goes to the network untouched.
'use strict';
var CACHE = 'dominoes-studio';
var FILES = ['./', 'index.html', 'shell.js', 'manifest.webmanifest', 'icon-192.png', 'icon-512.png', 'icon.svg',
             'dominoes-studio.js', 'dominoes-studio.wasm', 'dominoes-studio.data',
             'dominoes-worker.js', 'dominoes-worker.wasm'];

function ours(request) {
  if (request.method !== 'GET') return null;
  var url = new URL(request.url);
  var base = new URL('./', self.registration.scope);
  if (url.origin !== base.origin || url.pathname.indexOf(base.pathname) !== 0) return null;
  var name = url.pathname.slice(base.pathname.length) || './';
  // The page itself, whatever its query (?no-ini, ?touch...), is index.html.
  if (name === './' || name === 'index.html') return 'index.html';
  return FILES.indexOf(name) >= 0 ? name : null;
}

self.addEventListener('install', function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(FILES); })
                    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener('activate', function (event) {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', function (event) {
  var name = ours(event.request);
  if (!name) return;
  var key = new URL(name, self.registration.scope).href;
  event.respondWith(fetch(event.request).then(function (response) {
    if (response.ok) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { return cache.put(key, copy); });
    }
    return response;
  }).catch(function () {
    return caches.open(CACHE).then(function (cache) { return cache.match(key); }).then(function (hit) {
      return hit || Response.error();
    });
  }));
});
