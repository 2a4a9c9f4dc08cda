// Hicksheet's service worker (league/webapp.py serves it at /sw.js, scope "/").
// It keeps the app shell (styles, scripts, icons) and the entry pages and game pages visited,
// so that a reload while the venue's Wi-Fi is down still shows the page. Pages: network
// first, the kept copy when there is no network. Static files: the kept copy first (their
// names are hashed, so a kept one never goes stale). Posts are never touched: deals saved
// offline wait in the page's own queue (offline-queue.js).
"use strict";
var VERSION = "{{ version }}";
var SHELL = {{ shell|safe }};
var STATIC = "{{ static_url|escapejs }}";
var SHELL_CACHE = "hicksheet-shell-" + VERSION;
var PAGE_CACHE = "hicksheet-pages";
var PAGES = /^\/(m\/[A-Za-z0-9_-]+|games\/[0-9]+)\/$/;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL_CACHE).then(function (cache) {
    // One missing file must not stop the rest from being kept.
    return Promise.all(SHELL.map(function (url) { return cache.add(url).catch(function () { return null; }); }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (key) {
      return key.indexOf("hicksheet-shell-") === 0 && key !== SHELL_CACHE;
    }).map(function (key) { return caches.delete(key); }));
  }).then(function () { return self.clients.claim(); }));
});

function pageKey(url) { return url.origin + url.pathname; }

function keepPage(url, response) {
  if (!response.ok || response.redirected) return;
  var copy = response.clone();
  caches.open(PAGE_CACHE).then(function (cache) { cache.put(pageKey(url), copy); });
}

function offline() {
  return new Response(
    "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>" +
    "<title>Offline</title><p>No network, and this page was not kept on this phone. " +
    "Try again when the Wi-Fi is back.</p>",
    { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

function page(request, url) {
  return fetch(request).then(function (response) {
    keepPage(url, response);
    return response;
  }, function () {
    return caches.open(PAGE_CACHE).then(function (cache) { return cache.match(pageKey(url)); })
      .then(function (kept) { return kept || offline(); });
  });
}

function staticFile(request) {
  return caches.match(request).then(function (kept) {
    return kept || fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(SHELL_CACHE).then(function (cache) { cache.put(request, copy); });
      }
      return response;
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (PAGES.test(url.pathname)) { event.respondWith(page(request, url)); return; }
  if (url.pathname.indexOf(STATIC) === 0) event.respondWith(staticFile(request));
});

// A page asks to be kept when the worker was installed after it loaded (its first visit).
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (!data.keep) return;
  var url = new URL(data.keep, self.location.origin);
  if (url.origin !== self.location.origin || !PAGES.test(url.pathname)) return;
  event.waitUntil(fetch(url.href, { credentials: "same-origin" }).then(function (response) {
    keepPage(url, response);
  }).catch(function () { return null; }));
});
